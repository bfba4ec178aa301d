import { getDb } from '~/db.server'
import { api, tokenFor } from '../../../tests/support/api'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { csvFile } from '../../../tests/support/import-files'
import { applyDueImports, requestApply } from '../imports/apply.server'
import { previewImport } from '../imports/preview.server'
import { importJobPage } from '../imports/queries.server'
import { confirmAgainstNewBase, decidePriceRequest } from '../price-requests/mutations.server'
import { saveBuyerSku } from './mutations.server'
import { versionInForce } from './versions.server'

// Issue 51: every price change (the edit form's command, the API, an import) goes through one rule:
// what needs an admin's decision becomes a price-change request; the buyer is told of each price that
// changes for it, in its own terms; a request is approved only over the base it was made against.

const APP_URL = 'http://localhost:3000'
const db = () => getDb()
let internal: { userId: number; name: string }
let admin: { userId: number; name: string }
let buyerId: number
let buyerEmail: string
let productSkuId: number
const SELLER = 'Channel Rule Looms'

beforeAll(async () => {
  internal = { userId: await userIdOf('internal@example.com'), name: 'Isha Internal' }
  admin = { userId: await userIdOf('admin@example.com'), name: 'Anita Admin' }
  buyerId = await makeBuyer({ name: 'Channel Rule Apparel', status: 'active' })
  buyerEmail = 'channel.buyer@example.com'
  await makeCompanyUser('buyer', buyerId, buyerEmail)
  productSkuId = await makeProductSku({ categoryId: 1, code: 'CHAN-FAB-1' })
  // A live offer: the buyer must never read its seller or its cost.
  const seller = await makeSeller({ name: SELLER, status: 'active' })
  const offer = await makeSellerSku({ sellerId: seller, productSkuId, status: 'live' })
  await db().updateTable('seller_skus').set({ cost_minor: 41_300 }).where('id', '=', offer).execute()
})

let codes = 0
const sku = (priceMinor = 79_000) =>
  makeBuyerSku({ buyerId, productSkuId, buyerCode: `CR-${++codes}`, priceMinor, moqMilli: 100_000 })
const priceNow = async (id: number) => (await versionInForce(db(), id))!.price_minor
const currentVersion = async (id: number) =>
  (await db().selectFrom('buyer_skus').select('current_version').where('id', '=', id).executeTakeFirstOrThrow())
    .current_version
const save = async (actor: { userId: number }, id: number, price: number) => {
  const v = (await versionInForce(db(), id))!
  return saveBuyerSku(db(), actor, id, {
    buyerCode: v.buyer_code,
    price,
    moq: v.moq_milli,
    expectedCurrent: await currentVersion(id),
    note: '',
  })
}
const pendingOf = (id: number) =>
  db()
    .selectFrom('price_change_requests')
    .select(['id', 'requested_by', 'current_price_minor', 'proposed_price_minor', 'import_job_id'])
    .where('buyer_sku_id', '=', id)
    .where('status', '=', 'pending')
    .execute()
const mailsToBuyer = () =>
  db()
    .selectFrom('outbox_emails')
    .select(['subject', 'body_text', 'kind'])
    .where('to_address', '=', buyerEmail)
    .orderBy('id')
    .execute()
const inboxOfBuyer = async () =>
  db()
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['notifications.subject'])
    .where('users.email', '=', buyerEmail)
    .execute()
const codeOf = async (id: number) =>
  (await db().selectFrom('buyer_skus').select('buyer_code').where('id', '=', id).executeTakeFirstOrThrow()).buyer_code

beforeEach(async () => {
  await db().deleteFrom('outbox_emails').where('to_address', '=', buyerEmail).execute()
})

describe('a price change that needs an admin’s decision', () => {
  it('from the edit form’s command: an internal user’s raise becomes a request, the price stays, the buyer is told nothing', async () => {
    const id = await sku()
    const saved = await save(internal, id, 82_200)
    expect(saved).toMatchObject({ ok: true, value: { number: null, requestId: expect.any(Number) } })
    expect(await priceNow(id)).toBe(79_000)
    expect(await pendingOf(id)).toEqual([
      expect.objectContaining({
        requested_by: internal.userId,
        current_price_minor: 79_000,
        proposed_price_minor: 82_200,
      }),
    ])
    expect(await mailsToBuyer()).toEqual([])
  })

  it('from the API: the same rule (PATCH answers the request, the price stays)', async () => {
    const id = await sku()
    const token = await tokenFor('internal@example.com')
    const { status, json } = await api<{ new_version: number | null; price_change_request_id: number | null }>(
      'PATCH',
      `/buyer-skus/${id}`,
      { token, body: { price_paise: 82_200 } },
    )
    expect(status).toBe(200)
    expect(json.new_version).toBeNull()
    expect(json.price_change_request_id).toEqual((await pendingOf(id))[0]!.id)
    expect(await priceNow(id)).toBe(79_000)
    expect(await mailsToBuyer()).toEqual([])
  })

  it('from an import: applies what needs no decision, makes a request of the rest and lists it (page and API)', async () => {
    const raised = await sku()
    const other = await sku()
    const rows = [
      ['buyer', 'product_sku', 'buyer_code', 'price', 'moq', 'note'],
      ['Channel Rule Apparel', 'CHAN-FAB-1', await codeOf(raised), '822', '100', 'Cotton up'],
      ['Channel Rule Apparel', 'CHAN-FAB-1', await codeOf(other), '790', '150', 'MOQ only'],
    ]
    const previewed = await previewImport(db(), internal, {
      kind: 'buyer_skus',
      fileName: 'prices.csv',
      bytes: csvFile(rows),
    })
    if (!previewed.ok) throw new Error(previewed.message)
    const jobId = previewed.value.id
    expect((await requestApply(db(), internal, jobId)).ok).toBe(true)
    await applyDueImports(db(), 'channel-worker')

    // The raise did not apply: a request in the importer's name, naming the import.
    expect(await priceNow(raised)).toBe(79_000)
    const [request] = await pendingOf(raised)
    expect(request).toMatchObject({
      requested_by: internal.userId,
      current_price_minor: 79_000,
      proposed_price_minor: 82_200,
      import_job_id: jobId,
    })
    // The MOQ change needs no decision: applied.
    expect((await versionInForce(db(), other))!.moq_milli).toBe(150_000)
    const page = await importJobPage(db(), jobId, new URL('http://localhost/skus/imports/1'))
    expect(page?.job.applied).toMatchObject({ changed: 1, requested: 1 })
    expect(page?.priceRequests).toEqual([
      expect.objectContaining({ id: request!.id, buyerCode: await codeOf(raised), proposedMinor: 82_200 }),
    ])
    const token = await tokenFor('internal@example.com')
    const answer = await api<{ price_change_requests: { id: number; link: string }[]; applied: { requested: number } }>(
      'GET',
      `/imports/${jobId}`,
      { token },
    )
    expect(answer.json.applied.requested).toBe(1)
    // The job's history says it too.
    const applied = await db()
      .selectFrom('audit_events')
      .select('after_json')
      .where('entity_type', '=', 'import_job')
      .where('entity_id', '=', String(jobId))
      .where('action', '=', 'import_job.applied')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(applied.after_json!)).toMatchObject({ changed: 1, price_change_requests: 1 })
    expect(answer.json.price_change_requests).toEqual([
      expect.objectContaining({
        id: request!.id,
        link: `/redirect/approvals/buyer_skus/pricing_requests/${request!.id}`,
      }),
    ])
    expect(await mailsToBuyer()).toEqual([])
  })
})

describe('the buyer is told of each price that changes for it', () => {
  it('an admin’s change: one e-mail (and inbox copy) in the buyer’s terms, never the seller or the cost', async () => {
    const id = await sku()
    expect(await save(admin, id, 82_200)).toMatchObject({ ok: true, value: { number: 2 } })
    expect(await priceNow(id)).toBe(82_200)
    const mails = await mailsToBuyer()
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.kind).toBe('buyer_sku.price_changed')
    expect(mail!.subject).toBe(`Price change: ${await codeOf(id)} ₹790.00 → ₹822.00`)
    expect(mail!.body_text).toContain(`${await codeOf(id)} (`)
    expect(mail!.body_text).toContain('₹790.00 → ₹822.00 per unit, in force from')
    for (const secret of [SELLER, '₹413.00', '413', 'cost', 'margin', 'seller'])
      expect(`${mail!.subject}\n${mail!.body_text}`.toLowerCase()).not.toContain(secret.toLowerCase())
    expect((await inboxOfBuyer()).map((n) => n.subject)).toContain(mail!.subject)
  })

  it('an import changing several of its prices: one e-mail listing them', async () => {
    const a = await sku()
    const b = await sku()
    const rows = [
      ['buyer', 'product_sku', 'buyer_code', 'price', 'moq', 'note'],
      ['Channel Rule Apparel', 'CHAN-FAB-1', await codeOf(a), '800', '100', ''],
      ['Channel Rule Apparel', 'CHAN-FAB-1', await codeOf(b), '810', '100', ''],
    ]
    const previewed = await previewImport(db(), admin, { kind: 'buyer_skus', fileName: 'p.csv', bytes: csvFile(rows) })
    if (!previewed.ok) throw new Error(previewed.message)
    expect((await requestApply(db(), admin, previewed.value.id)).ok).toBe(true)
    await applyDueImports(db(), 'channel-worker')
    expect([await priceNow(a), await priceNow(b)]).toEqual([80_000, 81_000])
    const mails = await mailsToBuyer()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Price changes: 2 items')
    expect(mails[0]!.body_text).toContain(`${await codeOf(a)} (`)
    expect(mails[0]!.body_text).toContain('₹790.00 → ₹800.00')
    expect(mails[0]!.body_text).toContain('₹790.00 → ₹810.00')
  })
})

describe('a request whose base price moved', () => {
  it('is refused at approval with both prices, and approved after someone confirms it against the new base', async () => {
    const id = await sku()
    const made = await save(internal, id, 76_000)
    const requestId = made.ok ? made.value.requestId! : 0
    // An admin moves the price meanwhile: the request's base (₹790) is no longer the price in force.
    expect(await save(admin, id, 82_200)).toMatchObject({ ok: true })
    await db().deleteFrom('outbox_emails').where('to_address', '=', buyerEmail).execute()

    const refused = await decidePriceRequest(
      db(),
      admin,
      requestId,
      { intent: 'approve', note: '' },
      { appUrl: APP_URL },
    )
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'The price moved from ₹790.00 to ₹822.00 since this request was made; look at it again',
      ),
    })
    expect(await priceNow(id)).toBe(82_200)
    expect((await pendingOf(id)).map((r) => r.id)).toEqual([requestId])
    expect(await mailsToBuyer()).toEqual([])

    // Looked at again: the new base is recorded, with an entry saying both prices.
    expect(await confirmAgainstNewBase(db(), admin, requestId)).toMatchObject({
      ok: true,
      value: { baseMinor: 82_200 },
    })
    const row = await db()
      .selectFrom('price_change_requests')
      .select(['current_price_minor', 'rebased_by'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ current_price_minor: 82_200, rebased_by: admin.userId })
    const entry = await db()
      .selectFrom('audit_events')
      .select(['before_json', 'after_json'])
      .where('entity_type', '=', 'price_request')
      .where('entity_id', '=', String(requestId))
      .where('action', '=', 'price_request.rebased')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(entry.before_json!)).toEqual({ base_price: '₹790.00' })
    expect(JSON.parse(entry.after_json!)).toMatchObject({ base_price: '₹822.00', proposed_price: '₹760.00' })

    const approved = await decidePriceRequest(
      db(),
      admin,
      requestId,
      { intent: 'approve', note: '' },
      { appUrl: APP_URL },
    )
    expect(approved.ok).toBe(true)
    expect(await priceNow(id)).toBe(76_000)
    // The buyer is told of the approved change, from the price it had.
    const mails = await mailsToBuyer()
    expect(mails.map((m) => m.subject)).toEqual([`Price change: ${await codeOf(id)} ₹822.00 → ₹760.00`])
  })

  it('neither an admin nor the buyer’s KAM: may not confirm it (not found)', async () => {
    const id = await sku()
    const made = await save(internal, id, 80_000)
    const requestId = made.ok ? made.value.requestId! : 0
    await save(admin, id, 81_000)
    const stranger = { userId: internal.userId, name: internal.name }
    expect(await confirmAgainstNewBase(db(), stranger, requestId)).toMatchObject({ ok: false })
    expect((await pendingOf(id))[0]!.current_price_minor).toBe(79_000)
  })

  it('under a race of approval and a price save, never approves over a moved base', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await sku()
      const made = await save(internal, id, 77_000)
      const requestId = made.ok ? made.value.requestId! : 0
      const [approval, moved] = await Promise.all([
        decidePriceRequest(db(), admin, requestId, { intent: 'approve', note: '' }, { appUrl: APP_URL }),
        save(admin, id, 83_000 + round),
      ])
      const versions = await db()
        .selectFrom('buyer_sku_versions')
        .select(['number', 'price_minor', 'price_request_id'])
        .where('buyer_sku_id', '=', id)
        .orderBy('number')
        .execute()
      const approvedAt = versions.findIndex((v) => v.price_request_id === requestId)
      if (approval.ok) {
        // Approved: its version follows the base it was made against, directly.
        expect(versions[approvedAt - 1]!.price_minor).toBe(79_000)
      } else {
        expect(approvedAt).toBe(-1)
        expect(moved.ok).toBe(true)
      }
    }
  })
})
