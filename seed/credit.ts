import type { Database } from '#db/database'
import { releaseCreditHold } from '~/lifecycle/master-orders.server'

// Demo orders and credit holds (docs/domain.md "Credit"): the demo buyers' orders add up past
// their credit limits as the demo is seeded, so each demo order the credit rule holds is released
// by finance as it would be, except the one left on hold for the finance home's queue.

const heldNow = async (db: Database, orderId: number) =>
  (await db.selectFrom('master_orders').select('credit_hold').where('id', '=', orderId).executeTakeFirstOrThrow())
    .credit_hold === 'held'

/** Releases a demo order the credit rule held, with finance's reason. */
export async function releaseForDemo(db: Database, by: { userId: number }, orderId: number): Promise<void> {
  if (!(await heldNow(db, orderId))) return
  const released = await releaseCreditHold(db, by, orderId, 'Demo: the buyer’s account was reviewed by finance')
  if (!released.ok) throw new Error(`demo orders: release the credit hold: ${released.message}`)
}

/** The demo's held order: checks the credit rule held it (the demo buyer's limit is smaller than its orders). */
export async function holdForDemo(db: Database, orderId: number): Promise<void> {
  if (!(await heldNow(db, orderId)))
    throw new Error(
      'demo orders: the order meant to wait on credit hold was not held: raise its value or lower the limit',
    )
}
