import { getDb } from '~/db.server'
import { api, tokenFor } from '../../../tests/support/api'
import { makeBuyerSku, makeProductSku } from '../../../tests/support/catalogue'
import { makeBuyer } from '../../../tests/support/companies'
import { viewerFor } from '../../../tests/support/db'

// Buyer SKUs through the API: a buyer reads its own active SKUs with the price in force (never a
// seller or a cost), another buyer's is 404; staff of the main portal read any; sellers none.

type Page<T = Record<string, unknown>> = { data: T[]; next_cursor: string | null }
type Sku = { id: number; price_paise: number | null; versions?: { version: number; price_paise: number }[] }

let buyerId: number
let buyer: string

beforeAll(async () => {
  buyerId = (await viewerFor('buyer@example.com')).company!.id
  buyer = await tokenFor('buyer@example.com')
})

describe('buyer SKUs', () => {
  it('a buyer lists its own active SKUs, every one by cursor, with the price in force', async () => {
    const own = await getDb()
      .selectFrom('buyer_skus')
      .select('id')
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'active')
      .orderBy('id', 'desc')
      .execute()
    expect(own.length).toBeGreaterThan(0)
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const page: { status: number; json: Page<Sku> } = await api(
        'GET',
        `/buyer-skus?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        { token: buyer },
      )
      expect(page.status).toBe(200)
      seen.push(...page.json.data.map((s) => s.id))
      expect(page.json.data.every((s) => !('buyer' in s) && !('next_version' in s))).toBe(true)
      cursor = page.json.next_cursor
    } while (cursor)
    expect(seen).toEqual(own.map((s) => s.id))
  })

  it('reads one with its versions in force and past; a later price and staff notes are not the buyer’s', async () => {
    const productSkuId = await makeProductSku({ categoryId: 1 })
    const skuId = await makeBuyerSku({ buyerId, productSkuId, priceMinor: 31_700 })
    await getDb()
      .insertInto('buyer_sku_versions')
      .values({
        buyer_sku_id: skuId,
        number: 2,
        buyer_code: 'LATER',
        price_minor: 33_300,
        moq_milli: 100_000,
        note: 'Cotton prices up: internal',
        effective_from: '2999-01-01T00:00:00.000Z',
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute()
    await getDb().updateTable('buyer_skus').set({ current_version: 2 }).where('id', '=', skuId).execute()
    const one = await api<Sku>('GET', `/buyer-skus/${skuId}`, { token: buyer })
    expect(one.status).toBe(200)
    expect(one.json.price_paise).toBe(31_700)
    expect(one.json.versions?.map((v) => v.version)).toEqual([1])
    expect(one.text).not.toMatch(/internal|cost|seller/i)

    const staff = await api<Sku & { next_version: { version: number } }>('GET', `/buyer-skus/${skuId}`, {
      token: await tokenFor('admin@example.com'),
    })
    expect(staff.json.versions?.map((v) => v.version)).toEqual([2, 1])
    expect(staff.json.next_version.version).toBe(2)

    await getDb().updateTable('buyer_skus').set({ status: 'archived' }).where('id', '=', skuId).execute()
    expect((await api('GET', `/buyer-skus/${skuId}`, { token: buyer })).status).toBe(404)
  })

  it('another buyer’s SKU is 404; staff filter by buyer; a seller token is refused', async () => {
    const other = await makeBuyer({ name: 'Other Sku Buyer', status: 'active' })
    const theirs = await makeBuyerSku({ buyerId: other })
    expect((await api('GET', `/buyer-skus/${theirs}`, { token: buyer })).status).toBe(404)
    const list = await api<Page<Sku>>('GET', `/buyer-skus?limit=200`, { token: buyer })
    expect(list.json.data.some((s) => s.id === theirs)).toBe(false)

    const admin = await tokenFor('admin@example.com')
    const byBuyer = await api<Page<Sku & { buyer: { id: number } }>>('GET', `/buyer-skus?buyer_id=${other}`, {
      token: admin,
    })
    expect(byBuyer.json.data.map((s) => s.id)).toEqual([theirs])
    expect(byBuyer.json.data[0]!.buyer.id).toBe(other)

    expect((await api('GET', '/buyer-skus', { token: await tokenFor('seller@example.com') })).status).toBe(403)
    expect((await api('GET', '/buyer-skus', { token: await tokenFor('logistics@example.com') })).status).toBe(403)
  })
})
