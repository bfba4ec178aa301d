import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku, productBySlug } from '../../../tests/support/catalogue'
import { makeBuyer } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { buyerSkuListPage } from './list.server'
import { changeBuyerSkuStatus, saveBuyerSku } from './mutations.server'
import { versionsPage } from './queries.server'
import { readBuyerSkuFilters } from './schema'
import { priceDifference } from './versions-view'
import { addBuyerSkuVersion } from './versions.server'

const page = (query: string) =>
  buyerSkuListPage(getDb(), readBuyerSkuFilters(new URL(`http://test/skus/buyer_skus?${query}`)))

let buyerId: number
let actor: { userId: number }
const ids: Record<string, number> = {}

beforeAll(async () => {
  // An admin: its price changes take effect (anyone else's become price-change requests, docs/domain.md).
  actor = { userId: await userIdOf('admin@example.com') }
  buyerId = await makeBuyer({ name: 'Listing Looms', status: 'active' })
  // Category 1 is the demo "Cotton shirting" (fabric); demo category of yarn comes from the product.
  const yarn = await productBySlug('yarn')
  const yarnCategory = await getDb()
    .selectFrom('categories')
    .select('id')
    .where('product_id', '=', yarn.id)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const shirt = await makeProductSku({ categoryId: 1, code: 'LL-SHIRT-01', name: 'Oxford weave shirting' })
  const thread = await makeProductSku({ categoryId: yarnCategory.id, code: 'LL-YARN-01', name: 'Combed cotton yarn' })
  ids.oxford = await makeBuyerSku({
    buyerId,
    productSkuId: shirt,
    buyerCode: 'LL-OX-1',
    priceMinor: 50_000,
    moqMilli: 250_500,
  })
  ids.yarn = await makeBuyerSku({ buyerId, productSkuId: thread, buyerCode: 'LL-YN-2', priceMinor: 70_000 })
  ids.gone = await makeBuyerSku({ buyerId, productSkuId: shirt, buyerCode: 'LL-OLD-3' })
  await changeBuyerSkuStatus(getDb(), actor, ids.gone, 'archive')
})

describe('buyer SKUs list', () => {
  it('filters by buyer (#id or exact name), status and product, and shows the version in force', async () => {
    const active = await page(`buyer=%23${buyerId}`)
    expect(active.rows.map((r) => r.buyerCode).sort()).toEqual(['LL-OX-1', 'LL-YN-2'])
    expect(active.total).toBe(2)
    const byName = await page('buyer=listing+looms&status=all')
    expect(byName.rows.map((r) => r.buyerCode).sort()).toEqual(['LL-OLD-3', 'LL-OX-1', 'LL-YN-2'])
    expect((await page(`buyer=%23${buyerId}&status=archived`)).rows.map((r) => r.buyerCode)).toEqual(['LL-OLD-3'])
    expect((await page(`buyer=%23${buyerId}&product=yarn`)).rows.map((r) => r.buyerCode)).toEqual(['LL-YN-2'])
    const oxford = active.rows.find((r) => r.id === ids.oxford)!
    expect(oxford).toMatchObject({
      priceMinor: 50_000,
      moqMilli: 250_500,
      versionInForce: 1,
      waiting: null,
      unit: 'm',
      buyerName: 'Listing Looms',
    })
  })

  it('says why a buyer filter names nobody', async () => {
    const result = await page('buyer=No+Such+Buyer')
    expect(result.buyerError).toContain('No buyer matches')
    expect(result.rows).toEqual([])
  })

  it('searches by word prefix over the buyer’s code and the product SKU’s code and name', async () => {
    expect((await page('q=ll-ox')).rows.map((r) => r.id)).toEqual([ids.oxford])
    expect((await page('q=oxford+weav')).rows.map((r) => r.id)).toEqual([ids.oxford])
    expect((await page('q=ll-yarn')).rows.map((r) => r.id)).toEqual([ids.yarn])
    const combed = await page('q=combed')
    expect(combed.rows.map((r) => r.id)).toContain(ids.yarn)
    expect(combed.rows.every((r) => /\bcombed/i.test(r.productSkuName))).toBe(true)
    expect((await page('q=zzqq')).rows).toEqual([])
  })

  it('sorts by date or by buyer code, and shows a version waiting to take effect', async () => {
    await saveBuyerSku(getDb(), actor, ids.yarn, {
      buyerCode: 'LL-YN-2',
      price: 72_000,
      moq: 100_000,
      note: '',
      expectedCurrent: 1,
    })
    const future = new Date(Date.now() + 10 * 86_400_000).toISOString()
    await getDb()
      .transaction()
      .execute((trx) =>
        addBuyerSkuVersion(trx, {
          buyerSkuId: ids.yarn,
          expectedCurrent: 2,
          buyerCode: 'LL-YN-2',
          priceMinor: 80_000,
          moqMilli: 100_000,
          note: null,
          effectiveFrom: future,
          createdBy: null,
        }),
      )
    const byDate = await page(`buyer=%23${buyerId}`)
    expect(byDate.rows[0]).toMatchObject({
      id: ids.yarn,
      priceMinor: 72_000,
      versionInForce: 2,
      waiting: { number: 3, effectiveFrom: future },
    })
    expect((await page(`buyer=%23${buyerId}&sort=code&dir=asc`)).rows.map((r) => r.buyerCode)).toEqual([
      'LL-OX-1',
      'LL-YN-2',
    ])
    expect((await page(`buyer=%23${buyerId}&sort=code&dir=desc`)).rows.map((r) => r.buyerCode)).toEqual([
      'LL-YN-2',
      'LL-OX-1',
    ])
    // All statuses by date merges the two statuses' index walks.
    const all = await page('status=all&sort=updated&dir=desc')
    const dates = all.rows.map((r) => r.updatedAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(all.rows.some((r) => r.status === 'archived')).toBe(true)
  })

  it('pages through the demo buyer SKUs with a count', async () => {
    const first = await page('')
    expect(first.rows).toHaveLength(25)
    const second = await page('page=2')
    expect(second.rows).toHaveLength(25)
    expect(second.rows.some((r) => first.rows.some((f) => f.id === r.id))).toBe(false)
    expect(first.total).toBeGreaterThan(200)
  })
})

describe('versions page', () => {
  it('views the latest by default and compares it with the one before; unknown numbers give a message', async () => {
    const id = await makeBuyerSku({
      buyerId,
      productSkuId: await makeProductSku({ categoryId: 1 }),
      buyerCode: 'LL-CMP-1',
      priceMinor: 40_000,
    })
    await saveBuyerSku(getDb(), actor, id, {
      buyerCode: 'LL-CMP-1',
      price: 44_000,
      moq: 100_000,
      note: 'Dye cost',
      expectedCurrent: 1,
    })
    const byDefault = (await versionsPage(getDb(), id, { v: null, a: null, b: null }))!
    expect(byDefault.versions.map((v) => v.number)).toEqual([2, 1])
    expect(byDefault.viewing?.number).toBe(2)
    expect(byDefault.inForce).toBe(2)
    expect([byDefault.compare?.a.number, byDefault.compare?.b.number]).toEqual([1, 2])
    expect(byDefault.messages).toEqual([])

    const chosen = (await versionsPage(getDb(), id, { v: '1', a: '2', b: '1' }))!
    expect(chosen.viewing?.price_minor).toBe(40_000)
    expect([chosen.compare?.a.number, chosen.compare?.b.number]).toEqual([2, 1])

    const unknown = (await versionsPage(getDb(), id, { v: '9', a: 'x', b: '2' }))!
    expect(unknown.viewing).toBeNull()
    expect(unknown.compare).toBeNull()
    expect(unknown.messages).toEqual([
      expect.stringContaining('no version “9”'),
      expect.stringContaining('no version “x”'),
    ])
    expect(await versionsPage(getDb(), 99_999_999, { v: null, a: null, b: null })).toBeUndefined()
  })

  it('gives the price difference in rupees and percent', () => {
    expect(priceDifference(40_000, 44_000)).toBe('+₹40.00 (+10.0 %)')
    expect(priceDifference(44_000, 40_000)).toBe('−₹40.00 (−9.1 %)')
    expect(priceDifference(100, 100)).toBe('No change')
  })
})
