import { config } from '~/config.server'
import type { Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'
import { countOf, formatDate, formatMoney } from '~/utils/format'

// A buyer is told each price of its own that changes (docs/domain.md "Who may change a price"),
// in its own terms: its code, the item, the old and new price and when the new one applies. Never
// a seller, a cost or a margin: a buyer SKU is the buyer's agreement with the platform. One e-mail
// per change event and buyer: a save or an approval tells one price, an import's chunk lists every
// price it changed for that buyer. Queued in the change's own transaction, to every active user
// of the buyer (and thus into their in-app inbox).

export interface PriceChangeTold {
  buyerSkuId: number
  /** Before the change: the price in force; null for a new buyer SKU (never told). */
  oldMinor: number
  newMinor: number
  /** When the new price applies (UTC ISO). */
  effectiveFrom: string
}

export async function tellBuyerOfPrices(trx: Executor, changes: PriceChangeTold[]): Promise<void> {
  const moved = changes.filter((c) => c.oldMinor !== c.newMinor)
  if (moved.length === 0) return
  const skus = await trx
    .selectFrom('buyer_skus')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .select(['buyer_skus.id', 'buyer_skus.buyer_id', 'buyer_skus.buyer_code', 'product_skus.name as item'])
    .where(
      'buyer_skus.id',
      'in',
      moved.map((c) => c.buyerSkuId),
    )
    .execute()
  const byId = new Map(skus.map((s) => [s.id, s]))
  const byBuyer = new Map<number, { change: PriceChangeTold; code: string; item: string }[]>()
  for (const change of moved) {
    const sku = byId.get(change.buyerSkuId)
    if (!sku) continue
    const list = byBuyer.get(sku.buyer_id) ?? []
    list.push({ change, code: sku.buyer_code, item: sku.item })
    byBuyer.set(sku.buyer_id, list)
  }
  if (byBuyer.size === 0) return
  const now = new Date().toISOString()
  // Every told buyer's users in one query, not one a buyer.
  const usersOf = new Map<number, string[]>()
  for (const u of await trx
    .selectFrom('users')
    .select(['email', 'buyer_id'])
    .where('buyer_id', 'in', [...byBuyer.keys()])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute())
    usersOf.set(u.buyer_id!, [...(usersOf.get(u.buyer_id!) ?? []), u.email])
  for (const [buyerId, list] of byBuyer) {
    const users = usersOf.get(buyerId) ?? []
    if (users.length === 0) continue
    list.sort((a, b) => a.code.localeCompare(b.code))
    const line = ({ change: c, code, item }: (typeof list)[number]) =>
      `${code} (${item}): ${formatMoney(c.oldMinor)} → ${formatMoney(c.newMinor)} per unit, ${
        c.effectiveFrom > now ? `from ${formatDate(c.effectiveFrom)}` : `in force from ${formatDate(c.effectiveFrom)}`
      }`
    const subject =
      list.length === 1
        ? `Price change: ${list[0]!.code} ${formatMoney(list[0]!.change.oldMinor)} → ${formatMoney(list[0]!.change.newMinor)}`
        : `Price changes: ${countOf(list.length, 'item')}`
    const text = [
      list.length === 1
        ? 'The price of one of your items has changed:'
        : 'The prices of these items of yours have changed:',
      list.map(line).join('\n'),
      'Orders already placed keep the prices they were placed at; new orders take the new price from the date shown.',
      `Your orders: ${config().appUrl}/buyer`,
    ].join('\n\n')
    for (const email of users)
      await queueEmail(trx, { to: email, kind: 'buyer_sku.price_changed', subject, text, link: '/buyer' })
  }
}
