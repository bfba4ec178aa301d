import { getDb } from '~/db.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { addBuyerSkuVersion, versionInForce } from '../buyer-skus/versions.server'
import { setFlag } from '../flags/flags.server'
import { userIdOf } from '../../../tests/support/db'
import { makeBuyerSku } from '../../../tests/support/catalogue'
import { kolkataDay, startOfKolkataDay } from '~/utils/format'
import { handleDecisionForm, handleKamForm } from './forms.server'
import { createPriceRequest, decidePriceRequest, withdrawPriceRequest } from './mutations.server'
import { kamRequestsPage } from './pages.server'
import { priceRequestPageFor } from './redirect.server'
import type { CreateRequestForm } from './schema'

const APP_URL = 'http://localhost:3000'

async function viewerOf(email: string) {
  const { idHash } = await startSession(getDb(), await userIdOf(email))
  const viewer = await loadViewer(getDb(), idHash)
  if (!viewer) throw new Error('no viewer')
  return viewer
}

/**
 * A fresh buyer SKU of the demo KAM's buyer 1, at ₹250.00. It buys demo product SKU 1: the factory's
 * own product SKU needs makeCategory, whose workflow insert fails on the NOT NULL qc_gate column.
 */
const kamSku = () => makeBuyerSku({ buyerId: 1, productSkuId: 1, priceMinor: 25_000 })

const input = (buyerSkuId: number, extra: Partial<CreateRequestForm> = {}): CreateRequestForm => ({
  intent: 'create',
  buyerSkuId,
  proposedPrice: 27_500,
  reason: 'Cotton prices went up this season',
  ...extra,
})

const day = (offsetDays: number) => kolkataDay(new Date(Date.now() + offsetDays * 86_400_000))

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

async function requestRow(id: number) {
  return getDb().selectFrom('price_change_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function newRequest(extra: Partial<CreateRequestForm> = {}) {
  const kam = await viewerOf('demand_kam@example.com')
  const skuId = await kamSku()
  const result = await createPriceRequest(getDb(), kam, input(skuId, extra), { effectiveDates: true })
  if (!result.ok) throw new Error(result.message)
  return { kam, skuId, id: result.value.id }
}

describe('a KAM proposes a price', () => {
  it('creates a pending request with the price in force, once per idempotency key, audited', async () => {
    const kam = await viewerOf('demand_kam@example.com')
    const skuId = await kamSku()
    const first = await createPriceRequest(getDb(), kam, input(skuId, { idempotencyKey: 'k-1' }), {
      effectiveDates: true,
    })
    const again = await createPriceRequest(getDb(), kam, input(skuId, { idempotencyKey: 'k-1' }), {
      effectiveDates: true,
    })
    expect(first.ok && again.ok && again.value.id === first.value.id && again.value.repeated).toBe(true)
    const rows = await getDb()
      .selectFrom('price_change_requests')
      .select(['id', 'status', 'current_price_minor', 'proposed_price_minor', 'requested_by'])
      .where('buyer_sku_id', '=', skuId)
      .execute()
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        status: 'pending',
        current_price_minor: 25_000,
        proposed_price_minor: 27_500,
        requested_by: kam.userId,
      },
    ])
    const audited = await getDb()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'price_request')
      .where('entity_id', '=', String(rows[0].id))
      .execute()
    expect(audited.map((a) => a.action)).toEqual(['price_request.created'])
  })

  it('refuses a buyer SKU of another KAM’s buyer, a second pending request and the same price', async () => {
    const db = getDb()
    const kam = await viewerOf('demand_kam@example.com')
    const otherKam = await db
      .insertInto('users')
      .values({ email: 'kam-two@example.com', name: 'Kam Two', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('user_roles').values({ user_id: otherKam.id, role: 'demand_kam' }).execute()
    await db.updateTable('buyers').set({ kam_user_id: otherKam.id }).where('id', '=', 4).execute()
    const foreign = await makeBuyerSku({ buyerId: 4, productSkuId: 1, priceMinor: 25_000 })
    const refused = await createPriceRequest(db, kam, input(foreign), { effectiveDates: true })
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('not one of your buyers') })
    expect(await kamRequestsPage(db, kam, new URL(`http://x/?buyerSku=${foreign}`))).toBeUndefined()

    const skuId = await kamSku()
    const same = await createPriceRequest(db, kam, input(skuId, { proposedPrice: 25_000 }), { effectiveDates: true })
    expect(same).toMatchObject({ ok: false, field: 'proposedPrice' })
    expect((await createPriceRequest(db, kam, input(skuId), { effectiveDates: true })).ok).toBe(true)
    const second = await createPriceRequest(db, kam, input(skuId, { proposedPrice: 30_000 }), { effectiveDates: true })
    expect(second).toMatchObject({ ok: false, message: expect.stringContaining('already waiting') })
    const count = await db
      .selectFrom('price_change_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('buyer_sku_id', 'in', [foreign, skuId])
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('refuses an effective date in the past (Asia/Kolkata) and keeps today or later as the start of that day', async () => {
    const kam = await viewerOf('demand_kam@example.com')
    const past = await createPriceRequest(getDb(), kam, input(await kamSku(), { effectiveFrom: day(-1) }), {
      effectiveDates: true,
    })
    expect(past).toMatchObject({ ok: false, field: 'effectiveFrom' })
    const { id } = await newRequest({ effectiveFrom: day(10) })
    expect((await requestRow(id)).effective_from).toBe(startOfKolkataDay(day(10)))
  })

  it('with the effective-date flag off: the field is hidden and a posted date refused', async () => {
    const db = getDb()
    const kam = await viewerOf('demand_kam@example.com')
    await setFlag(db, await userIdOf('admin@example.com'), 'price_request_effective_date', {
      enabled: false,
      roles: [],
    })
    const skuId = await kamSku()
    expect((await kamRequestsPage(db, kam, new URL(`http://x/?buyerSku=${skuId}`)))?.effectiveDates).toBe(false)
    const values = {
      intent: 'create',
      buyerSkuId: String(skuId),
      proposedPrice: '300',
      reason: 'Cotton prices went up this season',
    }
    const refused = await handleKamForm(db, kam, form({ ...values, effectiveFrom: day(5) }))
    expect(refused.status).toBe('invalid')
    expect(refused.status === 'invalid' && refused.reply.result.error?.['']).toEqual([
      expect.stringContaining('Effective dates are switched off'),
    ])
    expect(
      await db.selectFrom('price_change_requests').select('id').where('buyer_sku_id', '=', skuId).execute(),
    ).toEqual([])
    expect((await handleKamForm(db, kam, form(values))).status).toBe('done')
  })
})

describe('withdrawing', () => {
  it('withdraws a pending request, but not one decided meanwhile nor another KAM’s', async () => {
    const db = getDb()
    const { kam, id } = await newRequest()
    expect(await withdrawPriceRequest(db, kam, id)).toEqual({ ok: true, value: undefined })
    expect((await requestRow(id)).status).toBe('withdrawn')

    const decided = await newRequest()
    const admin = await viewerOf('admin@example.com')
    expect((await decidePriceRequest(db, admin, decided.id, { intent: 'approve' }, { appUrl: APP_URL })).ok).toBe(true)
    expect(await withdrawPriceRequest(db, kam, decided.id)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This request is already approved \(by .+\): “Withdraw” is no longer possible/),
    })
    expect((await requestRow(decided.id)).status).toBe('approved')

    const pending = await newRequest()
    expect(await withdrawPriceRequest(db, admin, pending.id)).toMatchObject({ ok: false, notFound: true })
  })
})

describe("the KAM's scope follows the buyers assigned to it", () => {
  it("a reassigned buyer's requests move to the new KAM: list, withdraw and redirect", async () => {
    const db = getDb()
    const { kam, id } = await newRequest()
    const neha = await viewerOf('kam.neha@example.com')
    const url = new URL('http://localhost/demand_kam/approvals/buyer_skus/pricing_requests')
    const idsOf = async (viewer: typeof kam) => (await kamRequestsPage(db, viewer, url))!.rows.map((r) => r.id)
    expect(await idsOf(kam)).toContain(id)
    expect(await idsOf(neha)).not.toContain(id)
    expect(await priceRequestPageFor(db, neha, id)).toBeNull()

    await db.updateTable('buyers').set({ kam_user_id: neha.userId }).where('id', '=', 1).execute()
    expect(await idsOf(kam)).not.toContain(id)
    expect(await idsOf(neha)).toContain(id)
    expect(await priceRequestPageFor(db, kam, id)).toBeNull()
    expect(await priceRequestPageFor(db, neha, id)).toMatch(/pricing_requests/)
    expect(await withdrawPriceRequest(db, kam, id)).toMatchObject({ ok: false, notFound: true })
    expect(await withdrawPriceRequest(db, neha, id)).toEqual({ ok: true, value: undefined })
    await db.updateTable('buyers').set({ kam_user_id: kam.userId }).where('id', '=', 1).execute()
  })

  it("the KAM's list carries only what it shows: no requester e-mail, no live price", async () => {
    const { kam } = await newRequest()
    const page = await kamRequestsPage(
      getDb(),
      kam,
      new URL('http://localhost/demand_kam/approvals/buyer_skus/pricing_requests'),
    )
    const json = JSON.stringify(page!.rows)
    expect(page!.rows.length).toBeGreaterThan(0)
    expect(json).not.toContain('example.com')
    expect(Object.keys(page!.rows[0]!)).not.toEqual(expect.arrayContaining(['priceNowMinor']))
    expect(Object.keys(page!.rows[0]!)).not.toContain('requesterEmail')
  })
})

describe('an archived buyer SKU', () => {
  it('withdraws its waiting request when archived, and a request on an archived SKU cannot be approved', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { id, skuId } = await newRequest()
    const { changeBuyerSkuStatus } = await import('../buyer-skus/mutations.server')
    expect((await changeBuyerSkuStatus(db, admin, skuId, 'archive')).ok).toBe(true)
    expect((await requestRow(id)).status).toBe('withdrawn')
    expect(await decidePriceRequest(db, admin, id, { intent: 'approve' }, { appUrl: APP_URL })).toMatchObject({
      ok: false,
    })

    // A request left pending on an archived SKU (older data): refused, and no version is added.
    const other = await newRequest()
    await db.updateTable('buyer_skus').set({ status: 'archived' }).where('id', '=', other.skuId).execute()
    const refused = await decidePriceRequest(db, admin, other.id, { intent: 'approve' }, { appUrl: APP_URL })
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('archived') })
    expect((await requestRow(other.id)).status).toBe('pending')
    expect((await versionInForce(db, other.skuId))?.price_minor).toBe(25_000)
  })
})

describe('admin decides', () => {
  it('approval adds the next version at the proposed price, in force now, and e-mails the requester', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { kam, skuId, id } = await newRequest()
    const result = await decidePriceRequest(
      db,
      admin,
      id,
      { intent: 'approve', note: 'Agreed with the buyer' },
      { appUrl: APP_URL },
    )
    expect(result).toEqual({ ok: true, value: { versionNumber: 2 } })
    const request = await requestRow(id)
    expect(request).toMatchObject({
      status: 'approved',
      decided_by: admin.userId,
      decision_note: 'Agreed with the buyer',
    })
    const sku = await db
      .selectFrom('buyer_skus')
      .select('current_version')
      .where('id', '=', skuId)
      .executeTakeFirstOrThrow()
    expect(sku.current_version).toBe(2)
    const inForce = await versionInForce(db, skuId)
    expect(inForce).toMatchObject({
      id: request.version_id,
      number: 2,
      price_minor: 27_500,
      moq_milli: 100_000,
      price_request_id: id,
      note: `Price change #${id}: Cotton prices went up this season`,
    })
    const audited = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'buyer_sku')
      .where('entity_id', '=', String(skuId))
      .execute()
    expect(audited.map((a) => a.action)).toEqual(['buyer_sku.version_added'])
    const mail = await db
      .selectFrom('outbox_emails')
      .select(['subject', 'body_text', 'kind'])
      .where('to_address', '=', kam.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.kind).toBe('price_request.approved')
    expect(mail.body_text).toContain('Agreed with the buyer')
    expect(mail.body_text).toContain(`${APP_URL}/redirect/approvals/buyer_skus/pricing_requests/${id}`)
  })

  it('approval with a future date adds the version, but the old price stays in force until then', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { skuId, id } = await newRequest({ effectiveFrom: day(7) })
    expect((await decidePriceRequest(db, admin, id, { intent: 'approve' }, { appUrl: APP_URL })).ok).toBe(true)
    const versions = await db
      .selectFrom('buyer_sku_versions')
      .select(['number', 'price_minor', 'effective_from'])
      .where('buyer_sku_id', '=', skuId)
      .orderBy('number')
      .execute()
    expect(versions.at(-1)).toEqual({ number: 2, price_minor: 27_500, effective_from: startOfKolkataDay(day(7)) })
    expect((await versionInForce(db, skuId))?.price_minor).toBe(25_000)
    expect((await versionInForce(db, skuId, startOfKolkataDay(day(8))))?.price_minor).toBe(27_500)
  })

  it('rejection needs a note, keeps the price and tells the requester', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { kam, skuId, id } = await newRequest()
    const bare = await handleDecisionForm(db, admin, id, form({ intent: 'reject', note: '' }), APP_URL)
    expect(bare.status).toBe('invalid')
    expect(bare.status === 'invalid' ? bare.reply.result.error?.note?.[0] : null).toMatch(/\w/)
    expect((await requestRow(id)).status).toBe('pending')
    expect(
      (await handleDecisionForm(db, admin, id, form({ intent: 'reject', note: 'Margin too thin' }), APP_URL)).status,
    ).toBe('done')
    expect(await requestRow(id)).toMatchObject({
      status: 'rejected',
      decision_note: 'Margin too thin',
      version_id: null,
    })
    expect((await versionInForce(db, skuId))?.number).toBe(1)
    const mail = await db
      .selectFrom('outbox_emails')
      .select(['kind', 'body_text'])
      .where('to_address', '=', kam.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({
      kind: 'price_request.rejected',
      body_text: expect.stringContaining('Margin too thin'),
    })
    expect((await handleDecisionForm(db, admin, id, form({ intent: 'other' }), APP_URL)).status).toBe('bad-request')
  })

  it('two admins at once: exactly one wins, one version is made, the other is told', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { skuId, id } = await newRequest()
    const results = await Promise.all([
      decidePriceRequest(db, admin, id, { intent: 'approve' }, { appUrl: APP_URL }),
      decidePriceRequest(db, admin, id, { intent: 'approve' }, { appUrl: APP_URL }),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.find((r) => !r.ok)).toMatchObject({
      message: expect.stringMatching(
        new RegExp(`^This request is already approved \\(by ${admin.name}, .+\\): “Approve” is no longer possible`),
      ),
    })
    const versions = await db
      .selectFrom('buyer_sku_versions')
      .select('number')
      .where('buyer_sku_id', '=', skuId)
      .execute()
    expect(versions).toHaveLength(2)

    const other = await newRequest()
    const mixed = await Promise.all([
      decidePriceRequest(db, admin, other.id, { intent: 'reject', note: 'Not this quarter' }, { appUrl: APP_URL }),
      decidePriceRequest(db, admin, other.id, { intent: 'approve' }, { appUrl: APP_URL }),
    ])
    // Either may win (on PostgreSQL both run at once); the loser is told what the winner did.
    expect(mixed.filter((r) => r.ok)).toHaveLength(1)
    const rejected = mixed[0].ok
    expect(mixed.find((r) => !r.ok)).toMatchObject({
      message: expect.stringContaining(rejected ? 'already rejected' : 'already approved'),
    })
    expect(
      await db.selectFrom('buyer_sku_versions').select('number').where('buyer_sku_id', '=', other.skuId).execute(),
    ).toHaveLength(rejected ? 1 : 2)
    expect(await requestRow(other.id)).toMatchObject({ status: rejected ? 'rejected' : 'approved' })
  })

  it('a KAM withdrawing while an admin approves, at the same moment: exactly one happens, the other is told', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { kam, skuId, id } = await newRequest()
    const [withdrawn, approved] = await Promise.all([
      withdrawPriceRequest(db, kam, id),
      decidePriceRequest(db, admin, id, { intent: 'approve' }, { appUrl: APP_URL }),
    ])
    expect([withdrawn.ok, approved.ok].filter(Boolean)).toHaveLength(1)
    const row = await requestRow(id)
    const versions = await db
      .selectFrom('buyer_sku_versions')
      .select('number')
      .where('buyer_sku_id', '=', skuId)
      .execute()
    if (withdrawn.ok) {
      expect(row.status).toBe('withdrawn')
      expect(versions).toHaveLength(1)
      expect(approved).toMatchObject({ ok: false, message: expect.stringContaining('withdrawn') })
    } else {
      expect(row.status).toBe('approved')
      expect(versions).toHaveLength(2)
      expect(withdrawn).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^This request is already approved \(by .+\): “Withdraw” is no longer possible/),
      })
    }
  })

  it('keeps the request pending when the version cannot be added (one transaction)', async () => {
    const db = getDb()
    const admin = await viewerOf('admin@example.com')
    const { skuId, id } = await newRequest()
    // A stray version 2 makes the insert of the next version fail after the status has moved.
    await db
      .insertInto('buyer_sku_versions')
      .values({
        buyer_sku_id: skuId,
        number: 2,
        buyer_code: 'X',
        price_minor: 1,
        moq_milli: 1,
        note: null,
        effective_from: '2099-01-01T00:00:00.000Z',
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    await expect(decidePriceRequest(db, admin, id, { intent: 'approve' }, { appUrl: APP_URL })).rejects.toThrow()
    expect(await requestRow(id)).toMatchObject({ status: 'pending', version_id: null, decided_by: null })
  })
})

describe('the redirect link', () => {
  it('sends admin to the record, the requesting KAM to its list, main-portal staff to the buyer SKU; anyone else nowhere', async () => {
    const db = getDb()
    const { id } = await newRequest()
    const otherKam = await db
      .insertInto('users')
      .values({ email: 'kam-three@example.com', name: 'Kam Three', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('user_roles').values({ user_id: otherKam.id, role: 'demand_kam' }).execute()
    expect(await priceRequestPageFor(db, await viewerOf('admin@example.com'), id)).toBe(
      `/admin/approvals/buyer_skus/pricing_requests/${id}`,
    )
    expect(await priceRequestPageFor(db, await viewerOf('demand_kam@example.com'), id)).toBe(
      `/demand_kam/approvals/buyer_skus/pricing_requests?status=all#request-${id}`,
    )
    expect(await priceRequestPageFor(db, await viewerOf('kam-three@example.com'), id)).toBeNull()
    // Staff of the main portal (who make requests by saving or importing) see it on the buyer SKU's page.
    const { buyer_sku_id } = await requestRow(id)
    expect(await priceRequestPageFor(db, await viewerOf('internal@example.com'), id)).toBe(
      `/skus/buyer_skus/${buyer_sku_id}/edit#requests-heading`,
    )
    expect(await priceRequestPageFor(db, await viewerOf('admin@example.com'), 999_999)).toBeNull()
  })
})

describe('the KAM looks at a request again after its base moved', () => {
  /** Someone else saves a new price meanwhile (an admin, or an approved request). */
  async function movePrice(skuId: number, priceMinor: number) {
    const v = (await versionInForce(getDb(), skuId))!
    const sku = await getDb()
      .selectFrom('buyer_skus')
      .select('current_version')
      .where('id', '=', skuId)
      .executeTakeFirstOrThrow()
    await addBuyerSkuVersion(getDb(), {
      buyerSkuId: skuId,
      expectedCurrent: sku.current_version,
      buyerCode: v.buyer_code,
      priceMinor,
      moqMilli: v.moq_milli,
      note: 'Moved meanwhile',
      createdBy: (await viewerOf('admin@example.com')).userId,
    })
  }
  const url = new URL('http://localhost/demand_kam/approvals/buyer_skus/pricing_requests?status=all')
  const rowOf = async (kam: Awaited<ReturnType<typeof viewerOf>>, id: number) =>
    (await kamRequestsPage(getDb(), kam, url))!.rows.find((r) => r.id === id)!

  it('the list marks the moved base with the price now, and the KAM confirms its proposal against it', async () => {
    const { kam, skuId, id } = await newRequest()
    expect((await rowOf(kam, id)).baseMovedToMinor).toBeNull()
    // Nothing moved: nothing to confirm.
    const early = await handleKamForm(getDb(), kam, form({ intent: 'rebase', requestId: String(id) }))
    expect(early).toMatchObject({
      status: 'done',
      toast: { kind: 'error', message: expect.stringContaining('still ₹250.00') },
    })

    await movePrice(skuId, 26_000)
    expect((await rowOf(kam, id)).baseMovedToMinor).toBe(26_000)
    const admin = await viewerOf('admin@example.com')
    expect(await decidePriceRequest(getDb(), admin, id, { intent: 'approve' }, { appUrl: APP_URL })).toMatchObject({
      ok: false,
      message: expect.stringContaining('The price moved from ₹250.00 to ₹260.00'),
    })

    const outcome = await handleKamForm(getDb(), kam, form({ intent: 'rebase', requestId: String(id) }))
    expect(outcome).toEqual({
      status: 'done',
      redirectTo: `/demand_kam/approvals/buyer_skus/pricing_requests?status=all#request-${id}`,
      toast: {
        kind: 'success',
        message: `Request #${id} now stands against ₹260.00, the price in force: it may be decided.`,
      },
    })
    expect(await requestRow(id)).toMatchObject({
      current_price_minor: 26_000,
      rebased_by: kam.userId,
      status: 'pending',
    })
    expect((await rowOf(kam, id)).baseMovedToMinor).toBeNull()
    expect(await decidePriceRequest(getDb(), admin, id, { intent: 'approve' }, { appUrl: APP_URL })).toMatchObject({
      ok: true,
    })
    expect((await versionInForce(getDb(), skuId))!.price_minor).toBe(27_500)
  })

  it("another KAM's request is not found, and a decided one shows no moved base", async () => {
    const { kam, skuId, id } = await newRequest()
    await movePrice(skuId, 26_000)
    const other = await getDb()
      .insertInto('users')
      .values({ email: 'kam-rebase@example.com', name: 'Kam Rebase', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await getDb().insertInto('user_roles').values({ user_id: other.id, role: 'demand_kam' }).execute()
    const stranger = await viewerOf('kam-rebase@example.com')
    expect(await handleKamForm(getDb(), stranger, form({ intent: 'rebase', requestId: String(id) }))).toEqual({
      status: 'not-found',
    })
    expect(await handleKamForm(getDb(), kam, form({ intent: 'rebase', requestId: 'x' }))).toEqual({
      status: 'bad-request',
    })
    expect((await requestRow(id)).current_price_minor).toBe(25_000)
    await withdrawPriceRequest(getDb(), kam, id)
    expect((await rowOf(kam, id)).baseMovedToMinor).toBeNull()
  })
})
