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

/**
 * Test set-up for the production gates (app/features/orders/gates.ts): the seller order's lines put at
 * the stage a step needs, as if the seller had moved them there: its category's first QC gate ('gate':
 * before ready for QC or rework) or the last stage of its workflow ('last': after QC, before dispatch).
 * A line already further on stays where it is.
 */
export async function passStages(sellerOrderId: number, upTo: 'gate' | 'last') {
  const db = getDb()
  const lines = await db
    .selectFrom('sub_orders')
    .select(['id', 'category_id', 'stage_position'])
    .where('seller_order_id', '=', sellerOrderId)
    .execute()
  for (const line of lines) {
    const stages = await db
      .selectFrom('workflow_stages')
      .select(['position', 'qc_gate'])
      .where('category_id', '=', line.category_id)
      .orderBy('position')
      .execute()
    const needed = upTo === 'gate' ? (stages.find((s) => s.qc_gate) ?? stages.at(-1)) : stages.at(-1)
    if (needed && line.stage_position < needed.position)
      await db.updateTable('sub_orders').set({ stage_position: needed.position }).where('id', '=', line.id).execute()
  }
}

/** The stages a step of the seller order needs, passed first (passStages): the QC gate before ready for QC or rework, the last stage before dispatch. */
export async function stagesBefore(sellerOrderId: number, step: string) {
  if (step === 'ready_for_qc' || step === 'rework') await passStages(sellerOrderId, 'gate')
  if (step === 'dispatch') await passStages(sellerOrderId, 'last')
}

/** After QC passes, the lines move on to the last stage (passStages), so a booking's pick-up may dispatch the order. */
export async function stagesAfter(sellerOrderId: number, step: string) {
  if (step === 'qc_pass') await passStages(sellerOrderId, 'last')
}
