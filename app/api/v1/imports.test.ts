import { getDb } from '~/db.server'
import { applyDueImports } from '~/features/imports/apply.server'
import { previewImport } from '~/features/imports/preview.server'
import { makeBuyerSku, makeProductSku } from '../../../tests/support/catalogue'
import { makeBuyer } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { api, tokenFor } from '../../../tests/support/api'

// Bulk imports through /api/v1: the rows sent as JSON are previewed as the feature previews them,
// a retried POST opens one import, applying (202) then the worker changes the prices, a second apply
// is 409 as at the page, buyers' and sellers' tokens are 403, and a refused body is 422 at its places.

type Problem = { status: number; type: string; detail: string; errors?: { in: string; pointer: string }[] }
type Job = {
  id: number
  kind: string
  status: string
  rows_total: number
  counts: { create: number; change: number; unchanged: number; refused: number }
  to_apply: number
  rows_done: number
  applied: { created: number; changed: number; unchanged: number; refused: number }
}
type Row = {
  row_number: number
  outcome: string
  values: Record<string, string>
  before: Record<string, string> | null
  messages: Record<string, string> | null
  result: string | null
}
type Page<T> = { data: T[]; next_cursor: string | null }

const db = () => getDb()
const BUYER = 'Api Import Apparel'
let admin: string
let existingId: number
let otherId: number

beforeAll(async () => {
  admin = await tokenFor('admin@example.com')
  const buyerId = await makeBuyer({ name: BUYER, status: 'active' })
  await makeProductSku({ categoryId: 1, code: 'API-IMP-0001' })
  const skuId = await makeProductSku({ categoryId: 1, code: 'API-IMP-0002' })
  const first = await db()
    .selectFrom('product_skus')
    .select('id')
    .where('code', '=', 'API-IMP-0001')
    .executeTakeFirstOrThrow()
  existingId = await makeBuyerSku({
    buyerId,
    productSkuId: first.id,
    buyerCode: 'AI-100',
    priceMinor: 20_000,
    moqMilli: 100_000,
  })
  otherId = await makeBuyerSku({
    buyerId,
    productSkuId: skuId,
    buyerCode: 'AI-101',
    priceMinor: 30_000,
    moqMilli: 50_000,
  })
})

/** A change of price, an unchanged row, a new buyer SKU, and a refused price. */
const priceRows = (price = '210.00') => [
  { buyer: BUYER, product_sku: 'API-IMP-0001', buyer_code: 'AI-100', price, moq: '100', note: 'Cotton up' },
  { buyer: BUYER, product_sku: 'API-IMP-0002', buyer_code: 'AI-101', price: '300.00', moq: '50', note: '' },
  { buyer: BUYER, product_sku: 'API-IMP-0002', buyer_code: 'AI-102', price: '310.00', moq: '50', note: '' },
  { buyer: BUYER, product_sku: 'API-IMP-0002', buyer_code: 'AI-103', price: '0', moq: '50', note: '' },
]

const currentPrice = async (buyerSkuId: number) =>
  (
    await db()
      .selectFrom('buyer_skus')
      .innerJoin('buyer_sku_versions as v', (join) =>
        join.onRef('v.buyer_sku_id', '=', 'buyer_skus.id').onRef('v.number', '=', 'buyer_skus.current_version'),
      )
      .select('v.price_minor')
      .where('buyer_skus.id', '=', buyerSkuId)
      .executeTakeFirstOrThrow()
  ).price_minor

const create = (body: unknown, idempotencyKey?: string, token = admin) =>
  api<Job & Problem>('POST', '/imports', { token, body, idempotencyKey })

describe('the preview', () => {
  it('classifies the rows as the feature does, with a refused cell’s message at its row', async () => {
    const rows = priceRows()
    const made = await create({ kind: 'buyer_skus', file_name: 'prices', rows })
    expect(made.status, made.text).toBe(201)
    expect(made.response.headers.get('Location')).toBe(`/api/v1/imports/${made.json.id}`)
    expect(made.json).toMatchObject({
      kind: 'buyer_skus',
      status: 'previewed',
      rows_total: 4,
      to_apply: 2,
      rows_done: 0,
    })

    const staff = { userId: await userIdOf('internal@example.com') }
    const same = await previewImport(db(), staff, { kind: 'buyer_skus', fileName: 'same.json', records: rows })
    if (!same.ok) throw new Error(same.message)
    const kept = await db()
      .selectFrom('import_jobs')
      .select(['create_count', 'change_count', 'unchanged_count', 'refused_count'])
      .where('id', '=', same.value.id)
      .executeTakeFirstOrThrow()
    expect(made.json.counts).toEqual({
      create: kept.create_count,
      change: kept.change_count,
      unchanged: kept.unchanged_count,
      refused: kept.refused_count,
    })
    expect(made.json.counts).toEqual({ create: 1, change: 1, unchanged: 1, refused: 1 })

    const refused = await api<Page<Row>>('GET', `/imports/${made.json.id}/rows?outcome=refused`, { token: admin })
    expect(refused.status).toBe(200)
    const featureRow = await db()
      .selectFrom('import_rows')
      .select(['row_number', 'messages_json'])
      .where('job_id', '=', same.value.id)
      .where('outcome', '=', 'refused')
      .executeTakeFirstOrThrow()
    expect(refused.json.data).toHaveLength(1)
    expect(refused.json.data[0]).toMatchObject({ row_number: 4, outcome: 'refused', values: { buyer_code: 'AI-103' } })
    expect(refused.json.data[0]!.row_number).toBe(featureRow.row_number)
    expect(refused.json.data[0]!.messages).toEqual(JSON.parse(featureRow.messages_json!))
    expect(refused.json.data[0]!.messages?.price).toMatch(/price/i)

    // A change shows the value before; the rows read a page at a time by row number.
    const first = await api<Page<Row>>('GET', `/imports/${made.json.id}/rows?limit=1`, { token: admin })
    expect(first.json.data[0]).toMatchObject({ row_number: 1, outcome: 'change', before: { price: '200.00' } })
    const next = await api<Page<Row>>('GET', `/imports/${made.json.id}/rows?limit=2&cursor=${first.json.next_cursor}`, {
      token: admin,
    })
    expect(next.json.data.map((r) => r.row_number)).toEqual([2, 3])
    // Nothing of the catalogue is written by a preview.
    expect(await currentPrice(existingId)).toBe(20_000)
  })

  it('opens one import for a retried request, even once the kept answer is gone', async () => {
    const key = crypto.randomUUID()
    const before = await db()
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const first = await create({ kind: 'buyer_skus', rows: priceRows() }, key)
    const again = await create({ kind: 'buyer_skus', rows: priceRows() }, key)
    expect(first.status).toBe(201)
    expect(again.json.id).toBe(first.json.id)
    // The dispatcher's kept answer expires; the job keeps the key too.
    await db().deleteFrom('api_idempotency').execute()
    const later = await create({ kind: 'buyer_skus', rows: priceRows() }, key)
    expect(later.status).toBe(201)
    expect(later.json.id).toBe(first.json.id)
    const after = await db()
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n) + 1)
  })
})

describe('applying', () => {
  it('answers 202 applying, the worker changes the prices, and a second apply is 409', async () => {
    const made = await create({ kind: 'buyer_skus', rows: priceRows('215.00') })
    expect(made.status).toBe(201)
    const applying = await api<Job>('POST', `/imports/${made.json.id}/apply`, { token: admin })
    expect(applying.status, applying.text).toBe(202)
    expect(applying.json).toMatchObject({ id: made.json.id, status: 'applying', to_apply: 2 })
    const twice = await api<Problem>('POST', `/imports/${made.json.id}/apply`, { token: admin })
    expect(twice.status).toBe(409)
    expect(twice.json.detail).toMatch(/already being applied/)

    expect(await applyDueImports(db(), 'api-test-worker')).toBe(1)
    const done = await api<Job>('GET', `/imports/${made.json.id}`, { token: admin })
    expect(done.json).toMatchObject({
      status: 'applied',
      rows_done: 2,
      applied: { created: 1, changed: 1, unchanged: 0, refused: 0 },
    })
    expect(await currentPrice(existingId)).toBe(21_500)
    expect(await currentPrice(otherId)).toBe(30_000)
    const created = await db()
      .selectFrom('buyer_skus')
      .select('id')
      .where('buyer_code', '=', 'AI-102')
      .executeTakeFirst()
    expect(created).toBeDefined()
    const applied = await api<Page<Row>>('GET', `/imports/${made.json.id}/rows?result=changed`, { token: admin })
    expect(applied.json.data.map((r) => r.row_number)).toEqual([1])

    expect((await api<Problem>('POST', `/imports/${made.json.id}/apply`, { token: admin })).status).toBe(409)
    expect((await api<Problem>('POST', `/imports/${made.json.id}/discard`, { token: admin })).status).toBe(409)
    const audit = await db()
      .selectFrom('audit_events')
      .select('api_token_id')
      .where('entity_type', '=', 'import_job')
      .where('entity_id', '=', String(made.json.id))
      .where('action', '=', 'import_job.apply_requested')
      .executeTakeFirstOrThrow()
    expect(audit.api_token_id).not.toBeNull()
  })

  it('discards a previewed import, which is then never applied', async () => {
    const made = await create({ kind: 'buyer_skus', rows: priceRows('260.00') })
    const discarded = await api<Job>('POST', `/imports/${made.json.id}/discard`, { token: admin })
    expect(discarded.status).toBe(200)
    expect(discarded.json.status).toBe('cancelled')
    expect((await api<Problem>('POST', `/imports/${made.json.id}/apply`, { token: admin })).status).toBe(409)
    const listed = await api<Page<Job>>('GET', '/imports?status=cancelled', { token: admin })
    expect(listed.json.data.map((j) => j.id)).toContain(made.json.id)
    expect(listed.json.data.every((j) => j.status === 'cancelled')).toBe(true)
  })

  it('answers 404 for an import that is not there', async () => {
    expect((await api('GET', '/imports/999999', { token: admin })).status).toBe(404)
    expect((await api('GET', '/imports/999999/rows', { token: admin })).status).toBe(404)
    expect((await api('POST', '/imports/999999/apply', { token: admin })).status).toBe(404)
    expect((await api('POST', '/imports/999999/discard', { token: admin })).status).toBe(404)
  })
})

describe('who may and what is refused', () => {
  it('refuses buyers’ and sellers’ tokens (403)', async () => {
    for (const who of ['buyer@example.com', 'seller@example.com']) {
      const token = await tokenFor(who)
      expect((await api('GET', '/imports', { token })).status).toBe(403)
      expect((await api('GET', '/imports/1', { token })).status).toBe(403)
      expect((await create({ kind: 'buyer_skus', rows: priceRows() }, undefined, token)).status).toBe(403)
      expect((await api('POST', '/imports/1/apply', { token })).status).toBe(403)
    }
  })

  it('answers 422 with pointers at what is wrong in the body', async () => {
    const pointers = (p: { json: Problem }) => (p.json.errors ?? []).map((e) => e.pointer).sort()
    const shape = await create({ kind: 'nope', rows: [{ buyer: 1 }] })
    expect(shape.status).toBe(422)
    expect(pointers(shape)).toEqual(['/kind', '/rows/0/buyer'])
    const empty = await create({ kind: 'buyer_skus', rows: [] })
    expect(pointers(empty)).toEqual(['/rows'])
    const unknown = await create({ kind: 'buyer_skus', rows: [{ ...priceRows()[0], colour: 'red' }] })
    expect(unknown.status).toBe(422)
    expect(pointers(unknown)).toEqual(['/rows'])
    expect(unknown.json.detail).toMatch(/colour/)
    const noProduct = await create({ kind: 'product_skus', rows: [{ code: 'X' }] })
    expect(pointers(noProduct)).toEqual(['/product_id'])
    const stray = await create({ kind: 'buyer_skus', product_id: 1, rows: priceRows() })
    expect(pointers(stray)).toEqual(['/product_id'])
  })
})
