// How many master orders there are in each status (issue 12: the staff search shows an exact count
// of all orders, and of a status, on every page; counting a million orders took 15 ms a request
// and bounded the page's throughput). Kept in the transaction that places an order or moves its
// status, by adding and taking one (a conditional-free increment, safe under concurrent writers:
// each holds the row's lock until it commits).
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('master_order_counts')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .execute()
  await sql`insert into master_order_counts (status, orders) select status, count(*) from master_orders group by status`.execute(
    db,
  )
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('master_order_counts').execute()
}
