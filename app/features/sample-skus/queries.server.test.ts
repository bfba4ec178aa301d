// The one sample SKU list: search, filters, sort, pages, as every portal shows it.
import { getDb } from '~/db.server'
import { makeSampleSku } from '../../../tests/support/catalogue'
import { listSampleSkus } from './queries.server'
import { readSampleSkuFilters } from './schema'

const list = (query: string) => listSampleSkus(getDb(), readSampleSkuFilters(new URL(`http://x/list?${query}`)))
const codes = async (query: string) => (await list(query)).rows.map((r) => r.code)

const TAG = `Q${process.pid}`
let yarnCategory: number

beforeAll(async () => {
  const db = getDb()
  const yarn = await db
    .selectFrom('categories')
    .innerJoin('products', 'products.id', 'categories.product_id')
    .select('categories.id')
    .where('products.slug', '=', 'yarn')
    .where('categories.active', '=', 1)
    .executeTakeFirstOrThrow()
  yarnCategory = yarn.id
  // Category 1 is the demo's "Cotton shirting" (fabric).
  await makeSampleSku({ categoryId: 1, code: `${TAG}-A`, name: `Zephyr swatch ${TAG}`, chargeMinor: 0 })
  await makeSampleSku({ categoryId: 1, code: `${TAG}-B`, name: `Zephyr piece ${TAG}`, active: false })
  const empty = await makeSampleSku({
    categoryId: yarnCategory,
    code: `${TAG}-C`,
    name: `Zephyr cone ${TAG}`,
    chargeMinor: 15_000,
  })
  await db.updateTable('sample_skus').set({ stock: 0 }).where('id', '=', empty).execute()
})

describe('the sample SKU list', () => {
  it('shows active ones by default, inactive or all on request', async () => {
    expect(await codes(`q=${TAG}`)).toEqual([`${TAG}-A`, `${TAG}-C`])
    expect(await codes(`q=${TAG}&state=inactive`)).toEqual([`${TAG}-B`])
    expect(await codes(`q=${TAG}&state=all`)).toEqual([`${TAG}-A`, `${TAG}-B`, `${TAG}-C`])
    const demo = await list('')
    expect(demo.rows.every((r) => r.active)).toBe(true)
    expect(demo.total).toBeGreaterThan(50)
    expect(demo.rows).toHaveLength(25)
  })

  it('finds by word prefix over code and name', async () => {
    expect(await codes(`q=zeph+${TAG.toLowerCase()}&state=all`)).toEqual([`${TAG}-A`, `${TAG}-B`, `${TAG}-C`])
    expect(await codes(`q=${TAG}-c`)).toEqual([`${TAG}-C`])
    expect(await codes(`q=cone+${TAG}`)).toEqual([`${TAG}-C`])
    expect(await codes(`q=${TAG}+nosuchword`)).toEqual([])
  })

  it('filters by category, product and stock', async () => {
    expect(await codes(`q=${TAG}&category=1`)).toEqual([`${TAG}-A`])
    const fabric = await getDb()
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'fabric')
      .executeTakeFirstOrThrow()
    expect(await codes(`q=${TAG}&product=${fabric.id}&state=all`)).toEqual([`${TAG}-A`, `${TAG}-B`])
    expect(await codes(`q=${TAG}&in_stock=1`)).toEqual([`${TAG}-A`])
    const inCategory = await list('category=1&state=all')
    expect(inCategory.rows.every((r) => r.categoryName === 'Cotton shirting' && r.productName === 'Fabric')).toBe(true)
  })

  it('sorts by code, name or last change, either way', async () => {
    expect(await codes(`q=${TAG}&sort=code&dir=desc`)).toEqual([`${TAG}-C`, `${TAG}-A`])
    expect(await codes(`q=${TAG}&sort=name`)).toEqual([`${TAG}-C`, `${TAG}-A`])
    const byUpdate = (await list('sort=updated&dir=desc')).rows.map((r) => r.updatedAt)
    expect(byUpdate).toEqual([...byUpdate].sort().reverse())
  })

  it('ignores values it does not know and pages past the end quietly', async () => {
    expect(await codes(`q=${TAG}&state=bogus&sort=evil&category=abc`)).toEqual([`${TAG}-A`, `${TAG}-C`])
    expect((await list(`q=${TAG}&page=5`)).rows).toEqual([])
  })
})
