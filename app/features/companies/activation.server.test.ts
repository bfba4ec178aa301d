import { getDb } from '~/db.server'
import { withGstinCheck } from '~/utils/gstin'
import { auditEntriesOf } from '~/features/audit/history.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { activationGaps } from './activation.server'
import { changeCompanyStatus, updateCompany } from './mutations.server'
import { buyerFormSchema } from './schema'
import { parseWithZod } from '@conform-to/zod/v4'

const APP_URL = 'http://localhost:3000'
let actor: { userId: number; name: string }
let kamId: number

beforeAll(async () => {
  actor = { userId: await userIdOf('internal@example.com'), name: 'Isha Internal' }
  const kam = await getDb()
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select('users.id')
    .where('user_roles.role', '=', 'demand_kam')
    .where('users.status', '=', 'active')
    .orderBy('users.id')
    .executeTakeFirstOrThrow()
  kamId = kam.id
})

const status = async (id: number) =>
  (await getDb().selectFrom('buyers').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe('activating a company', () => {
  it('refuses a bare buyer, naming each missing piece at its field, and changes nothing', async () => {
    const id = await makeBuyer({ name: 'Heron Bare Goods', status: 'pending' })
    const result = await changeCompanyStatus(getDb(), actor, 'buyer', id, 'activate', { appUrl: APP_URL })
    expect(result).toMatchObject({
      ok: false,
      fields: {
        legalName: 'Enter the legal name (as registered)',
        gstin: 'Enter a valid GSTIN, or mark the company not registered for GST with a reason',
        address: 'Add a billing address',
        assigneeId: 'Assign a KAM',
      },
    })
    expect(!result.ok && result.message).toMatch(/^Heron Bare Goods cannot be activated yet: Enter the legal name/)
    expect(await status(id)).toBe('pending')
    expect(await auditEntriesOf(getDb(), 'buyer', id)).toEqual([])
  })

  it('refuses an invalid GSTIN and a shipping address only; a seller needs an agent', async () => {
    const buyer = await makeBuyer(
      {
        name: 'Heron Typo',
        legal_name: 'Heron Typo Pvt Ltd',
        gstin: '27AAAAA0000A1Z0',
        status: 'pending',
        kam_user_id: kamId,
      },
      [{ kind: 'shipping', city: 'Pune' }],
    )
    expect(await activationGaps(getDb(), 'buyer', buyer)).toEqual({
      gstin: 'The GSTIN is not valid: correct it, or mark the company not registered for GST with a reason',
      address: 'Add a billing address',
    })
    const seller = await makeSeller({ name: 'Heron Seller', legal_name: 'Heron Seller LLP', status: 'pending' })
    expect(await activationGaps(getDb(), 'seller', seller)).toMatchObject({
      assigneeId: 'Assign a supplier-team agent',
    })
  })

  it('activates once everything is there: a valid GSTIN, or "not registered" with a reason', async () => {
    const registered = await makeBuyer(
      {
        name: 'Heron Whole',
        legal_name: 'Heron Whole Pvt Ltd',
        gstin: withGstinCheck('27AAHCH1234P1Z'),
        status: 'pending',
        kam_user_id: kamId,
      },
      [{ city: 'Pune' }],
    )
    expect(
      await changeCompanyStatus(getDb(), actor, 'buyer', registered, 'activate', { appUrl: APP_URL }),
    ).toMatchObject({ ok: true })
    expect(await status(registered)).toBe('active')

    const small = await makeBuyer(
      { name: 'Heron Small', legal_name: 'Heron Small', status: 'pending', kam_user_id: kamId },
      [{ city: 'Nashik' }],
    )
    expect(await activationGaps(getDb(), 'buyer', small)).toEqual({
      gstin: 'Enter a valid GSTIN, or mark the company not registered for GST with a reason',
    })
    // Marked "not registered" on the company form, with a reason.
    const version = (
      await getDb().selectFrom('buyers').select('updated_at').where('id', '=', small).executeTakeFirstOrThrow()
    ).updated_at
    const form = new FormData()
    for (const [k, v] of Object.entries({
      name: 'Heron Small',
      legalName: 'Heron Small',
      gstUnregistered: 'on',
      gstUnregisteredReason: 'Turnover below the GST threshold',
      creditLimit: '0',
      paymentTermsDays: '30',
      assigneeId: String(kamId),
      version,
    }))
      form.append(k, v)
    const submission = parseWithZod(form, { schema: buyerFormSchema })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(await updateCompany(getDb(), actor, 'buyer', small, submission.value)).toMatchObject({ ok: true })
    expect(await activationGaps(getDb(), 'buyer', small)).toEqual({})
    expect(await changeCompanyStatus(getDb(), actor, 'buyer', small, 'activate', { appUrl: APP_URL })).toMatchObject({
      ok: true,
    })
    expect(
      await getDb()
        .selectFrom('buyers')
        .select(['status', 'gst_unregistered', 'gst_unregistered_reason'])
        .where('id', '=', small)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'active', gst_unregistered: 1, gst_unregistered_reason: 'Turnover below the GST threshold' })
  })

  it('the form wants a reason with "not registered", and not both a GSTIN and "not registered"', () => {
    const parse = (fields: Record<string, string>) => {
      const form = new FormData()
      for (const [k, v] of Object.entries({
        name: 'X Co',
        creditLimit: '0',
        paymentTermsDays: '0',
        version: 'v',
        ...fields,
      }))
        form.append(k, v)
      return parseWithZod(form, { schema: buyerFormSchema }).reply().error
    }
    expect(parse({ gstUnregistered: 'on' })).toMatchObject({
      gstUnregisteredReason: ['Say why the company is not registered for GST (at least 3 characters)'],
    })
    expect(
      parse({ gstUnregistered: 'on', gstUnregisteredReason: 'small', gstin: withGstinCheck('27AAHCH1234P1Z') }),
    ).toMatchObject({ gstUnregistered: [expect.stringContaining('clear the GSTIN')] })
  })

  it('every active demo buyer and seller meets the rule', async () => {
    for (const kind of ['buyer', 'seller'] as const) {
      const rows = await getDb()
        .selectFrom(kind === 'buyer' ? 'buyers' : 'sellers')
        .select(['id', 'name'])
        .where('status', '=', 'active')
        .execute()
      const gaps = await Promise.all(rows.map(async (r) => [r.name, await activationGaps(getDb(), kind, r.id)]))
      expect(gaps.filter(([, g]) => Object.keys(g).length)).toEqual([])
    }
  })
})
