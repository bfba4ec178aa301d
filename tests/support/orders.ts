import { getDb } from '~/db.server'
import { addCartLine, saveCart } from '~/features/orders/cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from './catalogue'

/** A date well ahead, for lines' needed-by dates. */
export const inAYear = () => `${new Date().getUTCFullYear() + 1}-03-01`

/**
 * A master order placed through the cart as a user would: one line per seller (each a new product
 * SKU in category 1 or the category given for that line, the buyer's SKU at ₹500 with MOQ 1, a live
 * offer of the seller), 10 of each. The buyer needs a default shipping and billing address.
 */
export async function placeTestOrder(options: {
  userId: number
  buyerId: number
  sellerIds: number[]
  key: string
  categoryIds?: number[]
}) {
  const db = getDb()
  const { userId, buyerId, key } = options
  const lines: { id: number; sellerSkuId: number }[] = []
  for (const [index, sellerId] of options.sellerIds.entries()) {
    const productSkuId = await makeProductSku({ categoryId: options.categoryIds?.[index] ?? 1 })
    const buyerSkuId = await makeBuyerSku({
      buyerId,
      productSkuId,
      buyerCode: `BC-${key}-${index + 1}`,
      priceMinor: 50_000,
      moqMilli: 1_000,
    })
    const sellerSkuId = await makeSellerSku({ sellerId, productSkuId, status: 'live' })
    const added = await addCartLine(db, { userId }, buyerId, buyerSkuId)
    if (!added.ok) throw new Error(added.message)
    lines.push({ id: added.value.lineId, sellerSkuId })
  }
  const cart = await db
    .selectFrom('order_carts')
    .select(['ship_to_address_id', 'bill_to_address_id'])
    .where('user_id', '=', userId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow()
  const saved = await saveCart(db, { userId }, buyerId, {
    shipTo: cart.ship_to_address_id,
    billTo: cart.bill_to_address_id,
    lines: lines.map((l) => ({ id: l.id, quantity: '10', requiredBy: inAYear(), sellerSkuId: l.sellerSkuId })),
  })
  if (!saved.ok) throw new Error(saved.message)
  const placed = await placeCart(db, { userId }, buyerId, key)
  if (!placed.ok) throw new Error(placed.message)
  const sellerOrders = await db
    .selectFrom('seller_orders')
    .select(['id', 'code', 'seller_id'])
    .where('master_order_id', '=', placed.value.id)
    .orderBy('id')
    .execute()
  return { id: placed.value.id, sellerOrders, sellerOrderId: sellerOrders[0]!.id }
}

/** A form body as a browser sends it (a repeated name: several values). */
export function formOf(fields: Record<string, string | string[]>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return body
}
