import { getDb } from '~/db.server'
import { auditEntriesOf } from '~/features/audit/history.server'
import { searchIds } from '~/platform/search.server'
import { makeProductLine, makeProductSku, makeSellerSku, productBySlug } from '../../../tests/support/catalogue'
import { makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { csvFile, xlsxFile } from '../../../tests/support/import-files'
import { applyDueImports, requestApply } from './apply.server'
import { previewImport } from './preview.server'
import type { ImportKindKey } from '#db/types'

// Product SKUs, seller SKUs (offers) and sellers' cost updates from a file: each kind's create,
// change, unchanged and refused rows (reasons at their cells), then applied as the forms would.

let staff: { userId: number }
let fabricId: number

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  fabricId = (await productBySlug('fabric')).id
})

const db = () => getDb()

async function previewOf(
  kind: ImportKindKey,
  rows: (string | number)[][],
  options: { productId?: number; xlsx?: boolean } = {},
) {
  const result = await previewImport(db(), staff, {
    kind,
    productId: options.productId,
    fileName: options.xlsx ? 'file.xlsx' : 'file.csv',
    bytes: options.xlsx ? xlsxFile(rows) : csvFile(rows as string[][]),
  })
  if (!result.ok) throw new Error(result.message)
  const rowsOf = await db()
    .selectFrom('import_rows')
    .select(['row_number', 'outcome', 'before_json', 'messages_json', 'result', 'result_message'])
    .where('job_id', '=', result.value.id)
    .orderBy('row_number')
    .execute()
  return {
    id: result.value.id,
    outcomes: rowsOf.map((r) => r.outcome),
    before: rowsOf.map((r) => (r.before_json ? JSON.parse(r.before_json) : null)),
    messages: rowsOf.map((r) => (r.messages_json ? JSON.parse(r.messages_json) : null)),
  }
}

async function apply(id: number) {
  expect((await requestApply(db(), staff, id)).ok).toBe(true)
  await applyDueImports(db(), 'test-worker')
  return db().selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('product SKUs', () => {
  const HEADER = ['code', 'name', 'category', 'product_line', 'moq', 'composition', 'weave', 'gsm', 'width', 'colour']

  it('classifies rows by code against the product’s schema, categories and lines', async () => {
    await makeProductSku({ categoryId: 1, code: 'PIM-0001', name: 'Import shirting', moqMilli: 500_000 })
    await makeProductSku({
      productSlug: 'yarn',
      code: 'PIM-YARN-1',
      attributes: { count: '30', composition: 'cotton', ply: '1', spinning: 'ring' },
    })
    const preview = await previewOf(
      'product_skus',
      [
        HEADER,
        ['pim-new-1', 'New import twill', 'Denim', 'Denim', '250', '100% cotton', 'Twill', '180.0', '58', ''],
        ['PIM-0001', 'Import shirting', 'Cotton shirting', '', '500', '100% cotton', 'twill', '180', '60', 'Indigo'],
        ['PIM-0001', 'Import shirting', 'Cotton shirting', '', '500', '100% cotton', 'twill', '180', '58', 'Indigo'],
        ['PIM-YARN-1', 'Yarn here', 'Denim', '', '1', 'c', 'twill', '1', '1', ''],
        ['PIM-BAD', 'X', 'Velvet', 'Nope', 'much', '', 'tweed', 'heavy', '58', ''],
      ],
      { productId: fabricId },
    )
    expect(preview.outcomes).toEqual(['create', 'change', 'refused', 'refused', 'refused'])
    // The change shows each changed cell's old value (the line was none; it stays none).
    expect(preview.before[1]).toEqual({ width: '58' })
    expect(preview.messages[2]).toEqual({ code: 'An earlier row of this file has this code' })
    expect(preview.messages[3]).toEqual({ code: 'PIM-YARN-1 is a Yarn SKU: import it with the Yarn SKUs' })
    expect(preview.messages[4]).toEqual({
      name: expect.stringContaining('at least 2 characters'),
      category: 'No fabric category is called “Velvet”',
      product_line: 'No fabric product line is called “Nope”',
      moq: expect.stringContaining('Enter the MOQ as a number'),
      composition: 'Enter composition',
      weave: 'Choose one of: plain, twill, satin, dobby, knit',
      gsm: expect.stringContaining('Enter weight as a number in g/m²'),
    })
  })

  it('keeps the values of columns left out, reads an export’s headers, and writes as the forms do', async () => {
    const line = await makeProductLine(fabricId, 'Import line')
    const existing = await makeProductSku({
      categoryId: 1,
      code: 'PIM-KEEP',
      name: 'Kept shirting',
      productLineId: line,
      attributes: { composition: 'linen', weave: 'plain', gsm: '150', width: '44', colour: 'Sand' },
    })
    const preview = await previewOf(
      'product_skus',
      [
        // The list's CSV export's headers, its id and status columns left out by the import.
        ['ID', 'Code', 'Name', 'Category', 'MOQ (m)', 'Status', 'Weight (g/m²)'],
        [String(existing), 'PIM-KEEP', 'Kept shirting, heavier', 'Cotton shirting', '100', 'active', '160'],
        ['', 'PIM-MADE', 'Made by import', 'Linen', '20', 'active', '150'],
      ],
      { productId: fabricId },
    )
    // The new one has no composition (its column is left out and it has none to keep).
    expect(preview.outcomes).toEqual(['change', 'refused'])
    expect(preview.messages[1]).toMatchObject({ composition: 'Enter composition', weave: expect.any(String) })
    expect(preview.before[0]).toEqual({ name: 'Kept shirting', gsm: '150' })
    const job = await apply(preview.id)
    expect(job).toMatchObject({ status: 'applied', changed_count: 1 })
    const sku = await db().selectFrom('product_skus').selectAll().where('id', '=', existing).executeTakeFirstOrThrow()
    expect(sku).toMatchObject({ name: 'Kept shirting, heavier', product_line_id: line, moq_milli: 100_000 })
    expect(JSON.parse(sku.attributes_json)).toEqual({
      composition: 'linen',
      weave: 'plain',
      gsm: '160',
      width: '44',
      colour: 'Sand',
    })
    const filter = await db()
      .selectFrom('product_sku_attributes')
      .select(['key', 'value'])
      .where('product_sku_id', '=', existing)
      .orderBy('key')
      .execute()
    expect(filter).toContainEqual({ key: 'gsm', value: '160' })
    expect(filter).toHaveLength(5)
    const [entry] = await auditEntriesOf(db(), 'product_sku', existing)
    expect(entry).toMatchObject({ action: 'product_sku.updated' })
    expect(JSON.parse(entry!.before_json!)).toEqual({ name: 'Kept shirting', Weight: '150' })
    expect(JSON.parse(entry!.after_json!)).toEqual({ name: 'Kept shirting, heavier', Weight: '160' })
  })

  it('creates SKUs from an XLSX workbook, searchable and filterable', async () => {
    const preview = await previewOf(
      'product_skus',
      [
        HEADER,
        ['PIM-X1', 'Workbook denim', 'Denim', 'Denim', 300, 'cotton', 'twill', 380, 58, 'Blue'],
        ['PIM-X2', 'Workbook linen', 'Linen', '', 12.5, 'linen', 'plain', 140.5, 44, ''],
      ],
      { productId: fabricId, xlsx: true },
    )
    expect(preview.outcomes).toEqual(['create', 'create'])
    expect(await apply(preview.id)).toMatchObject({ status: 'applied', created_count: 2 })
    const made = await db()
      .selectFrom('product_skus')
      .select(['id', 'code', 'moq_milli', 'attributes_json', 'product_line_id', 'status'])
      .where('code', 'in', ['PIM-X1', 'PIM-X2'])
      .orderBy('code')
      .execute()
    expect(made.map((m) => [m.code, m.moq_milli, m.status])).toEqual([
      ['PIM-X1', 300_000, 'active'],
      ['PIM-X2', 12_500, 'active'],
    ])
    expect(JSON.parse(made[1]!.attributes_json)).toEqual({
      composition: 'linen',
      weave: 'plain',
      gsm: '140.5',
      width: '44',
    })
    expect((await searchIds(db(), 'product_sku', 'workbook denim')!.execute()).map((r) => r.entity_id)).toEqual([
      made[0]!.id,
    ])
    const twill = await db()
      .selectFrom('product_sku_attributes')
      .select('product_sku_id')
      .where('key', '=', 'weave')
      .where('value', '=', 'twill')
      .where('product_sku_id', '=', made[0]!.id)
      .execute()
    expect(twill).toHaveLength(1)
    expect((await auditEntriesOf(db(), 'product_sku', made[0]!.id)).map((e) => e.action)).toEqual([
      'product_sku.created',
    ])
  })
})

describe('seller SKUs (offers)', () => {
  const HEADER = ['seller', 'product_sku', 'seller_code', 'cost', 'moq', 'monthly_capacity', 'lead_time_days', 'status']
  let seller: number

  beforeAll(async () => {
    seller = await makeSeller({ name: 'Offer Import Mills', status: 'active' })
    await makeSeller({ name: 'Sleeping Mills', status: 'suspended' })
  })

  it('creates drafts and live offers, changes an open offer’s terms and status, and refuses what the forms refuse', async () => {
    const a = await makeProductSku({ categoryId: 1, code: 'OIM-A' })
    const b = await makeProductSku({ categoryId: 1, code: 'OIM-B' })
    await makeProductSku({ categoryId: 1, code: 'OIM-C' })
    await makeProductSku({ categoryId: 1, code: 'OIM-D' })
    const live = await makeSellerSku({ sellerId: seller, productSkuId: a, status: 'live', sellerCode: 'OIM-S-A' })
    const draft = await makeSellerSku({ sellerId: seller, productSkuId: b, status: 'draft', complete: false })
    const preview = await previewOf('seller_skus', [
      HEADER,
      ['Offer Import Mills', 'OIM-C', 'S-C', '150', '100', '5000', '14', 'live'], // create live
      ['Offer Import Mills', 'OIM-D', '', '', '', '', '', ''], // create draft, empty terms
      ['Offer Import Mills', 'OIM-A', 'OIM-S-A', '130', '500', '50000', '21', ''], // change cost only (status kept)
      ['Offer Import Mills', 'OIM-B', 'S-B', '90', '10', '100', '7', 'live'], // publish a draft
      ['Offer Import Mills', 'OIM-A', '', '', '', '', '', ''], // same offer again
      ['Sleeping Mills', 'OIM-C', '', '', '', '', '', 'live'], // suspended seller, incomplete live
      ['Offer Import Mills', 'NO-SUCH', 'x', '-5', '0', '', '400', 'archived'],
    ])
    expect(preview.outcomes).toEqual(['create', 'create', 'change', 'change', 'refused', 'refused', 'refused'])
    expect(preview.before[2]).toEqual({ cost: '125.00' })
    expect(preview.before[3]).toMatchObject({ seller_code: '', cost: '', status: 'draft' })
    expect(preview.messages[4]).toEqual({
      product_sku: 'An earlier row of this file names this seller and product SKU',
    })
    expect(preview.messages[5]).toMatchObject({
      seller: 'Sleeping Mills is not active: offers are made for active sellers only',
      seller_code: 'Enter the seller’s code to publish',
      cost: 'Enter a cost price above ₹0 to publish',
    })
    expect(preview.messages[6]).toEqual({
      product_sku: 'No product SKU has the code NO-SUCH',
      cost: expect.stringContaining('Enter the cost price in rupees'),
      moq: 'Enter an MOQ above 0',
      lead_time_days: 'Enter the lead time as whole days, from 1 to 365',
      status: 'An import makes draft or live offers: archive an offer on its page',
    })

    const job = await apply(preview.id)
    expect(job).toMatchObject({ status: 'applied', created_count: 2, changed_count: 2 })
    const offers = await db()
      .selectFrom('seller_skus')
      .innerJoin('product_skus', 'product_skus.id', 'seller_skus.product_sku_id')
      .select([
        'product_skus.code',
        'seller_skus.id',
        'seller_skus.status',
        'seller_skus.cost_minor',
        'seller_skus.published_at',
      ])
      .where('seller_skus.seller_id', '=', seller)
      .orderBy('product_skus.code')
      .execute()
    expect(offers.map((o) => [o.code, o.status, o.cost_minor])).toEqual([
      ['OIM-A', 'live', 13_000],
      ['OIM-B', 'live', 9_000],
      ['OIM-C', 'live', 15_000],
      ['OIM-D', 'draft', null],
    ])
    expect(offers[1]!.published_at).not.toBeNull()
    const published = (await auditEntriesOf(db(), 'seller_sku', draft)).map((e) => e.action).sort()
    expect(published).toEqual(['seller_sku.published', 'seller_sku.updated'])
    const [costEntry] = await auditEntriesOf(db(), 'seller_sku', live)
    expect(JSON.parse(costEntry!.before_json!)).toEqual({ cost: '₹125.00' })
    expect(JSON.parse(costEntry!.after_json!)).toEqual({ cost: '₹130.00' })
    expect((await searchIds(db(), 'seller_sku', 's-c')!.execute()).map((r) => r.entity_id)).toContain(offers[2]!.id)
  })
})

describe('sellers’ cost updates', () => {
  it('changes the cost of open offers only', async () => {
    const seller = await makeSeller({ name: 'Cost Import Mills', status: 'active' })
    const a = await makeProductSku({ categoryId: 1, code: 'CIM-A' })
    const b = await makeProductSku({ categoryId: 1, code: 'CIM-B' })
    const c = await makeProductSku({ categoryId: 1, code: 'CIM-C' })
    const offer = await makeSellerSku({ sellerId: seller, productSkuId: a, status: 'live' })
    await makeSellerSku({ sellerId: seller, productSkuId: b, status: 'draft' })
    await makeSellerSku({ sellerId: seller, productSkuId: c, status: 'archived' })
    const preview = await previewOf('seller_costs', [
      ['Seller', 'Product SKU', 'Cost'],
      [`#${seller}`, 'CIM-A', '140'],
      ['Cost Import Mills', 'CIM-B', '125.00'],
      ['Cost Import Mills', 'CIM-C', '99'],
      ['Cost Import Mills', 'CIM-A', ''],
    ])
    expect(preview.outcomes).toEqual(['change', 'unchanged', 'refused', 'refused'])
    expect(preview.messages[2]).toEqual({
      product_sku: 'Cost Import Mills has no draft or live offer of CIM-C: import it as a seller SKU first',
    })
    expect(preview.messages[3]).toEqual({ cost: 'Enter the cost price' })
    expect(await apply(preview.id)).toMatchObject({ status: 'applied', changed_count: 1 })
    const stored = await db()
      .selectFrom('seller_skus')
      .select(['cost_minor', 'status'])
      .where('id', '=', offer)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ cost_minor: 14_000, status: 'live' })
  })
})
