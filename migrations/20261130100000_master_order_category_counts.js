// How many master orders each category has in each status (issue 12): the staff search counts a
// category, alone or with a status or the open ones, from here instead of walking its orders (a
// broad category holds half a million at scale). Kept with master_order_counts, in the same
// transactions, from master_order_categories.
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('master_order_category_counts')
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('master_order_category_counts_pk', ['category_id', 'status'])
    .execute()
  await sql`
    insert into master_order_category_counts (category_id, status, orders)
    select category_id, status, count(*) from master_order_categories group by category_id, status
  `.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('master_order_category_counts').execute()
}
