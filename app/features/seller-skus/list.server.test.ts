// The live and draft lists: status, search over the seller's code and the product SKU, filters, sort.
import { getDb } from '~/db.server'
import { makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeSeller } from '../../../tests/support/companies'
import { listSellerSkus } from './list.server'
import { readSellerSkuFilters } from './schema'

const list = (query: string, page: 'live' | 'draft' = 'live') =>
  listSellerSkus(getDb(), readSellerSkuFilters(new URL(`http://x/l?${query}`), page))
const ids = async (query: string, page: 'live' | 'draft' = 'live') => (await list(query, page)).rows.map((r) => r.id)

let sellerName: string
let sellerId: number
let fabricSku: number
let yarnSku: number
let live: number
let draft: number
let archived: number
let yarnLive: number

beforeAll(async () => {
  const db = getDb()
  sellerName = `Quillon Weavers ${Date.now()}`
  sellerId = await makeSeller({ name: sellerName, status: 'active' })
  const yarnCategory = await db
    .selectFrom('categories')
    .innerJoin('products', 'products.id', 'categories.product_id')
    .select('categories.id')
    .where('products.slug', '=', 'yarn')
    .executeTakeFirstOrThrow()
  // Demo category 1 is fabric's "Cotton shirting".
  fabricSku = await makeProductSku({ categoryId: 1, code: 'ZQX-PLAIN-01', name: 'Zephyr quill poplin' })
  yarnSku = await makeProductSku({
    categoryId: yarnCategory.id,
    code: 'ZQX-YARN-02',
    name: 'Zephyr combed yarn',
    attributes: {},
  })
  live = await makeSellerSku({ sellerId, productSkuId: fabricSku, status: 'live', sellerCode: 'QW-ALPHA-7' })
  draft = await makeSellerSku({
    sellerId,
    productSkuId: await makeProductSku({ categoryId: 1 }),
    status: 'draft',
    complete: false,
  })
  archived = await makeSellerSku({
    sellerId,
    productSkuId: await makeProductSku({ categoryId: 1 }),
    status: 'archived',
  })
  yarnLive = await makeSellerSku({ sellerId, productSkuId: yarnSku, status: 'live', sellerCode: 'QW-BETA-8' })
  await db.updateTable('seller_skus').set({ cost_minor: 99_999_00 }).where('id', '=', yarnLive).execute()
})

describe('the seller SKU lists', () => {
  it('show one status each; the draft page finds archived offers on request', async () => {
    const filter = `seller=%23${sellerId}`
    expect((await ids(filter)).sort()).toEqual([live, yarnLive].sort())
    expect(await ids(filter, 'draft')).toEqual([draft])
    expect(await ids(`${filter}&status=archived`, 'draft')).toEqual([archived])
    // The live page has no status choice.
    expect((await ids(`${filter}&status=archived`)).sort()).toEqual([live, yarnLive].sort())
  })

  it('say what a draft still needs to be published', async () => {
    const [row] = (await list(`seller=%23${sellerId}`, 'draft')).rows
    expect(row.missing).toBe('seller’s code, cost price, MOQ, monthly capacity, lead time')
  })

  it('search by word prefix over the seller’s code and the product SKU’s code and name', async () => {
    expect(await ids('q=qw-alph')).toEqual([live])
    expect(await ids('q=zqx-yarn')).toEqual([yarnLive])
    expect((await ids('q=zephyr')).sort()).toEqual([live, yarnLive].sort())
    expect(await ids('q=zephyr+poplin')).toEqual([live])
    expect(await ids('q=nothing-like-this-xyz')).toEqual([])
  })

  it('filter by seller (#id or exact name), product and category', async () => {
    expect((await ids(`seller=${encodeURIComponent(sellerName.toUpperCase())}`)).sort()).toEqual(
      [live, yarnLive].sort(),
    )
    const yarn = await getDb().selectFrom('products').select('id').where('slug', '=', 'yarn').executeTakeFirstOrThrow()
    expect(await ids(`seller=%23${sellerId}&product=${yarn.id}`)).toEqual([yarnLive])
    expect(await ids(`seller=%23${sellerId}&category=1`)).toEqual([live])
    const unknown = await list('seller=Nobody+Called+This+Zz')
    expect(unknown.rows).toEqual([])
    expect(unknown.sellerError).toMatch(/No seller matches/)
  })

  it('sort by cost or by last update, and count the demo offers', async () => {
    expect(await ids(`seller=%23${sellerId}&sort=cost&dir=desc`)).toEqual([yarnLive, live])
    expect(await ids(`seller=%23${sellerId}&sort=cost&dir=asc`)).toEqual([live, yarnLive])
    const all = await list('')
    expect(all.total).toBeGreaterThan(100)
    expect(all.rows).toHaveLength(25)
    const dates = all.rows.map((r) => r.updatedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    const row = all.rows.find((r) => r.id === live)!
    expect(row).toMatchObject({ sellerName, productSkuCode: 'ZQX-PLAIN-01', productName: 'Fabric', unit: 'm' })
  })
})
