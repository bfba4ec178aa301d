import { getDb } from '~/db.server'
import { resetPassword, resetTokenPurpose } from '~/features/account/mutations.server'
import { checkCredentials } from '~/auth/authenticator.server'
import * as buyerRoute from '~/routes/buyer+/$buyerCompanyId.company'
import * as sellerRoute from '~/routes/seller+/$sellerCompanyId.company'
import { cookieFor, userIdOf } from '../../../tests/support/db'
import { handleOwnCompanyAction } from './action.server'
import { inviteColleague } from './mutations.server'
import { ownCompanyOf, type OwnCompany } from './queries.server'
import type { Viewer } from '~/auth/session.server'

const APP_URL = 'http://localhost:3000'
let indigo: OwnCompany
let admin: { userId: number; name: string }

beforeAll(async () => {
  const row = await getDb()
    .selectFrom('users')
    .innerJoin('buyers', 'buyers.id', 'users.buyer_id')
    .select(['users.id', 'users.name', 'buyers.id as buyerId', 'buyers.name as buyerName'])
    .where('users.email', '=', 'buyer@example.com')
    .executeTakeFirstOrThrow()
  indigo = { kind: 'buyer', id: row.buyerId, name: row.buyerName }
  admin = { userId: row.id, name: row.name }
})

const formData = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.set(k, v)
  return data
}

const buyerVersion = async (id: number) =>
  (await getDb().selectFrom('buyers').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at

/** A colleague who is not a company admin. */
async function plainColleague(email: string) {
  const result = await inviteColleague(getDb(), admin, indigo, { name: 'Ravi Plain', email }, { appUrl: APP_URL })
  if (!result.ok) throw new Error(result.message)
  const row = await getDb()
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', result.value.userId!)
    .executeTakeFirstOrThrow()
  return { userId: row.id, name: row.name }
}

describe('own company: contact', () => {
  it('the company admin saves the contact e-mail and phone, with an audit entry', async () => {
    const version = await buyerVersion(indigo.id)
    const form = formData({
      intent: 'contact',
      version,
      contactEmail: 'Orders@Indigo.example',
      contactPhone: '98765 43210',
    })
    expect(await handleOwnCompanyAction(getDb(), admin, indigo, form, APP_URL)).toMatchObject({ status: 'done' })
    const row = await getDb()
      .selectFrom('buyers')
      .select(['contact_email', 'contact_phone', 'updated_at'])
      .where('id', '=', indigo.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ contact_email: 'orders@indigo.example', contact_phone: '9876543210' })
    expect(row.updated_at).not.toBe(version)
    const entry = await getDb()
      .selectFrom('audit_events')
      .select(['actor_user_id', 'entity_type', 'before_json', 'after_json'])
      .where('action', '=', 'company.contact_updated')
      .where('entity_id', '=', String(indigo.id))
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ actor_user_id: admin.userId, entity_type: 'buyer' })
    expect(JSON.parse(entry.after_json!)).toEqual({
      contact_email: 'orders@indigo.example',
      contact_phone: '9876543210',
    })

    // A form opened before that save is told, and changes nothing.
    const stale = formData({ intent: 'contact', version, contactEmail: 'late@indigo.example' })
    const outcome = await handleOwnCompanyAction(getDb(), admin, indigo, stale, APP_URL)
    expect(outcome).toMatchObject({ status: 'invalid', reply: { form: 'company-contact' } })
    if (outcome.status === 'invalid') expect(outcome.reply.result.error?.['']?.[0]).toContain('changed by someone else')
    expect(
      (await getDb().selectFrom('buyers').select('contact_email').where('id', '=', indigo.id).executeTakeFirstOrThrow())
        .contact_email,
    ).toBe('orders@indigo.example')
  })

  it('refuses every change from a user of the company who is not its admin', async () => {
    const plain = await plainColleague('plain.contact@indigo.example')
    const version = await buyerVersion(indigo.id)
    const forms: Record<string, string>[] = [
      { intent: 'contact', version, contactEmail: 'nope@indigo.example' },
      { intent: 'invite', name: 'Someone Else', email: 'someone.else@indigo.example' },
      { intent: 'address-create', kind: 'billing', line1: 'x', city: 'y', state: 'Goa', pin: '403001' },
    ]
    for (const fields of forms) {
      expect(await handleOwnCompanyAction(getDb(), plain, indigo, formData(fields), APP_URL)).toEqual({
        status: 'forbidden',
      })
    }
    expect(await buyerVersion(indigo.id)).toBe(version)
    expect(
      await getDb()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'someone.else@indigo.example')
        .executeTakeFirst(),
    ).toBeUndefined()
  })
})

describe('own company: invitations', () => {
  it('creates an active user of the company with its role, e-mails the invitation and writes the audit entry', async () => {
    const form = formData({
      intent: 'invite',
      idempotencyKey: 'inv-1',
      name: 'Neha Colleague',
      email: 'Neha@Indigo.example',
      phone: '9812345678',
      companyAdmin: 'on',
    })
    expect(await handleOwnCompanyAction(getDb(), admin, indigo, form, APP_URL)).toMatchObject({ status: 'done' })
    const user = await getDb()
      .selectFrom('users')
      .select(['id', 'name', 'status', 'buyer_id', 'seller_id', 'is_company_admin', 'phone'])
      .where('email', '=', 'neha@indigo.example')
      .executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      name: 'Neha Colleague',
      status: 'active',
      buyer_id: indigo.id,
      seller_id: null,
      is_company_admin: 1,
      phone: '9812345678',
    })
    const roles = await getDb().selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute()
    expect(roles.map((r) => r.role)).toEqual(['buyer'])

    const mail = await getDb()
      .selectFrom('outbox_emails')
      .select(['subject', 'body_text', 'kind'])
      .where('to_address', '=', 'neha@indigo.example')
      .executeTakeFirstOrThrow()
    expect(mail.kind).toBe('invitation')
    expect(mail.subject).toContain(indigo.name)
    const link = new URL(mail.body_text.match(/https?:\/\/\S+/)![0])
    expect(link.pathname).toBe('/reset_password')
    const token = link.searchParams.get('token')!
    expect(await resetTokenPurpose(getDb(), token)).toBe('invite')

    const entry = await getDb()
      .selectFrom('audit_events')
      .select(['actor_user_id', 'entity_type', 'entity_id', 'after_json'])
      .where('action', '=', 'user.invited')
      .where('after_json', 'like', '%neha@indigo.example%')
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ actor_user_id: admin.userId, entity_type: 'buyer', entity_id: String(indigo.id) })
    expect(JSON.parse(entry.after_json!)).toMatchObject({ userId: user.id, companyAdmin: true })

    // Nobody can sign in before the invitation is used; then the colleague can.
    await expect(checkCredentials(getDb(), 'neha@indigo.example', 'chosen-password-1')).rejects.toThrow()
    expect(await resetPassword(getDb(), token, 'chosen-password-1')).toMatchObject({ ok: true })
    await expect(checkCredentials(getDb(), 'neha@indigo.example', 'chosen-password-1')).resolves.toMatchObject({
      id: user.id,
    })
  })

  it('answers an e-mail that already has an account as a new one, makes nobody and tells the owner', async () => {
    const outbox = () => getDb().selectFrom('outbox_emails').select(['to_address', 'kind', 'subject', 'body_text'])
    const known = await handleOwnCompanyAction(
      getDb(),
      admin,
      indigo,
      formData({ intent: 'invite', name: 'Copy Cat', email: 'seller@example.com' }),
      APP_URL,
    )
    const fresh = await handleOwnCompanyAction(
      getDb(),
      admin,
      indigo,
      formData({ intent: 'invite', name: 'Copy Cat', email: 'copy.cat@indigo.example' }),
      APP_URL,
    )
    const toast = (outcome: typeof known, email: string) =>
      outcome.status === 'done' ? outcome.toast.message.replace(email, 'ADDRESS') : outcome
    expect(known.status).toBe('done')
    expect(toast(known, 'seller@example.com')).toEqual(toast(fresh, 'copy.cat@indigo.example'))
    // The account is untouched, and no invitation link exists for it.
    const seller = await getDb()
      .selectFrom('users')
      .select(['id', 'name', 'buyer_id', 'seller_id'])
      .where('email', '=', 'seller@example.com')
      .executeTakeFirstOrThrow()
    expect(seller).toMatchObject({ name: 'Suresh Seller', buyer_id: null })
    expect(seller.seller_id).not.toBeNull()
    expect(
      await getDb()
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('user_id', '=', seller.id)
        .where('purpose', '=', 'invite')
        .execute(),
    ).toEqual([])
    // Its owner is told which company wanted them, without any link that sets a password.
    const mails = await outbox()
      .where('to_address', '=', 'seller@example.com')
      .where('kind', 'like', 'invitation%')
      .execute()
    expect(mails.map((m) => m.kind)).toEqual(['invitation_existing'])
    expect(mails[0].subject).toContain(indigo.name)
    expect(mails[0].body_text).not.toContain('token=')
    expect((await outbox().where('to_address', '=', 'copy.cat@indigo.example').execute()).map((m) => m.kind)).toEqual([
      'invitation',
    ])
    // Staff read it on the account's record; the company's history shows only the new colleague.
    const entries = await getDb()
      .selectFrom('audit_events')
      .select(['action', 'entity_type'])
      .where('action', 'like', 'user.invited%')
      .where('after_json', 'like', '%Copy%')
      .execute()
    expect(entries).toEqual([{ action: 'user.invited', entity_type: 'buyer' }])
    const onAccount = await getDb()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(seller.id))
      .execute()
    expect(onAccount).toEqual([{ action: 'user.invited_with_account' }])
  })

  it('makes one user of a double submit', async () => {
    const fields = {
      intent: 'invite',
      idempotencyKey: 'inv-double',
      name: 'Double Click',
      email: 'double@indigo.example',
    }
    const [a, b] = await Promise.all([
      handleOwnCompanyAction(getDb(), admin, indigo, formData(fields), APP_URL),
      handleOwnCompanyAction(getDb(), admin, indigo, formData(fields), APP_URL),
    ])
    const again = await handleOwnCompanyAction(getDb(), admin, indigo, formData(fields), APP_URL)
    expect([a.status, b.status, again.status]).toEqual(['done', 'done', 'done'])
    expect(
      await getDb().selectFrom('users').select('id').where('email', '=', 'double@indigo.example').execute(),
    ).toHaveLength(1)
    expect(
      await getDb()
        .selectFrom('outbox_emails')
        .select('id')
        .where('to_address', '=', 'double@indigo.example')
        .execute(),
    ).toHaveLength(1)
  })
})

describe('own company routes', () => {
  const url = (path: string) => `http://localhost${path}`
  const get = async (role: string, path: string) =>
    new Request(url(path), { headers: { Cookie: await cookieFor(role) } })
  const post = async (role: string, path: string, fields: Record<string, string>) =>
    new Request(url(path), {
      method: 'POST',
      headers: { Cookie: await cookieFor(role), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    })
  const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never

  it('shows a buyer its own company, with its account manager and no seller or cost fields', async () => {
    const page = `/buyer/${indigo.id}/company`
    const data = (await buyerRoute.loader(
      args(await get('buyer', page), { buyerCompanyId: String(indigo.id) }),
    )) as Awaited<ReturnType<typeof buyerRoute.loader>>
    expect(data.page.company).toMatchObject({
      kind: 'buyer',
      name: 'Indigo Threads Retail',
      manager_email: 'demand_kam@example.com',
    })
    expect(data.page.isAdmin).toBe(true)
    expect(JSON.stringify(data)).not.toMatch(/seller|cost|agent/i)
  })

  it('shows a seller its own company and its agent, nothing of buyers or prices', async () => {
    const seller = await getDb()
      .selectFrom('users')
      .select('seller_id')
      .where('email', '=', 'seller@example.com')
      .executeTakeFirstOrThrow()
    const page = `/seller/${seller.seller_id}/company`
    const data = (await sellerRoute.loader(
      args(await get('seller', page), { sellerCompanyId: String(seller.seller_id) }),
    )) as Awaited<ReturnType<typeof sellerRoute.loader>>
    expect(data.page.company).toMatchObject({
      kind: 'seller',
      name: 'Tiruppur Knit Works',
      manager_email: 'supplier_agent@example.com',
    })
    expect(JSON.stringify(data)).not.toMatch(/buyer|credit|price|payment/i)
  })

  it('answers 404 for another company’s id or a non-number, for pages and forms', async () => {
    const other = await getDb()
      .selectFrom('buyers')
      .select('id')
      .where('name', '=', 'Saffron Apparel Co')
      .executeTakeFirstOrThrow()
    for (const id of [String(other.id), 'abc', '0', '1e3', String(indigo.id + 10_000)]) {
      const path = `/buyer/${id}/company`
      await expect(buyerRoute.loader(args(await get('buyer', path), { buyerCompanyId: id }))).rejects.toMatchObject({
        status: 404,
      })
      const form = { intent: 'contact', version: 'x', contactEmail: 'hijack@example.com' }
      await expect(
        buyerRoute.action(args(await post('buyer', path, form), { buyerCompanyId: id })),
      ).rejects.toMatchObject({ status: 404 })
    }
    // Ids of buyers and sellers overlap: the kind of company is checked, not the number alone.
    const viewer = { company: { kind: 'buyer', id: indigo.id, name: indigo.name, status: 'active' } } as Viewer
    expect(ownCompanyOf(viewer, 'seller', String(indigo.id))).toBeNull()
    expect(ownCompanyOf(viewer, 'buyer', String(indigo.id))).toEqual(indigo)
    const saffron = await getDb()
      .selectFrom('buyers')
      .select('contact_email')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow()
    expect(saffron.contact_email).not.toBe('hijack@example.com')
  })

  it('answers 403 to an admin-only form sent by a user who is not the company admin', async () => {
    const plain = await plainColleague('plain.route@indigo.example')
    const path = `/buyer/${indigo.id}/company`
    const request = await post(`plain.route@indigo.example`, path, {
      intent: 'invite',
      name: 'Not Allowed',
      email: 'not.allowed@indigo.example',
    })
    await expect(buyerRoute.action(args(request, { buyerCompanyId: String(indigo.id) }))).rejects.toMatchObject({
      status: 403,
    })
    expect(plain.userId).toBe(await userIdOf('plain.route@indigo.example'))
    const data = (await buyerRoute.loader(
      args(await get('plain.route@indigo.example', path), { buyerCompanyId: String(indigo.id) }),
    )) as Awaited<ReturnType<typeof buyerRoute.loader>>
    expect(data.page.isAdmin).toBe(false)
  })
})
