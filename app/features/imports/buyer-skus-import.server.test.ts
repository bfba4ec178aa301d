import { getDb } from '~/db.server'
import { makeBuyerSku, makeCategory, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { csvFile, xlsxFile } from '../../../tests/support/import-files'
import { auditEntriesOf } from '~/features/audit/history.server'
import { searchIds } from '~/platform/search.server'
import { applyClaimedJob, applyDueImports, cancelImport, requestApply } from './apply.server'
import { previewImport } from './preview.server'
import { importJobPage } from './queries.server'

// Buyer SKUs and prices from a file: the preview's classification (create, change, unchanged,
// refused with a reason at each cell), the file's own refusals, and applying (in chunks, twice, a
// re-check when applied, a double click).

const HEADER = ['buyer', 'product_sku', 'buyer_code', 'price', 'moq', 'note']
let staff: { userId: number }
let buyer: string
let buyerId: number
let skuCode: string
let skuId: number
let existingId: number

beforeAll(async () => {
  // An admin changes prices at once (the approval rules); an internal user's price changes become
  // requests: app/features/buyer-skus/price-channels.server.test.ts.
  staff = { userId: await userIdOf('admin@example.com') }
  buyer = 'Import Apparel'
  buyerId = await makeBuyer({ name: buyer, status: 'active' })
  skuCode = 'IMP-FAB-0001'
  skuId = await makeProductSku({ categoryId: 1, code: skuCode })
  existingId = await makeBuyerSku({
    buyerId,
    productSkuId: skuId,
    buyerCode: 'IA-100',
    priceMinor: 20_000,
    moqMilli: 100_000,
  })
})

const db = () => getDb()
const preview = (rows: string[][], name = 'prices.csv', key?: string) =>
  previewImport(db(), staff, { kind: 'buyer_skus', fileName: name, bytes: csvFile(rows), idempotencyKey: key })

async function rowsOf(id: number) {
  return db()
    .selectFrom('import_rows')
    .select([
      'row_number',
      'outcome',
      'record_key',
      'values_json',
      'before_json',
      'messages_json',
      'result',
      'result_message',
    ])
    .where('job_id', '=', id)
    .orderBy('row_number')
    .execute()
}
const messages = (row: { messages_json: string | null }) =>
  JSON.parse(row.messages_json ?? '{}') as Record<string, string>

const versionsOf = (id: number) =>
  db()
    .selectFrom('buyer_sku_versions')
    .select(['number', 'price_minor', 'moq_milli', 'note', 'created_by'])
    .where('buyer_sku_id', '=', id)
    .orderBy('number')
    .execute()

async function applied(id: number, chunk?: number) {
  const asked = await requestApply(db(), staff, id)
  expect(asked.ok).toBe(true)
  await applyDueImports(db(), 'test-worker', { chunk })
  return db().selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('the file', () => {
  it.each([
    ['an empty file', [], 'The file is empty'],
    ['a header without rows', [HEADER], 'no rows under it'],
    [
      'a missing column',
      [
        ['buyer', 'product_sku', 'buyer_code', 'moq'],
        [buyer, skuCode, 'X', '1'],
      ],
      'has no price column',
    ],
    [
      'an unknown column',
      [
        [...HEADER, 'colour'],
        [buyer, skuCode, 'IA-1', '1', '1', '', 'red'],
      ],
      'does not know: colour',
    ],
    [
      'a column twice',
      [
        [...HEADER, 'Price'],
        [buyer, skuCode, 'IA-1', '1', '1', '', '2'],
      ],
      'names price twice',
    ],
  ])('refuses %s at the file field, and writes nothing', async (_what, rows, message) => {
    const before = await db()
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const result = await preview(rows as string[][])
    expect(result).toMatchObject({ ok: false, field: 'file', message: expect.stringContaining(message) })
    const after = await db()
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('refuses bytes that are neither CSV in UTF-8 nor a workbook', async () => {
    const result = await previewImport(db(), staff, {
      kind: 'buyer_skus',
      fileName: 'prices.xls',
      bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0xff, 0xfe]),
    })
    expect(result).toMatchObject({
      ok: false,
      field: 'file',
      message: expect.stringContaining('neither an XLSX workbook nor'),
    })
  })

  it('reads headers in any case, with units in brackets, and an export’s formula guard', async () => {
    const result = await preview([
      ['Buyer', 'Product SKU', 'Buyer Code', 'Price (₹)', 'MOQ (m)', 'Note'],
      [buyer, skuCode, 'IA-100', '200.00', '100', "'=not a formula"],
    ])
    if (!result.ok) throw new Error(result.message)
    const [row] = await rowsOf(result.value.id)
    expect(row).toMatchObject({ outcome: 'unchanged' })
    expect(JSON.parse(row!.values_json).note).toBe('=not a formula')
  })
})

describe('the preview', () => {
  it('classifies each row: create, change (old → new at its cells), unchanged, refused with a reason at each cell', async () => {
    await makeSeller({ name: 'Import Mill', status: 'active' })
    const archivedSku = await makeProductSku({ categoryId: 1, code: 'IMP-FAB-OLD', status: 'archived' })
    await makeBuyerSku({ buyerId, productSkuId: skuId, buyerCode: 'IA-200', priceMinor: 30_000, moqMilli: 50_000 })
    const result = await preview([
      HEADER,
      [buyer, skuCode, 'ia-new', '150', '250', 'first'], // 2: create (code raised to capitals)
      [buyer, skuCode, 'IA-100', '210.50', '100', 'up'], // 3: change of price
      [buyer, skuCode, 'IA-200', '300', '50', ''], // 4: unchanged
      ['Nobody Ltd', 'NO-SUCH', 'IA-9', '0', 'lots', ''], // 5: refused at four cells
      [buyer, 'IMP-FAB-OLD', 'IA-OLD', '10', '1', ''], // 6: archived product SKU for a new one
      [buyer, skuCode, 'IA-NEW', '160', '250', ''], // 7: the same buyer and code as row 2
      [`#${buyerId}`, skuCode, 'IA-300', '99', '10', ''], // 8: buyer by id
    ])
    if (!result.ok) throw new Error(result.message)
    const rows = await rowsOf(result.value.id)
    expect(rows.map((r) => [r.row_number, r.outcome])).toEqual([
      [2, 'create'],
      [3, 'change'],
      [4, 'unchanged'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'create'],
    ])
    expect(rows[0]!.record_key).toBe(`${buyer} · IA-NEW`)
    expect(JSON.parse(rows[1]!.before_json!)).toEqual({ price: '200.00' })
    expect(messages(rows[3]!)).toEqual({
      buyer: expect.stringContaining('No buyer is called “Nobody Ltd”'),
      product_sku: 'No product SKU has the code NO-SUCH',
      price: 'Enter a price above ₹0',
      moq: expect.stringContaining('Enter the minimum order quantity as a number'),
    })
    expect(messages(rows[4]!)).toEqual({ product_sku: 'Product SKU IMP-FAB-OLD is archived: choose an active one' })
    expect(messages(rows[5]!)).toEqual({ buyer_code: 'An earlier row of this file names this buyer and code' })
    expect(archivedSku).toBeGreaterThan(0)

    const job = await db()
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', result.value.id)
      .executeTakeFirstOrThrow()
    expect(job).toMatchObject({
      status: 'previewed',
      rows_total: 7,
      create_count: 2,
      change_count: 1,
      unchanged_count: 1,
      refused_count: 3,
    })
    // Nothing of the catalogue is written by a preview.
    expect(await versionsOf(existingId)).toHaveLength(1)
    expect(await db().selectFrom('buyer_skus').select('id').where('buyer_code', '=', 'IA-NEW').execute()).toEqual([])
    const entries = await auditEntriesOf(db(), 'import_job', result.value.id)
    expect(entries.map((e) => e.action)).toEqual(['import_job.previewed'])

    // The page filters by outcome and pages.
    const page = await importJobPage(db(), result.value.id, new URL('http://x/skus/imports/1?show=refused'))
    expect(page?.rows.map((r) => r.number)).toEqual([5, 6, 7])
    expect(page?.columns).toEqual(HEADER)
  })

  it('refuses a change of the product SKU, of an archived buyer SKU, and a price below cost; one lowered below the floor will be a request', async () => {
    const otherSku = await makeProductSku({ categoryId: 1, code: 'IMP-FAB-0002' })
    const archived = await makeBuyerSku({ buyerId, productSkuId: skuId, buyerCode: 'IA-ARC' })
    await db().updateTable('buyer_skus').set({ status: 'archived' }).where('id', '=', archived).execute()
    // A category with a floor of 20 % and a live offer costing ₹100.
    const category = await makeCategory({ name: 'Import floor category' })
    await db().updateTable('categories').set({ margin_floor_bp: 2000 }).where('id', '=', category).execute()
    const floored = await makeProductSku({ categoryId: category, code: 'IMP-FLOOR-1' })
    const seller = await makeSeller({ name: 'Import Floor Mill', status: 'active' })
    const offer = await makeSellerSku({ sellerId: seller, productSkuId: floored, status: 'live' })
    await db().updateTable('seller_skus').set({ cost_minor: 10_000 }).where('id', '=', offer).execute()
    await makeBuyerSku({ buyerId, productSkuId: floored, buyerCode: 'IA-FL', priceMinor: 15_000 })
    const result = await preview([
      HEADER,
      [buyer, otherSku ? 'IMP-FAB-0002' : '', 'IA-100', '200', '100', ''],
      [buyer, skuCode, 'IA-ARC', '1', '1', ''],
      [buyer, 'IMP-FLOOR-1', 'IA-FL', '99', '100', ''],
      [buyer, 'IMP-FLOOR-1', 'IA-FL', '110', '100', ''],
    ])
    if (!result.ok) throw new Error(result.message)
    const rows = await rowsOf(result.value.id)
    expect(rows.map((r) => r.outcome)).toEqual(['refused', 'refused', 'refused', 'change'])
    expect(messages(rows[0]!).product_sku).toContain('a buyer SKU’s product SKU never changes')
    expect(messages(rows[1]!).buyer_code).toContain('is archived: restore it before changing it')
    expect(messages(rows[2]!).price).toContain('is below the cost (₹100.00')
    expect(messages(rows[3]!).price).toContain(
      'Needs an admin’s decision: applying makes a price-change request, and the price stays ₹150.00',
    )
  })

  it('reads an XLSX workbook’s first sheet, numbers and strings alike', async () => {
    const result = await previewImport(db(), staff, {
      kind: 'buyer_skus',
      fileName: 'prices.xlsx',
      bytes: xlsxFile([
        ['Buyer', 'Product SKU', 'Buyer code', 'Price', 'MOQ'],
        [buyer, skuCode, 'IA-100', 0.1 + 200.2 - 0.3, 100],
        [buyer, skuCode, 'IA-XL', 12.5, 3],
      ]),
    })
    if (!result.ok) throw new Error(result.message)
    const rows = await rowsOf(result.value.id)
    expect(rows.map((r) => [r.row_number, r.outcome])).toEqual([
      [2, 'unchanged'],
      [3, 'create'],
    ])
    expect(JSON.parse(rows[0]!.values_json)).toMatchObject({ price: '200', moq: '100' })
  })

  it('takes rows as records keyed by column (an API’s JSON), checked as a file’s', async () => {
    const result = await previewImport(db(), staff, {
      kind: 'buyer_skus',
      fileName: 'api',
      records: [
        { buyer, product_sku: skuCode, buyer_code: 'IA-100', price: 200, moq: 100 },
        { buyer, product_sku: skuCode, buyer_code: 'IA-JSON', price: '12.5', moq: 4, note: null },
      ],
    })
    if (!result.ok) throw new Error(result.message)
    expect((await rowsOf(result.value.id)).map((r) => [r.row_number, r.outcome])).toEqual([
      [1, 'unchanged'],
      [2, 'create'],
    ])
    expect(
      await previewImport(db(), staff, { kind: 'buyer_skus', fileName: 'api', records: [{ buyer, colour: 'red' }] }),
    ).toMatchObject({ ok: false, field: 'file', message: expect.stringContaining('does not know: colour') })
  })

  it('answers a repeated upload (the same form key) with the first import', async () => {
    const first = await preview([HEADER, [buyer, skuCode, 'IA-100', '200', '100', '']], 'again.csv', 'key-1')
    const second = await preview([HEADER, [buyer, skuCode, 'IA-100', '200', '100', '']], 'again.csv', 'key-1')
    expect(first).toMatchObject({ ok: true, value: { repeated: false } })
    expect(second).toEqual({ ok: true, value: { id: first.ok ? first.value.id : 0, repeated: true } })
  })
})

describe('applying', () => {
  it('writes the rows in chunks as the forms do (versions, search, audit), and once', async () => {
    const rows = [HEADER]
    for (let i = 1; i <= 7; i++) rows.push([buyer, skuCode, `IA-C${i}`, `${100 + i}`, '10', `row ${i}`])
    rows.push([buyer, skuCode, 'IA-100', '205', '120', 'price and MOQ up'])
    rows.push([buyer, skuCode, 'IA-BAD', '-1', '10', ''])
    const result = await preview(rows, 'chunks.csv')
    if (!result.ok) throw new Error(result.message)
    const id = result.value.id
    const job = await applied(id, 3)
    expect(job).toMatchObject({
      status: 'applied',
      rows_done: 8,
      created_count: 7,
      changed_count: 1,
      kept_count: 0,
      refused_at_apply_count: 0,
    })
    const created = await db()
      .selectFrom('buyer_skus')
      .select(['id', 'buyer_code', 'current_version', 'product_id'])
      .where('buyer_id', '=', buyerId)
      .where('buyer_code', 'like', 'IA-C%')
      .orderBy('buyer_code')
      .execute()
    expect(created.map((c) => c.buyer_code)).toEqual(['IA-C1', 'IA-C2', 'IA-C3', 'IA-C4', 'IA-C5', 'IA-C6', 'IA-C7'])
    expect(await versionsOf(created[0]!.id)).toEqual([
      { number: 1, price_minor: 10_100, moq_milli: 10_000, note: 'row 1', created_by: staff.userId },
    ])
    expect(created[0]!.product_id).not.toBeNull()
    // Found by a search, as one made by the form.
    const found = await searchIds(db(), 'buyer_sku', 'ia-c3')!.execute()
    expect(found.map((f) => f.entity_id)).toContain(created[2]!.id)
    // The change is the next version, in force now.
    const versions = await versionsOf(existingId)
    expect(versions.at(-1)).toMatchObject({ price_minor: 20_500, moq_milli: 120_000, note: 'price and MOQ up' })
    const [entry] = (await auditEntriesOf(db(), 'buyer_sku', existingId)).filter(
      (e) => e.action === 'buyer_sku.updated',
    )
    expect(JSON.parse(entry!.before_json!)).toEqual({ price: '₹200.00', moq: '100 m', version: 1 })
    expect(JSON.parse(entry!.after_json!)).toEqual({ price: '₹205.00', moq: '120 m', version: versions.at(-1)!.number })
    expect(entry!.note).toContain(`Import #${id} (chunks.csv), row 9`)
    const made = await auditEntriesOf(db(), 'buyer_sku', created[0]!.id)
    expect(made.map((e) => e.action)).toEqual(['buyer_sku.created'])
    const own = await auditEntriesOf(db(), 'import_job', id)
    // Newest first.
    expect(own.map((e) => e.action)).toEqual([
      'import_job.applied',
      'import_job.apply_requested',
      'import_job.previewed',
    ])
    expect(JSON.parse(own[0]!.after_json!)).toMatchObject({ created: 7, changed: 1, refused: 1 })

    // Applying it again changes nothing: the job is applied, and a second worker finds nothing to do.
    expect(await requestApply(db(), staff, id)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is applied'),
    })
    expect(await applyDueImports(db(), 'another-worker')).toBe(0)
    // The same file imported again: every row is now unchanged (found by its natural key).
    const again = await preview(rows, 'chunks.csv')
    if (!again.ok) throw new Error(again.message)
    const second = await db()
      .selectFrom('import_jobs')
      .selectAll()
      .where('id', '=', again.value.id)
      .executeTakeFirstOrThrow()
    expect(second).toMatchObject({ create_count: 0, change_count: 0, unchanged_count: 8, refused_count: 1 })
    expect((await versionsOf(existingId)).length).toBe(versions.length)
  })

  it('re-checks each row when applied: a record made or changed since the preview is taken as it is now', async () => {
    const result = await preview([
      HEADER,
      [buyer, skuCode, 'IA-RACE', '50', '10', ''], // made by someone else meanwhile, with the same values
      [buyer, skuCode, 'IA-ARC2', '60', '10', ''], // archived meanwhile
      [buyer, skuCode, 'IA-GONE', '70', '10', ''], // its buyer suspended meanwhile
    ])
    if (!result.ok) throw new Error(result.message)
    await makeBuyerSku({ buyerId, productSkuId: skuId, buyerCode: 'IA-RACE', priceMinor: 5_000, moqMilli: 10_000 })
    const arc = await makeBuyerSku({ buyerId, productSkuId: skuId, buyerCode: 'IA-ARC2', priceMinor: 1_000 })
    await db().updateTable('buyer_skus').set({ status: 'archived' }).where('id', '=', arc).execute()
    const job = await applied(result.value.id)
    expect(job).toMatchObject({ status: 'applied', created_count: 1, kept_count: 1, refused_at_apply_count: 1 })
    const rows = await rowsOf(result.value.id)
    expect(rows.map((r) => r.result)).toEqual(['unchanged', 'refused', 'created'])
    expect(rows[1]!.result_message).toContain('is archived: restore it before changing it')
    const page = await importJobPage(db(), result.value.id, new URL('http://x/?show=refused_when_applied'))
    expect(page?.rows.map((r) => r.number)).toEqual([3])
  })

  it('resumes after a crash mid-way without applying a row twice', async () => {
    const rows = [HEADER]
    const codes = ['IA-R1', 'IA-R2', 'IA-R3', 'IA-R4', 'IA-R5']
    for (const code of codes) rows.push([buyer, skuCode, code, '10', '1', ''])
    const result = await preview(rows)
    if (!result.ok) throw new Error(result.message)
    const id = result.value.id
    await requestApply(db(), staff, id)
    // A worker claims the job, applies a first chunk of two rows and stops there (its process dies).
    await db()
      .updateTable('import_jobs')
      .set({ claimed_by: 'dead-worker', claimed_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', id)
      .execute()
    expect(await applyClaimedJob(db(), id, 'dead-worker', { chunk: 2, chunks: 1 })).toBe('stopped')
    const made = () => db().selectFrom('buyer_skus').select('id').where('buyer_code', 'in', codes).execute()
    expect(await made()).toHaveLength(2)
    // While its lease runs, no other worker takes the job; once it has run out, the next one resumes.
    expect(await applyDueImports(db(), 'next-worker')).toBe(0)
    await db()
      .updateTable('import_jobs')
      .set({ claimed_until: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute()
    expect(await applyDueImports(db(), 'next-worker')).toBe(1)
    const all = await made()
    expect(all).toHaveLength(5)
    const versions = await db()
      .selectFrom('buyer_sku_versions')
      .select('id')
      .where(
        'buyer_sku_id',
        'in',
        all.map((m) => m.id),
      )
      .execute()
    expect(versions).toHaveLength(5)
    const job = await db().selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(job).toMatchObject({ status: 'applied', rows_done: 5, created_count: 5 })
  })

  it('lets one of two clicks (or two processes) move it; the other is told', async () => {
    const result = await preview([HEADER, [buyer, skuCode, 'IA-TWICE', '10', '1', '']])
    if (!result.ok) throw new Error(result.message)
    const id = result.value.id
    const answers = await Promise.all([requestApply(db(), staff, id), requestApply(db(), staff, id)])
    expect(answers.filter((a) => a.ok)).toHaveLength(1)
    expect(answers.find((a) => !a.ok)).toMatchObject({ message: expect.stringContaining('is already being applied') })
    // Two workers at once: the lease lets one apply it.
    const done = await Promise.all([applyDueImports(db(), 'w1'), applyDueImports(db(), 'w2')])
    expect(done[0] + done[1]).toBe(1)
    const made = await db().selectFrom('buyer_skus').select('id').where('buyer_code', '=', 'IA-TWICE').execute()
    expect(made).toHaveLength(1)
    expect(await versionsOf(made[0]!.id)).toHaveLength(1)
  })

  it('discards a previewed import, which is then never applied', async () => {
    const result = await preview([HEADER, [buyer, skuCode, 'IA-DISCARD', '10', '1', '']])
    if (!result.ok) throw new Error(result.message)
    expect(await cancelImport(db(), staff, result.value.id)).toEqual({ ok: true, value: undefined })
    expect(await requestApply(db(), staff, result.value.id)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is discarded'),
    })
    expect(await db().selectFrom('buyer_skus').select('id').where('buyer_code', '=', 'IA-DISCARD').execute()).toEqual(
      [],
    )
  })
})
