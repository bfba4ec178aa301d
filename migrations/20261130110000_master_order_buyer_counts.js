// How many master orders each buyer has in each status (issue 12): a buyer's list, a KAM's, and
// staff filtering by a buyer count from here, with or without a status, instead of walking the
// buyer's orders (a large buyer holds 200,000 at scale: 40 ms a page on PostgreSQL). Kept with
// master_order_counts, in the same transactions.
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('master_order_buyer_counts')
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('master_order_buyer_counts_pk', ['buyer_id', 'status'])
    .execute()
  await sql`
    insert into master_order_buyer_counts (buyer_id, status, orders)
    select buyer_id, status, count(*) from master_orders group by buyer_id, status
  `.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('master_order_buyer_counts').execute()
}
