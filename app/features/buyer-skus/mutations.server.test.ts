import { parseWithZod } from '@conform-to/zod/v4'
import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku } from '../../../tests/support/catalogue'
import { makeBuyer } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'
import { audit } from '~/platform/audit.server'
import { searchIds } from '~/platform/search.server'
import { changeBuyerSkuStatus, createBuyerSku, saveBuyerSku } from './mutations.server'
import { createBuyerSkuSchema, editBuyerSkuSchema } from './schema'
import { addBuyerSkuVersion, versionInForce } from './versions.server'
import { buyerSkuHistory } from './queries.server'
import { priceRequestHistory } from '../price-requests/history.server'

// makeCategory (tests/support) cannot insert workflow stages yet, so SKUs go into demo category 1.
const newProductSku = () => makeProductSku({ categoryId: 1 })
const makeSku = async (options: Omit<Parameters<typeof makeBuyerSku>[0], 'productSkuId'>) =>
  makeBuyerSku({ ...options, productSkuId: await newProductSku() })

let actor: { userId: number }
let buyerId: number

beforeAll(async () => {
  // An admin changes agreed prices at once; anyone else's price change waits for an admin (price-rules tests).
  actor = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Versioned Apparel', status: 'active' })
})

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

function parsedCreate(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: createBuyerSkuSchema })
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
  return submission.value
}

const edit = (expectedCurrent: number, values: { buyerCode: string; price: number; moq: number; note?: string }) => ({
  ...values,
  expectedCurrent,
  note: values.note ?? '',
})

const versions = (id: number) =>
  getDb()
    .selectFrom('buyer_sku_versions')
    .select(['number', 'price_minor', 'moq_milli', 'buyer_code', 'note', 'created_by'])
    .where('buyer_sku_id', '=', id)
    .orderBy('number')
    .execute()

const skuRow = (id: number) =>
  getDb()
    .selectFrom('buyer_skus')
    .select(['buyer_code', 'current_version', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('versions', () => {
  it('makes a new version with the next number on each save, the latest in force', async () => {
    const id = await makeSku({ buyerId, buyerCode: 'VA-100', priceMinor: 20_000, moqMilli: 100_000 })
    const first = await saveBuyerSku(
      getDb(),
      actor,
      id,
      edit(1, { buyerCode: 'VA-100', price: 21_000, moq: 100_000, note: 'Cotton up' }),
    )
    expect(first).toEqual({ ok: true, value: { number: 2 } })
    const second = await saveBuyerSku(getDb(), actor, id, edit(2, { buyerCode: 'VA-100', price: 21_000, moq: 250_500 }))
    expect(second).toEqual({ ok: true, value: { number: 3 } })

    expect(await versions(id)).toEqual([
      expect.objectContaining({ number: 1, price_minor: 20_000, moq_milli: 100_000 }),
      expect.objectContaining({
        number: 2,
        price_minor: 21_000,
        moq_milli: 100_000,
        note: 'Cotton up',
        created_by: actor.userId,
      }),
      expect.objectContaining({ number: 3, price_minor: 21_000, moq_milli: 250_500, note: null }),
    ])
    expect((await skuRow(id)).current_version).toBe(3)
    expect((await versionInForce(getDb(), id))?.number).toBe(3)
    const history = await auditEntriesOf(getDb(), 'buyer_sku', id)
    expect(history.map((h) => h.action)).toEqual(['buyer_sku.updated', 'buyer_sku.updated'])
    expect(JSON.parse(history[1].after_json!)).toEqual({ price: '₹210.00', version: 2 })
  })

  it('keeps a version with a future effective date out of force until then', async () => {
    const id = await makeSku({ buyerId, buyerCode: 'VA-200', priceMinor: 30_000 })
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString()
    await getDb()
      .transaction()
      .execute((trx) =>
        addBuyerSkuVersion(trx, {
          buyerSkuId: id,
          expectedCurrent: 1,
          buyerCode: 'VA-200',
          priceMinor: 33_000,
          moqMilli: 100_000,
          note: 'Approved',
          effectiveFrom: future,
          createdBy: actor.userId,
        }),
      )
    expect((await versionInForce(getDb(), id))?.price_minor).toBe(30_000)
    expect((await versionInForce(getDb(), id, new Date(Date.now() + 8 * 86_400_000).toISOString()))?.price_minor).toBe(
      33_000,
    )
    expect((await skuRow(id)).current_version).toBe(2)
  })

  it('makes no version when nothing changed (a note alone is no change)', async () => {
    const id = await makeSku({ buyerId, buyerCode: 'VA-300', priceMinor: 12_345, moqMilli: 50_000 })
    const result = await saveBuyerSku(
      getDb(),
      actor,
      id,
      edit(1, { buyerCode: 'VA-300', price: 12_345, moq: 50_000, note: 'Just looking' }),
    )
    expect(result).toEqual({ ok: true, value: { number: null } })
    expect(await versions(id)).toHaveLength(1)
    expect(await auditEntriesOf(getDb(), 'buyer_sku', id)).toHaveLength(0)
  })

  it('lets exactly one of two saves from the same version through, and names the newer version to the other', async () => {
    const id = await makeSku({ buyerId, buyerCode: 'VA-400', priceMinor: 40_000 })
    const results = await Promise.all([
      saveBuyerSku(getDb(), actor, id, edit(1, { buyerCode: 'VA-400', price: 41_000, moq: 100_000 })),
      saveBuyerSku(getDb(), actor, id, edit(1, { buyerCode: 'VA-400', price: 42_000, moq: 100_000 })),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const refused = results.find((r) => !r.ok)
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('Version 2 was saved by') })
    expect(await versions(id)).toHaveLength(2)
    expect((await skuRow(id)).current_version).toBe(2)
  })

  it('refuses a buyer code the buyer already uses, at the field, and moves the search words with a new code', async () => {
    await makeSku({ buyerId, buyerCode: 'VA-500' })
    const id = await makeSku({ buyerId, buyerCode: 'VA-501' })
    const taken = await saveBuyerSku(getDb(), actor, id, edit(1, { buyerCode: 'VA-500', price: 25_000, moq: 100_000 }))
    expect(taken).toMatchObject({ ok: false, field: 'buyerCode' })
    const renamed = await saveBuyerSku(
      getDb(),
      actor,
      id,
      edit(1, { buyerCode: 'VA-777', price: 25_000, moq: 100_000 }),
    )
    expect(renamed).toEqual({ ok: true, value: { number: 2 } })
    expect((await skuRow(id)).buyer_code).toBe('VA-777')
    const found = await getDb()
      .selectFrom('buyer_skus')
      .select('id')
      .where('id', 'in', searchIds(getDb(), 'buyer_sku', 'va-777')!)
      .execute()
    expect(found.map((r) => r.id)).toEqual([id])
  })

  it('archives and restores once each; an archived SKU is not changed', async () => {
    const id = await makeSku({ buyerId, buyerCode: 'VA-600' })
    expect(await changeBuyerSkuStatus(getDb(), actor, id, 'archive')).toMatchObject({ ok: true })
    expect(await changeBuyerSkuStatus(getDb(), actor, id, 'archive')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^VA-600 is already archived \(by .+\): “Archive” is no longer possible/),
    })
    expect(
      await saveBuyerSku(getDb(), actor, id, edit(1, { buyerCode: 'VA-600', price: 1_000, moq: 1_000 })),
    ).toMatchObject({ ok: false })
    expect(await changeBuyerSkuStatus(getDb(), actor, id, 'restore')).toMatchObject({ ok: true })
    expect((await skuRow(id)).status).toBe('active')
    expect((await auditEntriesOf(getDb(), 'buyer_sku', id)).map((h) => h.action)).toEqual([
      'buyer_sku.restored',
      'buyer_sku.archived',
    ])
  })
})

describe('create', () => {
  it('creates the buyer SKU with version 1 in force, once per idempotency key', async () => {
    const code = await getDb()
      .selectFrom('product_skus')
      .select('code')
      .where('id', '=', await newProductSku())
      .executeTakeFirstOrThrow()
    const input = parsedCreate({
      buyer: `#${buyerId}`,
      productSkuCode: code.code.toLowerCase(),
      buyerCode: 'va-900',
      price: '1,245.50',
      moq: '300',
      note: 'Onboarding',
      idempotencyKey: 'key-1',
    })
    const first = await createBuyerSku(getDb(), actor, input)
    const again = await createBuyerSku(getDb(), actor, input)
    expect(first).toMatchObject({ ok: true, value: { repeated: false } })
    expect(again).toMatchObject({ ok: true, value: { repeated: true } })
    const id = first.ok ? first.value.id : 0
    expect(again.ok && again.value.id).toBe(id)
    expect(await skuRow(id)).toEqual({ buyer_code: 'VA-900', current_version: 1, status: 'active' })
    expect(await versions(id)).toEqual([
      expect.objectContaining({ number: 1, price_minor: 124_550, moq_milli: 300_000, note: 'Onboarding' }),
    ])
    expect((await versionInForce(getDb(), id))?.number).toBe(1)
    expect((await auditEntriesOf(getDb(), 'buyer_sku', id)).map((h) => h.action)).toEqual(['buyer_sku.created'])
  })

  it('refuses a duplicate buyer code, an unknown buyer or SKU, and a zero price, each at its field', async () => {
    const sku = await getDb()
      .selectFrom('product_skus')
      .select('code')
      .where('id', '=', await newProductSku())
      .executeTakeFirstOrThrow()
    await makeSku({ buyerId, buyerCode: 'VA-950' })
    const base = { buyer: 'versioned apparel', productSkuCode: sku.code, buyerCode: 'VA-950', price: '100', moq: '10' }
    expect(await createBuyerSku(getDb(), actor, parsedCreate(base))).toMatchObject({
      ok: false,
      field: 'buyerCode',
      message: expect.stringContaining('already uses VA-950'),
    })
    expect(
      await createBuyerSku(getDb(), actor, parsedCreate({ ...base, buyerCode: 'VA-951', buyer: 'Nobody Such' })),
    ).toMatchObject({ ok: false, field: 'buyer' })
    expect(
      await createBuyerSku(getDb(), actor, parsedCreate({ ...base, buyerCode: 'VA-951', productSkuCode: 'NOPE-1' })),
    ).toMatchObject({ ok: false, field: 'productSkuCode' })
    const pending = await makeBuyer({ name: 'Waiting Weaves', status: 'pending' })
    expect(
      await createBuyerSku(getDb(), actor, parsedCreate({ ...base, buyerCode: 'VA-951', buyer: `#${pending}` })),
    ).toMatchObject({ ok: false, field: 'buyer' })
    const zero = parseWithZod(form({ ...base, price: '0', moq: 'lots' }), { schema: createBuyerSkuSchema })
    expect(zero.status).toBe('error')
    expect(Object.keys(zero.reply().error ?? {}).sort()).toEqual(['moq', 'price'])
  })

  it('reads the edit form: a bad price is refused by the schema', () => {
    const bad = parseWithZod(
      form({ intent: 'save', buyerCode: 'X1', price: '12.345', moq: '1', expectedCurrent: '1' }),
      { schema: editBuyerSkuSchema },
    )
    expect(bad.status).toBe('error')
    expect(Object.keys(bad.reply().error ?? {})).toEqual(['price'])
  })
})

describe('history', () => {
  it('shows its own changes, its price requests, and the versions no entry records, each once, newest first', async () => {
    const db = getDb()
    const id = await makeSku({ buyerId, buyerCode: 'VA-H1', priceMinor: 20_000, moqMilli: 100_000 })
    // Version 1 came without an entry (as the demo data's do): the history still shows it.
    const before = await buyerSkuHistory(db, { id, unit: 'm' })
    expect(before.map((e) => e.what)).toEqual(['Price version 1 recorded'])
    expect(before[0].changes).toEqual(
      expect.arrayContaining([
        { label: 'Buyer code', before: null, after: 'VA-H1' },
        { label: 'Price', before: null, after: '₹200.00' },
        { label: 'MOQ', before: null, after: '100 m' },
      ]),
    )

    expect(
      await saveBuyerSku(db, actor, id, edit(1, { buyerCode: 'VA-H1', price: 21_000, moq: 100_000 })),
    ).toMatchObject({ ok: true })
    // A second later than the save, so the order by time is not left to a tie within one millisecond.
    const now = new Date(Date.now() + 1000).toISOString()
    const request = await db
      .insertInto('price_change_requests')
      .values({
        buyer_sku_id: id,
        requested_by: actor.userId,
        current_price_minor: 21_000,
        proposed_price_minor: 22_000,
        reason: 'Cotton up',
        effective_from: null,
        decided_by: null,
        decided_at: null,
        decision_note: null,
        version_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // A request with no entry (the demo data's) is shown from its row; once recorded, from its entry, once.
    const unrecorded = await buyerSkuHistory(db, { id, unit: 'm' })
    expect(unrecorded.map((e) => e.what)).toEqual([
      `Price change #${request.id} proposed`,
      'Changed',
      'Price version 1 recorded',
    ])
    expect(unrecorded[0].changes).toEqual([
      { label: 'Proposed price', before: null, after: '₹220.00' },
      { label: 'Reason', before: null, after: 'Cotton up' },
    ])
    // The request's own page words it by itself.
    const ofRequest = await priceRequestHistory(db, { requestId: request.id }, (_, words) => words)
    expect(ofRequest.map((e) => [e.what, e.actor])).toEqual([['proposed', 'Anita Admin']])
    await audit(db, {
      actorUserId: actor.userId,
      action: 'price_request.created',
      entityType: 'price_request',
      entityId: request.id,
      after: { proposed_price: '₹220.00' },
    })

    const after = await buyerSkuHistory(db, { id, unit: 'm' })
    expect(after.map((e) => e.what)).toEqual([
      `Price change #${request.id} proposed`,
      'Changed',
      'Price version 1 recorded',
    ])
    expect(after[0].changes).toEqual([{ label: 'Proposed price', before: null, after: '₹220.00' }])
    expect(after[1].actor).toBe('Anita Admin')
    // Another SKU's entries are not in it.
    const other = await makeSku({ buyerId, buyerCode: 'VA-H2' })
    expect((await buyerSkuHistory(db, { id: other, unit: 'm' })).map((e) => e.what)).toEqual([
      'Price version 1 recorded',
    ])
  })
})
