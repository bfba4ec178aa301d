import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import * as editRoute from '~/routes/_main+/skus.$productSkus.$productSKUId.edit'
import * as exportRoute from '~/routes/_main+/skus.$productSkus.export[.csv]'
import * as listRoute from '~/routes/_main+/skus.$productSkus._index'
import { makeProductLine, makeProductSku, productBySlug } from '../../../tests/support/catalogue'
import { parseCsv } from '../../../tests/support/csv'
import { cookieFor, userIdOf } from '../../../tests/support/db'
import { setFlag } from '../flags/flags.server'
import { compareSkus } from './compare.server'
import { listProductSkus } from './list.server'
import { productOfSkusSegment, type SkuProduct } from './queries.server'
import { readSkuFilters } from './schema'

// Every SKU here is named "Wombat …" (a word no demo SKU has) in demo category 1 (Cotton shirting).
let fabric: SkuProduct
let lineId: number
let staff: string
const ids: Record<string, number> = {}
const CATEGORY = 1

const attrs = (weave: string, gsm: string, composition = '100% cotton') => ({ composition, weave, gsm, width: '58' })

beforeAll(async () => {
  fabric = (await productOfSkusSegment(getDb(), 'fabric_skus'))!
  lineId = await makeProductLine((await productBySlug('fabric')).id, 'Wombat line')
  staff = await cookieFor('internal')
  ids.a = await makeProductSku({
    categoryId: CATEGORY,
    code: 'WMB-A',
    name: 'Wombat alpha',
    attributes: attrs('twill', '180'),
    productLineId: lineId,
  })
  ids.b = await makeProductSku({
    categoryId: CATEGORY,
    code: 'WMB-B',
    name: 'Wombat bravo',
    attributes: attrs('plain', '120', '=HYPERLINK("x")'),
  })
  ids.c = await makeProductSku({
    categoryId: CATEGORY,
    code: 'WMB-C',
    name: 'Wombat charlie',
    attributes: attrs('twill', '120'),
    status: 'archived',
  })
})

const list = (query: string) =>
  listProductSkus(
    getDb(),
    fabric,
    readSkuFilters(new URL(`http://localhost/x?${query.includes('q=') ? '' : 'q=wombat&'}${query}`), fabric.schema),
  )
const codes = async (query: string) => (await list(query)).rows.map((r) => r.code)

describe('the product SKUs list', () => {
  it('searches by word prefix and shows active SKUs by default, sorted by code', async () => {
    expect(await codes('')).toEqual(['WMB-A', 'WMB-B'])
    expect(await codes('q=womb+brav')).toEqual(['WMB-B'])
    expect(await codes('status=archived')).toEqual(['WMB-C'])
    expect(await codes('status=all&sort=code&dir=desc')).toEqual(['WMB-C', 'WMB-B', 'WMB-A'])
    expect(await codes('status=all&sort=name')).toEqual(['WMB-A', 'WMB-B', 'WMB-C'])
  })

  it('filters by attribute values (any case, numbers normalised), category and product line', async () => {
    expect(await codes('attr.weave=TWILL&status=all')).toEqual(['WMB-A', 'WMB-C'])
    expect(await codes('attr.gsm=120.0&status=all')).toEqual(['WMB-B', 'WMB-C'])
    expect(await codes('attr.weave=twill&attr.gsm=120&status=all')).toEqual(['WMB-C'])
    // An enum value outside the schema is no filter at all.
    expect(await codes('attr.weave=velvet')).toEqual(['WMB-A', 'WMB-B'])
    expect(await codes(`line=${lineId}`)).toEqual(['WMB-A'])
    expect(await codes('category=2')).toEqual([])
    const counted = await list('attr.weave=twill&status=all')
    expect(counted.total).toBe(2)
  })

  it('gives the same page and count for a broad search (walking the sort index) as for a narrow one', async () => {
    for (const query of [
      'q=cotton',
      'q=twill&sort=name&dir=desc',
      'q=indigo&status=all&sort=updated',
      'q=wombat',
      'q=plain&page=2',
    ]) {
      const filters = readSkuFilters(new URL(`http://localhost/x?${query}`), fabric.schema)
      const narrow = await listProductSkus(getDb(), fabric, filters, { broadSearchFrom: 1_000_000 })
      const broad = await listProductSkus(getDb(), fabric, filters, { broadSearchFrom: 0 })
      expect(
        broad.rows.map((r) => r.code),
        query,
      ).toEqual(narrow.rows.map((r) => r.code))
      expect({ total: broad.total, capped: broad.capped }, query).toEqual({
        total: narrow.total,
        capped: narrow.capped,
      })
    }
    expect(
      (await listProductSkus(getDb(), fabric, readSkuFilters(new URL('http://localhost/x?q=cotton'), fabric.schema)))
        .rows.length,
    ).toBeGreaterThan(0)
  })

  it('counts without a search too, matching the database', async () => {
    const result = await listProductSkus(
      getDb(),
      fabric,
      readSkuFilters(new URL(`http://localhost/x?category=${CATEGORY}&attr.weave=dobby`), fabric.schema),
    )
    const expected = await getDb()
      .selectFrom('product_skus')
      .innerJoin('product_sku_attributes as a', 'a.product_sku_id', 'product_skus.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('category_id', '=', CATEGORY)
      .where('status', '=', 'active')
      .where('a.key', '=', 'weave')
      .where('a.value', '=', 'dobby')
      .executeTakeFirstOrThrow()
    expect(result.total).toBe(Number(expected.n))
    expect(result.rows.length).toBe(Math.min(25, Number(expected.n)))
    expect(result.rows.every((r) => r.attributes.weave === 'dobby' && r.categoryId === CATEGORY)).toBe(true)
  })
})

const args = (path: string, params: Record<string, string>, cookie = staff) =>
  ({
    request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
    params,
    context: {},
  }) as LoaderFunctionArgs & ActionFunctionArgs

async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
  throw new Error('expected the route to throw a response')
}

describe('the product SKU routes', () => {
  it('answer 404 for anything but an active product`s `<slug>_skus`, and for a SKU of another product', async () => {
    expect(await thrownStatus(() => listRoute.loader(args('/skus/fabric', { productSkus: 'fabric' })))).toBe(404)
    expect(await thrownStatus(() => listRoute.loader(args('/skus/velvet_skus', { productSkus: 'velvet_skus' })))).toBe(
      404,
    )
    await getDb().updateTable('products').set({ active: 0 }).where('slug', '=', 'garments').execute()
    expect(
      await thrownStatus(() => listRoute.loader(args('/skus/garments_skus', { productSkus: 'garments_skus' }))),
    ).toBe(404)
    await getDb().updateTable('products').set({ active: 1 }).where('slug', '=', 'garments').execute()
    const yarnSku = await makeProductSku({
      productSlug: 'yarn',
      attributes: { count: '40', composition: 'cotton', ply: '2', spinning: 'ring' },
    })
    expect(
      await thrownStatus(() =>
        editRoute.loader(
          args(`/skus/fabric_skus/${yarnSku}/edit`, { productSkus: 'fabric_skus', productSKUId: String(yarnSku) }),
        ),
      ),
    ).toBe(404)
    const ok = await editRoute.loader(
      args(`/skus/yarn_skus/${yarnSku}/edit`, { productSkus: 'yarn_skus', productSKUId: String(yarnSku) }),
    )
    expect(ok.sku.values.attr).toEqual({ count: '40', composition: 'cotton', ply: '2', spinning: 'ring' })
  })

  it('export every matching SKU as CSV, one column per attribute, formulas made inert', async () => {
    const response = await exportRoute.loader(
      args('/skus/fabric_skus/export.csv?q=wombat&status=all&page=2', { productSkus: 'fabric_skus' }),
    )
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const rows = parseCsv(await response.text())
    expect(rows.map((r) => r.Code)).toEqual(['WMB-A', 'WMB-B', 'WMB-C'])
    expect(Object.keys(rows[0])).toEqual([
      'ID',
      'Code',
      'Name',
      'Category',
      'Product line',
      'MOQ (m)',
      'Status',
      'Composition',
      'Weave',
      'Weight (g/m²)',
      'Width (in)',
      'Colour',
      'Updated (IST)',
    ])
    expect(rows[0]).toMatchObject({
      Category: 'Cotton shirting',
      'Product line': 'Wombat line',
      Weave: 'twill',
      'Weight (g/m²)': '180',
      'MOQ (m)': '100',
    })
    expect(rows[1].Composition).toBe(`'=HYPERLINK("x")`)
  })

  it('hide the export link and answer 404 for the export while the sku_csv_export flag is off', async () => {
    const admin = await userIdOf('admin@example.com')
    expect((await listRoute.loader(args('/skus/fabric_skus', { productSkus: 'fabric_skus' }))).canExport).toBe(true)
    await setFlag(getDb(), admin, 'sku_csv_export', { enabled: false, roles: [] })
    expect((await listRoute.loader(args('/skus/fabric_skus', { productSkus: 'fabric_skus' }))).canExport).toBe(false)
    expect(
      await thrownStatus(() =>
        exportRoute.loader(args('/skus/fabric_skus/export.csv', { productSkus: 'fabric_skus' })),
      ),
    ).toBe(404)
    // On for admins only: internal staff still get 404.
    await setFlag(getDb(), admin, 'sku_csv_export', { enabled: true, roles: ['admin'] })
    expect(
      await thrownStatus(() =>
        exportRoute.loader(args('/skus/fabric_skus/export.csv', { productSkus: 'fabric_skus' })),
      ),
    ).toBe(404)
    await setFlag(getDb(), admin, 'sku_csv_export', { enabled: true, roles: [] })
    expect(
      (await exportRoute.loader(args('/skus/fabric_skus/export.csv?q=wombat', { productSkus: 'fabric_skus' }))).status,
    ).toBe(200)
  })
})

describe('comparing SKUs of a category', () => {
  it('shows the chosen SKUs side by side and marks the rows that differ', async () => {
    const result = (await compareSkus(getDb(), CATEGORY, { q: '', ids: [ids.a, ids.c], codes: '' }))!
    expect(result.chosen.map((s) => s.code)).toEqual(['WMB-A', 'WMB-C'])
    const row = (label: string) => result.rows.find((r) => r.label === label)!
    expect(row('Weave')).toEqual({ label: 'Weave', values: ['twill', 'twill'], differs: false })
    expect(row('Weight (g/m²)')).toEqual({ label: 'Weight (g/m²)', values: ['180 g/m²', '120 g/m²'], differs: true })
    expect(row('Status').differs).toBe(true)
  })

  it('leaves out SKUs of other categories and unknown codes, with a message; 404s an unknown category', async () => {
    const elsewhere = await makeProductSku({ categoryId: 2, code: 'WMB-ELSEWHERE' })
    const result = (await compareSkus(getDb(), CATEGORY, { q: 'wombat', ids: [elsewhere], codes: 'wmb-b, NOPE-1' }))!
    expect(result.chosen.map((s) => s.code)).toEqual(['WMB-B'])
    expect(result.messages).toEqual([
      'No SKU has the code NOPE-1.',
      'Not in Cotton shirting, so left out: WMB-ELSEWHERE.',
    ])
    // Candidates: active SKUs of the category matching the search, not already chosen.
    expect(result.candidates.map((s) => s.code)).toEqual(['WMB-A'])
    expect(await compareSkus(getDb(), 99999, { q: '', ids: [], codes: '' })).toBeUndefined()
  })
})
