import { recountSampleOrders } from '../app/features/sample-orders/counts.server'
import { kolkataDay } from '../app/utils/format'
import { advanceIdSequence, refreshAfterBulkLoad } from '#db/dialect.js'
import type { Database } from '#db/database'
import { randomSource } from './catalogue'
import type { SampleOrderStatus } from '#db/types'

// Sample orders at scale (npm run db:seed:scale, npm run bench -- samples): on top of the demo data,
// sample orders over the last two years for the active buyers, one to four samples each, in the
// states they reach as they age. Plain batched Kysely inserts with ids given up front, portable to
// PostgreSQL; the SMP code counters are moved on past the codes used. Stock is left as it is (these
// orders stand for ones dispatched long ago).

export const SAMPLE_ORDERS_SCALE = { orders: 200_000 }

const ROWS_PER_INSERT = 1_000
const ORDERS_PER_CHUNK = 5_000
const DAY = 86_400_000

/** A sample order's status for one requested `ageDays` ago: old ones are closed, young ones under way. */
function statusFor(ageDays: number, roll: number): SampleOrderStatus {
  if (roll < 0.04) return 'rejected'
  if (roll < 0.06) return 'cancelled'
  if (ageDays > 30) return roll < 0.2 ? 'delivered' : 'closed'
  if (ageDays > 7)
    return (['approved', 'dispatched', 'delivered', 'delivered', 'closed'] as const)[Math.floor(roll * 5)]!
  return roll < 0.6 ? 'requested' : 'approved'
}

async function insertRows(
  db: Database,
  table: 'sample_orders' | 'sample_order_items',
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .execute()
}

export async function seedSampleOrdersScale(db: Database, scale: { orders: number }, now = new Date()): Promise<void> {
  const random = randomSource(13)
  const [buyers, samples, placer, lastOrder, counters] = await Promise.all([
    db
      .selectFrom('buyers')
      .innerJoin('addresses', (join) =>
        join
          .onRef('addresses.buyer_id', '=', 'buyers.id')
          .on('addresses.kind', '=', 'shipping')
          .on('addresses.is_default', '=', 1),
      )
      .select([
        'buyers.id',
        'addresses.id as address_id',
        'addresses.line1',
        'addresses.city',
        'addresses.state',
        'addresses.pin',
      ])
      .where('buyers.status', '=', 'active')
      .orderBy('buyers.id')
      .limit(2_000)
      .execute(),
    db.selectFrom('sample_skus').select(['id', 'charge_minor']).where('active', '=', 1).orderBy('id').execute(),
    db.selectFrom('users').select('id').where('email', '=', 'internal@example.com').executeTakeFirstOrThrow(),
    db
      .selectFrom('sample_orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db.selectFrom('code_counters').select(['scope', 'last']).where('scope', 'like', 'SMP-%').execute(),
  ])
  if (buyers.length === 0 || samples.length === 0)
    throw new Error(
      'sample orders at scale need buyers with a shipping address and sample SKUs: load the demo data first',
    )
  let orderId = Number(lastOrder?.id ?? 0)
  const last = new Map(counters.map((c) => [c.scope, Number(c.last)]))
  const code = (at: Date) => {
    const scope = `SMP-${kolkataDay(at).slice(0, 4)}`
    const next = (last.get(scope) ?? 0) + 1
    last.set(scope, next)
    return `${scope}-${String(next).padStart(6, '0')}`
  }
  const span = 730 * DAY
  const start = now.getTime() - span

  for (let offset = 0; offset < scale.orders; offset += ORDERS_PER_CHUNK) {
    const orders: Record<string, unknown>[] = []
    const items: Record<string, unknown>[] = []
    for (let i = offset; i < Math.min(offset + ORDERS_PER_CHUNK, scale.orders); i++) {
      const requested = new Date(start + Math.floor((i / scale.orders) * span) + random.int(0, 3_600_000))
      const ageDays = (now.getTime() - requested.getTime()) / DAY
      const buyer = buyers[random.int(0, buyers.length - 1)]!
      const status = statusFor(ageDays, random.next())
      const id = ++orderId
      const at = requested.toISOString()
      const later = (days: number) => new Date(requested.getTime() + days * DAY).toISOString()
      const count = random.int(1, 4)
      const chosen = new Set<number>()
      while (chosen.size < Math.min(count, samples.length)) chosen.add(random.int(0, samples.length - 1))
      let pieces = 0
      let charge = 0
      let lineNo = 0
      for (const index of chosen) {
        const sample = samples[index]!
        const quantity = random.int(1, 3)
        pieces += quantity
        charge += quantity * Number(sample.charge_minor)
        const rated = status === 'closed'
        items.push({
          sample_order_id: id,
          line_no: ++lineNo,
          sample_sku_id: sample.id,
          quantity,
          charge_minor: sample.charge_minor,
          rating: rated ? random.int(1, 5) : null,
          comment: rated && random.next() < 0.3 ? 'Good match to the spec' : null,
          feedback_by: null,
          feedback_at: rated ? later(9) : null,
        })
      }
      const decided = status !== 'requested'
      const dispatched = ['dispatched', 'delivered', 'closed'].includes(status)
      orders.push({
        id,
        code: code(requested),
        buyer_id: buyer.id,
        status,
        ship_to_address_id: buyer.address_id,
        ship_to_json: JSON.stringify({
          label: null,
          line1: buyer.line1,
          line2: null,
          city: buyer.city,
          state: buyer.state,
          pin: buyer.pin,
        }),
        note: '',
        item_count: lineNo,
        quantity_total: pieces,
        charge_minor: charge,
        requested_by: placer.id,
        requested_at: at,
        decided_by: null,
        decided_at: decided ? later(1) : null,
        reason: status === 'rejected' || status === 'cancelled' ? 'Not this season' : null,
        courier: dispatched ? 'Blue Dart' : null,
        tracking_number: dispatched ? `BD${id}IN` : null,
        dispatched_by: null,
        dispatched_at: dispatched ? later(2) : null,
        delivered_at: status === 'delivered' || status === 'closed' ? later(5) : null,
        closed_at: status === 'closed' ? later(9) : null,
        created_at: at,
        updated_at: at,
      })
    }
    await db.transaction().execute(async (trx) => {
      const tx = trx as unknown as Database
      await insertRows(tx, 'sample_orders', orders)
      await insertRows(tx, 'sample_order_items', items)
    })
  }
  for (const [scope, value] of last) {
    await db
      .insertInto('code_counters')
      .values({ scope, last: value })
      .onConflict((oc) => oc.column('scope').doUpdateSet({ last: value }))
      .execute()
  }
  await recountSampleOrders(db)
  await advanceIdSequence(db, 'sample_orders')
  await advanceIdSequence(db, 'sample_order_items')
  await refreshAfterBulkLoad(db)
}
