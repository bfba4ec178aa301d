// Rules that must hold with many writers are held by the database itself (unique partial indexes),
// not by a check before the write: here the checks are bypassed and the database still refuses.
import { getDb } from '~/db.server'
import { makeBuyerSku, makeSellerSku } from './support/catalogue'
import { makeBuyer } from './support/companies'
import { userIdOf } from './support/db'
import { withGstinCheck } from '~/utils/gstin'
import { isUniqueViolation } from '#db/errors'

async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write()
  } catch (error) {
    return error
  }
  throw new Error('the database accepted a write its unique index should refuse')
}

describe('unique rules held by the database', () => {
  it('one open offer per seller and product SKU; archived ones do not count', async () => {
    const db = getDb()
    const seller = (await db.selectFrom('sellers').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const offer = await makeSellerSku({ sellerId: seller, status: 'draft' })
    const { product_sku_id } = await db
      .selectFrom('seller_skus')
      .select('product_sku_id')
      .where('id', '=', offer)
      .executeTakeFirstOrThrow()
    const error = await refusal(() => makeSellerSku({ sellerId: seller, productSkuId: product_sku_id, status: 'live' }))
    expect(isUniqueViolation(error, 'seller_skus', ['seller_id', 'product_sku_id'])).toBe(true)
    await db.updateTable('seller_skus').set({ status: 'archived' }).where('id', '=', offer).execute()
    await makeSellerSku({ sellerId: seller, productSkuId: product_sku_id, status: 'live' })
  })

  it('one pending price-change request per buyer SKU; decided ones do not count', async () => {
    const db = getDb()
    const buyerId = await makeBuyer({ name: 'Unique Rules Buyer', status: 'active' })
    const buyerSkuId = await makeBuyerSku({ buyerId })
    const kam = await userIdOf('demand_kam@example.com')
    const request = (status: 'pending' | 'rejected') =>
      db
        .insertInto('price_change_requests')
        .values({
          buyer_sku_id: buyerSkuId,
          requested_by: kam,
          current_price_minor: 100,
          proposed_price_minor: 120,
          reason: 'Cotton costs more',
          status,
          effective_from: null,
          decided_by: null,
          decided_at: null,
          decision_note: null,
          version_id: null,
        })
        .execute()
    await request('pending')
    expect(isUniqueViolation(await refusal(() => request('pending')), 'price_change_requests', ['buyer_sku_id'])).toBe(
      true,
    )
    await request('rejected')
  })

  it('a GSTIN belongs to one buyer and one seller at most', async () => {
    const db = getDb()
    const gstin = withGstinCheck('29ZZQUN9876K1Z')
    await makeBuyer({ name: 'Gstin One', gstin })
    expect(isUniqueViolation(await refusal(() => makeBuyer({ name: 'Gstin Two', gstin })), 'buyers', ['gstin'])).toBe(
      true,
    )
    // A buyer and a seller may share one; companies without a GSTIN are many.
    await db.insertInto('sellers').values({ name: 'Gstin Seller', gstin }).execute()
    await makeBuyer({ name: 'No Gstin A' })
    await makeBuyer({ name: 'No Gstin B' })
  })
})
