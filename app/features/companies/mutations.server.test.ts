import { parseWithZod } from '@conform-to/zod/v4'
import { getDb } from '~/db.server'
import { withGstinCheck } from '~/utils/gstin'
import { makeBuyer, makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { userIdOf, viewerFor } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'
import { handleAddSellerForm } from './forms.server'
import { changeCompanyStatus, createSeller, updateCompany } from './mutations.server'
import { addSellerSchema, buyerFormSchema } from './schema'

const APP_URL = 'http://localhost:3000'
let actor: { userId: number; name: string }

beforeAll(async () => {
  actor = { userId: await userIdOf('internal@example.com'), name: 'Isha Internal' }
})

async function buyer(id: number) {
  return getDb()
    .selectFrom('buyers')
    .select([
      'name',
      'gstin',
      'contact_phone',
      'credit_limit_minor',
      'payment_terms_days',
      'kam_user_id',
      'status',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

const outboxTo = (kind: string) =>
  getDb()
    .selectFrom('outbox_emails')
    .select(['to_address', 'subject', 'body_text'])
    .where('kind', '=', kind)
    .orderBy('to_address')
    .execute()

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

const details = {
  name: 'Kestrel Fabrics',
  legalName: '',
  gstin: '',
  contactEmail: '',
  contactPhone: '',
  creditLimit: '100000',
  paymentTermsDays: '30',
  assigneeId: '',
}

describe('the company form schema', () => {
  it('turns rupees into paise and empty fields into nothing', () => {
    const result = parseWithZod(
      form({
        ...details,
        creditLimit: '5,00,000.50',
        gstin: withGstinCheck('27AAECK1234F1Z').toLowerCase(),
        version: 'v',
      }),
      {
        schema: buyerFormSchema,
      },
    )
    expect(result.status).toBe('success')
    expect(result.status === 'success' && result.value).toMatchObject({
      creditLimit: 50_000_050,
      paymentTermsDays: 30,
      gstin: withGstinCheck('27AAECK1234F1Z'),
    })
  })

  it('answers each bad field with its own message', () => {
    const good = withGstinCheck('27AAECK1234F1Z')
    const badCheck = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A')
    const result = parseWithZod(
      form({
        ...details,
        gstin: badCheck,
        contactEmail: 'not-an-email',
        contactPhone: '12345',
        creditLimit: '12,34.5.6',
        paymentTermsDays: '400',
        version: 'v',
      }),
      { schema: buyerFormSchema },
    )
    expect(result.status).toBe('error')
    const errors = result.reply().error!
    expect(errors.gstin?.[0]).toMatch(/check character/)
    expect(errors.contactEmail?.[0]).toMatch(/valid e-mail/)
    expect(errors.contactPhone?.[0]).toMatch(/10-digit Indian mobile/)
    expect(errors.creditLimit?.[0]).toMatch(/in rupees/)
    expect(errors.paymentTermsDays?.[0]).toMatch(/0 to 365/)
    expect(errors.name).toBeUndefined()
  })

  it('wants a whole first address or none, with a valid PIN, and both user fields or none', () => {
    const partial = parseWithZod(
      form({ name: 'Heron Mills', addressCity: 'Surat', addressPin: '012345', userEmail: 'x@heron.example' }),
      {
        schema: addSellerSchema,
      },
    )
    const errors = partial.reply().error!
    expect(errors.addressLine1?.[0]).toMatch(/first address line/)
    expect(errors.addressState?.[0]).toMatch(/state/)
    expect(errors.addressPin?.[0]).toMatch(/6-digit PIN/)
    expect(errors.userName?.[0]).toMatch(/user’s name/)
    const none = parseWithZod(form({ name: 'Heron Mills' }), { schema: addSellerSchema })
    expect(none.status).toBe('success')
  })
})

describe('updating a company', () => {
  it('saves the fields and audits only what changed, people by name and money in rupees', async () => {
    const id = await makeBuyer({ name: 'Kestrel Fabrics', contact_phone: '9876543210', credit_limit_minor: 10_000_000 })
    const kam = await userIdOf('demand_kam@example.com')
    const { updated_at } = await buyer(id)
    const result = await updateCompany(getDb(), actor, 'buyer', id, {
      name: 'Kestrel Fabrics',
      contactPhone: '9876500000',
      creditLimit: 20_000_000,
      paymentTermsDays: 30,
      assigneeId: kam,
      version: updated_at,
    })
    expect(result).toEqual({ ok: true, value: { changed: ['contact_phone', 'kam_user_id', 'credit_limit_minor'] } })
    expect(await buyer(id)).toMatchObject({
      contact_phone: '9876500000',
      kam_user_id: kam,
      credit_limit_minor: 20_000_000,
    })
    const [entry] = await auditEntriesOf(getDb(), 'buyer', id)
    expect(entry.action).toBe('buyer.updated')
    expect(JSON.parse(entry.before_json!)).toEqual({
      contact_phone: '9876543210',
      kam: null,
      credit_limit: '₹1,00,000.00',
    })
    expect(JSON.parse(entry.after_json!)).toEqual({
      contact_phone: '9876500000',
      kam: 'Rahul Kam',
      credit_limit: '₹2,00,000.00',
    })
  })

  it('refuses a save based on an old version and keeps the other person’s change', async () => {
    const id = await makeBuyer({ name: 'Osprey Textiles' })
    const { updated_at: opened } = await buyer(id)
    const first = await updateCompany(getDb(), actor, 'buyer', id, {
      name: 'Osprey Textiles Ltd',
      creditLimit: 0,
      paymentTermsDays: 30,
      version: opened,
    })
    expect(first.ok).toBe(true)
    const second = await updateCompany(getDb(), actor, 'buyer', id, {
      name: 'Osprey Old Name',
      creditLimit: 0,
      paymentTermsDays: 45,
      version: opened,
    })
    expect(second).toMatchObject({ ok: false, message: expect.stringMatching(/Someone else changed this company/) })
    expect(await buyer(id)).toMatchObject({ name: 'Osprey Textiles Ltd', payment_terms_days: 30 })
    expect((await auditEntriesOf(getDb(), 'buyer', id)).map((e) => e.action)).toEqual(['buyer.updated'])
  })

  it('refuses a GSTIN another buyer has, and an assignee without the role', async () => {
    const gstin = withGstinCheck('29AAKFQ5678K1Z')
    await makeBuyer({ name: 'Quail Apparel', gstin })
    const id = await makeBuyer({ name: 'Wren Apparel' })
    const { updated_at } = await buyer(id)
    const taken = await updateCompany(getDb(), actor, 'buyer', id, {
      name: 'Wren Apparel',
      gstin,
      creditLimit: 0,
      paymentTermsDays: 30,
      version: updated_at,
    })
    expect(taken).toEqual({ ok: false, field: 'gstin', message: 'Quail Apparel already has this GSTIN' })
    const notKam = await updateCompany(getDb(), actor, 'buyer', id, {
      name: 'Wren Apparel',
      assigneeId: await userIdOf('biz_fin@example.com'),
      creditLimit: 0,
      paymentTermsDays: 30,
      version: updated_at,
    })
    expect(notKam).toMatchObject({ ok: false, field: 'assigneeId' })
    // A KAM who has since lost the role may stay on the buyers it has, but gets no new ones.
    const former = await getDb()
      .insertInto('users')
      .values({ email: 'former.kam@example.com', name: 'Former Kam', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const kept = await makeBuyer({ name: 'Tern Traders', kam_user_id: former.id })
    const tern = await buyer(kept)
    const keep = await updateCompany(getDb(), actor, 'buyer', kept, {
      name: 'Tern Traders Ltd',
      assigneeId: former.id,
      creditLimit: 0,
      paymentTermsDays: 30,
      version: tern.updated_at,
    })
    expect(keep).toEqual({ ok: true, value: { changed: ['name'] } })
    const give = await updateCompany(getDb(), actor, 'buyer', id, {
      name: 'Wren Apparel',
      assigneeId: former.id,
      creditLimit: 0,
      paymentTermsDays: 30,
      version: updated_at,
    })
    expect(give).toMatchObject({ ok: false, field: 'assigneeId' })
    // A seller may have the GSTIN a buyer has: they are different registers.
    const sellerId = await makeSeller({ name: 'Quail Weaving' })
    const seller = await getDb()
      .selectFrom('sellers')
      .select('updated_at')
      .where('id', '=', sellerId)
      .executeTakeFirstOrThrow()
    expect(
      (
        await updateCompany(getDb(), actor, 'seller', sellerId, {
          name: 'Quail Weaving',
          gstin,
          version: seller.updated_at,
        })
      ).ok,
    ).toBe(true)
  })
})

/** What a buyer needs to be activated (its billing address aside): a legal name, a valid GSTIN, a KAM. */
let ready = 0
async function readyToActivate() {
  const kam = await getDb()
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'demand_kam')
    .orderBy('user_id')
    .executeTakeFirstOrThrow()
  ready += 1
  const gstin = withGstinCheck(`27AACR${'ABCDEFGHIJ'[ready % 10]}1234P1Z`)
  return { legal_name: 'Test Legal Name Pvt Ltd', gstin, kam_user_id: kam.user_id }
}

describe('status changes', () => {
  it('activates a pending buyer, e-mails every active user and the contact address, and audits it', async () => {
    const id = await makeBuyer(
      { name: 'Lark Linens', status: 'pending', contact_email: 'accounts@lark.example', ...(await readyToActivate()) },
      [{ city: 'Pune' }],
    )
    await makeCompanyUser('buyer', id, 'owner@lark.example')
    await makeCompanyUser('buyer', id, 'gone@lark.example', 'disabled')
    const result = await changeCompanyStatus(getDb(), actor, 'buyer', id, 'activate', { appUrl: APP_URL })
    expect(result).toEqual({ ok: true, value: { name: 'Lark Linens', emailed: 2 } })
    expect((await buyer(id)).status).toBe('active')
    const mails = await outboxTo('company.activated')
    expect(mails.map((m) => m.to_address)).toEqual(['accounts@lark.example', 'owner@lark.example'])
    expect(mails[0].subject).toBe('Lark Linens is now active on the sourcing platform')
    expect(mails[0].body_text).toContain(`${APP_URL}/login`)
    const [entry] = await auditEntriesOf(getDb(), 'buyer', id)
    expect(entry).toMatchObject({
      action: 'buyer.activated',
      actor_name: 'Isha Internal',
      before_json: '{"status":"pending"}',
      after_json: '{"status":"active"}',
    })
  })

  it('suspends with the reason in the audit note, then reactivates; each e-mails the users once', async () => {
    // Reactivating needs what activating needs: this one has all of it.
    const id = await makeSeller({
      name: 'Finch Knits',
      status: 'active',
      contact_email: 'owner@finch.example',
      legal_name: 'Finch Knits LLP',
      gst_unregistered: 1,
      gst_unregistered_reason: 'Turnover below the threshold',
      agent_user_id: await userIdOf('supplier_agent@example.com'),
    })
    await getDb()
      .insertInto('addresses')
      .values({
        seller_id: id,
        kind: 'billing',
        line1: '2 Mill Road',
        city: 'Erode',
        state: 'Tamil Nadu',
        pin: '638001',
      })
      .execute()
    await makeCompanyUser('seller', id, 'owner@finch.example')
    const suspended = await changeCompanyStatus(getDb(), actor, 'seller', id, 'suspend', {
      reason: 'Unpaid penalties',
      appUrl: APP_URL,
    })
    expect(suspended).toEqual({ ok: true, value: { name: 'Finch Knits', emailed: 1 } })
    const [entry] = await auditEntriesOf(getDb(), 'seller', id)
    expect(entry).toMatchObject({ action: 'seller.suspended', note: 'Unpaid penalties' })
    expect((await outboxTo('company.suspended')).filter((m) => m.to_address === 'owner@finch.example')).toHaveLength(1)
    // Staff's reason is not sent to the company.
    expect((await outboxTo('company.suspended'))[0].body_text).not.toContain('Unpaid penalties')

    expect(await changeCompanyStatus(getDb(), actor, 'seller', id, 'reactivate', { appUrl: APP_URL })).toMatchObject({
      ok: true,
    })
    const status = await getDb().selectFrom('sellers').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(status.status).toBe('active')
    expect((await auditEntriesOf(getDb(), 'seller', id)).map((e) => e.action)).toEqual([
      'seller.reactivated',
      'seller.suspended',
    ])
    expect(await outboxTo('company.reactivated')).toEqual([
      expect.objectContaining({ to_address: 'owner@finch.example' }),
    ])
  })

  it('refuses to reactivate a suspended buyer without a billing address, naming the gap at its field', async () => {
    const id = await makeBuyer({ name: 'Wren Wear', status: 'suspended', ...(await readyToActivate()) })
    const result = await changeCompanyStatus(getDb(), actor, 'buyer', id, 'reactivate', { appUrl: APP_URL })
    expect(result).toEqual({
      ok: false,
      fields: { address: 'Add a billing address' },
      message: 'Wren Wear cannot be activated yet: Add a billing address.',
    })
    expect((await buyer(id)).status).toBe('suspended')
    expect(await auditEntriesOf(getDb(), 'buyer', id)).toEqual([])
    expect((await outboxTo('company.reactivated')).filter((m) => m.subject.startsWith('Wren Wear'))).toEqual([])
  })

  it('changes nothing when the company is not in the status the change starts from', async () => {
    const id = await makeBuyer({ name: 'Robin Retail', status: 'suspended' })
    const result = await changeCompanyStatus(getDb(), actor, 'buyer', id, 'activate', { appUrl: APP_URL })
    expect(result).toEqual({
      ok: false,
      message: 'Robin Retail is already suspended: “Activate” is no longer possible, and nothing was changed.',
    })
    expect((await buyer(id)).status).toBe('suspended')
    expect(await auditEntriesOf(getDb(), 'buyer', id)).toEqual([])
  })

  it('lets exactly one of two simultaneous activations through and tells the other', async () => {
    const id = await makeBuyer(
      { name: 'Sparrow Stores', status: 'pending', contact_email: 'hq@sparrow.example', ...(await readyToActivate()) },
      [{ city: 'Pune' }],
    )
    const results = await Promise.all([
      changeCompanyStatus(getDb(), actor, 'buyer', id, 'activate', { appUrl: APP_URL }),
      changeCompanyStatus(getDb(), actor, 'buyer', id, 'activate', { appUrl: APP_URL }),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Sparrow Stores is already active \(by .+\): “Activate” is no longer possible/),
    })
    expect((await auditEntriesOf(getDb(), 'buyer', id)).map((e) => e.action)).toEqual(['buyer.activated'])
    expect((await outboxTo('company.activated')).filter((m) => m.to_address === 'hq@sparrow.example')).toHaveLength(1)
  })
})

describe('adding a seller', () => {
  const input = {
    name: 'Kingfisher Looms',
    legalName: 'Kingfisher Looms Pvt Ltd',
    gstin: withGstinCheck('33AADCK1111P1Z'),
    addressLine1: '4 Weavers Lane',
    addressCity: 'Salem',
    addressState: 'Tamil Nadu',
    addressPin: '636001',
    userName: 'Kavin Kingfisher',
    userEmail: 'kavin@kingfisher.example',
  }

  it('creates an active seller, its billing address and its first user with an invitation, and audits it', async () => {
    const agent = await userIdOf('supplier_agent@example.com')
    const result = await createSeller(getDb(), actor, { ...input, assigneeId: agent, idempotencyKey: 'key-1' }, APP_URL)
    expect(result).toMatchObject({ ok: true, value: { repeated: false, status: 'active', gaps: [] } })
    const sellerId = result.ok ? result.value.sellerId : 0
    const db = getDb()
    const seller = await db
      .selectFrom('sellers')
      .select(['name', 'status', 'agent_user_id', 'gstin'])
      .where('id', '=', sellerId)
      .executeTakeFirstOrThrow()
    expect(seller).toEqual({ name: 'Kingfisher Looms', status: 'active', agent_user_id: agent, gstin: input.gstin })
    const address = await db
      .selectFrom('addresses')
      .select(['kind', 'city', 'pin', 'is_default'])
      .where('seller_id', '=', sellerId)
      .execute()
    expect(address).toEqual([{ kind: 'billing', city: 'Salem', pin: '636001', is_default: 1 }])
    const user = await db
      .selectFrom('users')
      .select(['id', 'name', 'status', 'is_company_admin', 'seller_id'])
      .where('email', '=', input.userEmail)
      .executeTakeFirstOrThrow()
    expect(user).toMatchObject({ name: 'Kavin Kingfisher', status: 'active', is_company_admin: 1, seller_id: sellerId })
    const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute()
    expect(roles).toEqual([{ role: 'seller' }])
    const token = await db
      .selectFrom('password_reset_tokens')
      .select('purpose')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(token.purpose).toBe('invite')
    const invitation = await db
      .selectFrom('outbox_emails')
      .select(['kind', 'body_text'])
      .where('to_address', '=', input.userEmail)
      .executeTakeFirstOrThrow()
    expect(invitation.kind).toBe('invitation')
    expect(invitation.body_text).toMatch(/Isha Internal has made you an account .* for Kingfisher Looms/s)
    const [entry] = await auditEntriesOf(db, 'seller', sellerId)
    expect(entry.action).toBe('seller.created')
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      name: 'Kingfisher Looms',
      status: 'active',
      agent: 'Arjun Agent',
      first_user: input.userEmail,
    })
  })

  it('creates a seller without what activation needs as pending, and says what is missing', async () => {
    const result = await createSeller(
      getDb(),
      actor,
      { name: 'Plover Prints', gstin: withGstinCheck('33AADCP2222P1Z'), idempotencyKey: 'k-plover' },
      APP_URL,
    )
    expect(result).toEqual({
      ok: true,
      value: {
        sellerId: expect.any(Number),
        repeated: false,
        status: 'pending',
        gaps: ['Enter the legal name (as registered)', 'Add a billing address', 'Assign a supplier-team agent'],
      },
    })
    const sellerId = result.ok ? result.value.sellerId : 0
    const seller = await getDb()
      .selectFrom('sellers')
      .select('status')
      .where('id', '=', sellerId)
      .executeTakeFirstOrThrow()
    expect(seller.status).toBe('pending')
    const [entry] = await auditEntriesOf(getDb(), 'seller', sellerId)
    expect(JSON.parse(entry.after_json!)).toMatchObject({ name: 'Plover Prints', status: 'pending' })
    // The staff user is told the same through the form.
    const outcome = await handleAddSellerForm(
      getDb(),
      await viewerFor('internal@example.com'),
      form({ name: 'Plover Prints Two', idempotencyKey: 'k-plover-2' }),
      APP_URL,
    )
    expect(outcome).toMatchObject({
      status: 'done',
      toast: {
        kind: 'info',
        message:
          'Seller Plover Prints Two is added and waiting for approval. To activate it: Enter the legal name (as registered); Enter a valid GSTIN, or mark the company not registered for GST with a reason; Add a billing address; Assign a supplier-team agent.',
      },
    })
  })

  it('creates one seller for a double submit of the same form', async () => {
    const again = {
      name: 'Heron Dye Works',
      idempotencyKey: 'double-1',
      userName: 'Hema Heron',
      userEmail: 'hema@heron.example',
    }
    const [a, b] = await Promise.all([
      createSeller(getDb(), actor, again, APP_URL),
      createSeller(getDb(), actor, again, APP_URL),
    ])
    expect(a.ok && b.ok && a.value.sellerId === b.value.sellerId).toBe(true)
    expect([a, b].filter((r) => r.ok && r.value.repeated)).toHaveLength(1)
    const sellers = await getDb().selectFrom('sellers').select('id').where('name', '=', 'Heron Dye Works').execute()
    expect(sellers).toHaveLength(1)
    const invitations = await getDb()
      .selectFrom('outbox_emails')
      .select('id')
      .where('to_address', '=', 'hema@heron.example')
      .execute()
    expect(invitations).toHaveLength(1)
  })

  it('refuses an e-mail that is already a user’s, and a GSTIN another seller has, creating nothing', async () => {
    const used = await createSeller(
      getDb(),
      actor,
      { name: 'Egret Exports', userName: 'Someone', userEmail: 'seller@example.com', idempotencyKey: 'k-egret' },
      APP_URL,
    )
    expect(used).toEqual({ ok: false, field: 'userEmail', message: 'A user with this e-mail already exists' })
    const tiruppur = await getDb()
      .selectFrom('sellers')
      .select('gstin')
      .where('name', '=', 'Tiruppur Knit Works')
      .executeTakeFirstOrThrow()
    const taken = await createSeller(
      getDb(),
      actor,
      { name: 'Egret Exports', gstin: tiruppur.gstin!, idempotencyKey: 'k-egret' },
      APP_URL,
    )
    expect(taken).toMatchObject({ ok: false, field: 'gstin' })
    expect(await getDb().selectFrom('sellers').select('id').where('name', '=', 'Egret Exports').execute()).toEqual([])
    // The same key works once the form is fixed.
    expect(
      await createSeller(getDb(), actor, { name: 'Egret Exports', idempotencyKey: 'k-egret' }, APP_URL),
    ).toMatchObject({
      ok: true,
      value: { repeated: false },
    })
  })
})
