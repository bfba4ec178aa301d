import { addSampleLine, placeSampleCart, saveSampleCart } from '../app/features/sample-orders/cart.server'
import { sampleLensFor } from '../app/features/sample-orders/search.server'
import { takeSampleOrderStep as takeSampleStep } from '../app/lifecycle/sample-orders.server'
import type { SampleOrderStatus } from '#db/types'
import type { Database } from '#db/database'
import { demoEmail } from './demo-users'

// Demo sample orders (README): requested through the samples cart and moved on through the same
// functions the pages call, so each has its items, stock movements and history as a real one would.
// The internal user requests them for the active buyers (the KAM's three first, the demo buyer's
// company among them); the KAM approves or rejects, business operations dispatch and deliver, and
// the buyer's users leave feedback on some. Every state is there, a few hundred orders in all.

export const DEMO_SAMPLE_ORDERS = 240

/** What each order becomes, in turn: requested ones most, then every later state. */
const FATES: SampleOrderStatus[] = [
  'requested',
  'approved',
  'dispatched',
  'delivered',
  'closed',
  'requested',
  'closed',
  'rejected',
  'delivered',
  'cancelled',
  'approved',
  'closed',
]

const ok = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`demo sample orders: ${what}: ${result.message}`)
  return result.value
}

export async function seedDemoSampleOrders(db: Database, count = DEMO_SAMPLE_ORDERS): Promise<void> {
  const user = async (email: string) =>
    await db.selectFrom('users').select(['id', 'buyer_id']).where('email', '=', email).executeTakeFirstOrThrow()
  const requester = { userId: (await user(demoEmail('internal'))).id }
  const kam = await user(demoEmail('demand_kam'))
  const bizOps = { userId: (await user(demoEmail('biz_ops'))).id }
  const kamBuyers = await db
    .selectFrom('buyers')
    .select('id')
    .where('kam_user_id', '=', kam.id)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute()
  const others = await db
    .selectFrom('buyers')
    .select('id')
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('kam_user_id', 'is', null), eb('kam_user_id', '!=', kam.id)]))
    .orderBy('id')
    .limit(7)
    .execute()
  const buyers = [...kamBuyers, ...others]
  // Samples with stock enough for what the demo dispatches: the stock the catalogue gave them, topped up.
  const samples = await db.selectFrom('sample_skus').select('id').where('active', '=', 1).orderBy('id').execute()
  if (buyers.length === 0 || samples.length === 0) return
  await db
    .updateTable('sample_skus')
    .set((eb) => ({ stock: eb('stock', '+', 40) }))
    .where('active', '=', 1)
    .execute()
  const shipping = new Map(
    (
      await db
        .selectFrom('addresses')
        .select(['id', 'buyer_id'])
        .where('kind', '=', 'shipping')
        .where('is_default', '=', 1)
        .execute()
    ).map((a) => [a.buyer_id, a.id]),
  )
  const buyerUsers = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'buyer_id'])
        .where('buyer_id', 'is not', null)
        .where('status', '=', 'active')
        .execute()
    ).map((u) => [u.buyer_id!, u.id]),
  )

  const kamLens = sampleLensFor({ userId: kam.id, roles: ['demand_kam'], company: null }, 'demand_kam')!
  const opsLens = sampleLensFor({ userId: bizOps.userId, roles: ['biz_ops'], company: null }, 'biz_ops')!
  const started = Date.now()
  for (let i = 0; i < count; i++) {
    // The KAM's buyers get half of the orders; the newest orders are the last requested.
    const buyerId =
      i % 2 === 0
        ? (kamBuyers[(i / 2) % Math.max(kamBuyers.length, 1)]?.id ?? buyers[0].id)
        : buyers[i % buyers.length].id
    if (!shipping.has(buyerId)) continue
    const lines: { id: number; quantity: string }[] = []
    for (let k = 0; k < 1 + (i % 3); k++) {
      const sample = samples[(i * 7 + k * 13) % samples.length]
      const added = ok(await addSampleLine(db, requester, buyerId, sample.id), 'add a sample')
      lines.push({ id: added.lineId, quantity: String(1 + ((i + k) % 3)) })
    }
    ok(
      await saveSampleCart(db, requester, buyerId, {
        shipTo: shipping.get(buyerId)!,
        note: i % 4 === 0 ? 'Asked for at the buyer’s range review' : '',
        lines,
      }),
      'save the cart',
    )
    const requestedAt = new Date(started - (count - i) * 4 * 3_600_000)
    const order = ok(await placeSampleCart(db, requester, buyerId, `demo-sample-${i}`, requestedAt), 'request')
    // Shifted each round, so each buyer gets orders in every state.
    const fate = FATES[(i + Math.floor(i / FATES.length)) % FATES.length]
    // A KAM buyer's order is decided by the KAM, another's by business operations.
    const decider = kamBuyers.some((b) => b.id === buyerId)
      ? { actor: { userId: kam.id }, lens: kamLens }
      : { actor: bizOps, lens: opsLens }
    const step = async (
      name: Parameters<typeof takeSampleStep>[4],
      input: Parameters<typeof takeSampleStep>[5] = {},
      by = decider,
    ) => ok(await takeSampleStep(db, by.actor, by.lens, order.id, name, input), name)
    if (fate === 'requested') continue
    if (fate === 'rejected') {
      await step('reject', { reason: 'Samples of this range are held for the launch next month' })
      continue
    }
    if (fate === 'cancelled') {
      await step('cancel', { reason: 'The buyer chose the finished pieces instead' })
      continue
    }
    await step('approve')
    if (fate === 'approved') continue
    await step(
      'dispatch',
      { courier: ['Blue Dart', 'DTDC', 'Delhivery'][i % 3], trackingNumber: `TRK${String(100_000 + i)}IN` },
      { actor: bizOps, lens: opsLens },
    )
    if (fate === 'dispatched') continue
    await step('deliver', {}, { actor: bizOps, lens: opsLens })
    if (fate === 'delivered') continue
    const buyerUser = buyerUsers.get(buyerId)
    if (!buyerUser) continue
    const items = await db
      .selectFrom('sample_order_items')
      .select('id')
      .where('sample_order_id', '=', order.id)
      .orderBy('line_no')
      .execute()
    // Mostly good ratings, each with a comment that fits it.
    const comments = [
      'Colour is off from the card',
      'Too heavy for summer',
      '',
      'Matches the spec',
      'Soft hand, good drape',
    ]
    const feedback = Object.fromEntries(
      items.map((item, k) => {
        const rating = [5, 4, 4, 3, 5, 2, 4, 1][(i + k * 3) % 8]!
        return [String(item.id), { rating, comment: comments[rating - 1]! }]
      }),
    )
    const buyerLens = sampleLensFor(
      { userId: buyerUser, roles: ['buyer'], company: { kind: 'buyer', id: buyerId, name: '', status: 'active' } },
      'buyer',
    )!
    await step('feedback', { feedback }, { actor: { userId: buyerUser }, lens: buyerLens })
  }
}
