import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller, makeStaffUser } from './companies'
import { userIdOf } from './db'
import { placeTestOrder, stagesAfter, stagesBefore } from './orders'
import type { SellerOrderStepName } from '~/features/orders/states'
import { scheduleInspection } from '~/features/qc/schedule.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'

// The lifecycle tests' set-up (each test file has its own database): a buyer, two sellers, orders
// taken through their steps, an inspection scheduled. Only the tests import it.

let counter = 0

export async function lifecycleParties(name: string) {
  const staff = { userId: await userIdOf('internal@example.com') }
  const buyerId = await makeBuyer({ name: `${name} Buyer`, status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  const sellerIds = [
    await makeSeller({ name: `${name} Mills`, status: 'active' }),
    await makeSeller({ name: `${name} Looms`, status: 'active' }),
  ]
  const operatorId = await makeStaffUser('field_operator', `${name.toLowerCase()}.fo@example.com`, `${name} Operator`)
  return { staff, buyerId, sellerIds, operatorId }
}

type Parties = Awaited<ReturnType<typeof lifecycleParties>>

/** A master order with one seller order per seller, each taken through `steps`. */
export async function orderThrough(parties: Parties, steps: SellerOrderStepName[], sellers = 1) {
  const order = await placeTestOrder({
    userId: parties.staff.userId,
    buyerId: parties.buyerId,
    sellerIds: parties.sellerIds.slice(0, sellers),
    key: `lifecycle-${++counter}`,
  })
  for (const so of order.sellerOrders)
    for (const step of steps) {
      await stagesBefore(so.id, step)
      const done = await takeSellerOrderStep(getDb(), parties.staff, so.id, step)
      if (!done.ok) throw new Error(done.message)
      await stagesAfter(so.id, step)
    }
  return order
}

/** An inspection scheduled a week ahead for a seller order ready for QC. */
export async function inspectionFor(parties: Parties, sellerOrderId: number) {
  const day = kolkataDay(new Date(Date.now() + (7 + counter) * 86_400_000))
  const done = await scheduleInspection(getDb(), parties.staff, sellerOrderId, {
    day,
    slot: '09:00',
    operatorId: parties.operatorId,
  })
  if (!done.ok) throw new Error(done.message)
  return done.value.id
}

export const statusOf = async (table: 'master_orders' | 'seller_orders' | 'qc_inspections', id: number) =>
  (await getDb().selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

export async function lastAudit(entityType: string, entityId: number) {
  return getDb()
    .selectFrom('audit_events')
    .select(['action', 'before_json', 'after_json', 'note'])
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}
