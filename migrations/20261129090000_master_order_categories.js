// The categories of each master order (issue 12: the order searches filter by category at scale):
// one row per order and category of its lines, with what the searches filter on beside a category
// (the buyer, the status, the placing time), written with the order and its status kept with the
// order's own in the same transaction. A search by category walks the orders for its page and
// probes this table; it counts on this table's indexes alone, instead of gathering the lines of a
// category (millions) or probing every order of a broad filter.
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createTable('master_order_categories')
    .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    // Copies of the order's: buyer_id and placed_at never change; status changes with the order's.
    .addColumn('buyer_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('master_order_categories_pk', ['master_order_id', 'category_id'])
    .execute()
  for (const [name, columns] of [
    ['master_order_categories_placed_idx', ['category_id', 'placed_at']],
    ['master_order_categories_status_idx', ['category_id', 'status', 'placed_at']],
    ['master_order_categories_buyer_idx', ['category_id', 'buyer_id', 'placed_at']],
  ]) {
    await db.schema.createIndex(name).on('master_order_categories').columns(columns).execute()
  }
  await sql`
    insert into master_order_categories (master_order_id, category_id, buyer_id, status, placed_at)
    select distinct s.master_order_id, s.category_id, m.buyer_id, m.status, m.placed_at
    from sub_orders s join master_orders m on m.id = s.master_order_id
  `.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('master_order_categories').execute()
}
