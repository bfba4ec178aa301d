// Sample orders (issue #13, docs/domain.md "Sample orders"): the samples cart kept on the server per
// user and buyer, sample orders (SMP-2026-000001) and their items with the buyer's feedback. Every
// list filter and sort has an index; uniqueness (codes, one cart per user and buyer, one line per
// sample SKU in a cart, one item number per order) is the database's to decide. Stock goes down on
// dispatch by a conditional update (stock >= quantity), so it never goes below zero.
// Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)

  // The cart: one per user and buyer, with where it ships and a note; its lines keep the quantity
  // as typed (text), so a line that cannot be ordered yet is kept and shown with its message.
  await db.schema
    .createTable('sample_carts')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id').onDelete('cascade'))
    .addColumn('ship_to_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('sample_carts_user_buyer_uq', ['user_id', 'buyer_id'])
    .execute()
  await db.schema
    .createTable('sample_cart_lines')
    .addColumn('id', idType, id)
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('sample_carts.id').onDelete('cascade'))
    .addColumn('sample_sku_id', 'integer', (c) => c.notNull().references('sample_skus.id').onDelete('cascade'))
    .addColumn('quantity', 'text', (c) => c.notNull().defaultTo('1'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('sample_cart_lines_sku_uq', ['cart_id', 'sample_sku_id'])
    .execute()

  await db.schema
    .createTable('sample_orders')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    // requested, approved, dispatched, delivered, closed; or rejected, cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    // Where it ships, as the address read when it was requested (JSON), and the record it came from.
    .addColumn('ship_to_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('ship_to_json', 'text', (c) => c.notNull())
    // The requester's note: internal, never shown to the buyer.
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('quantity_total', 'integer', (c) => c.notNull())
    // The sample charges (charge x quantity, in paise), as they were when it was requested.
    .addColumn('charge_minor', 'bigint', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    // Why it was rejected or cancelled (shown to the buyer).
    .addColumn('reason', 'text')
    .addColumn('courier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('dispatched_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('dispatched_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  // Lists show the newest requests first: in id order, which is the order they were requested in
  // (an id is taken as the request is written). Each filter's index ends in the id, so a page is a
  // walk of one index; with requested dates, a walk of the dates' range in (requested_at, id) order.
  for (const [name, columns] of [
    ['sample_orders_requested_idx', ['requested_at', 'id']],
    ['sample_orders_status_idx', ['status', 'id']],
    ['sample_orders_buyer_idx', ['buyer_id', 'id']],
    ['sample_orders_buyer_status_idx', ['buyer_id', 'status', 'id']],
  ]) {
    await db.schema.createIndex(name).on('sample_orders').columns(columns).execute()
  }

  await db.schema
    .createTable('sample_order_items')
    .addColumn('id', idType, id)
    .addColumn('sample_order_id', 'integer', (c) => c.notNull().references('sample_orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('sample_sku_id', 'integer', (c) => c.notNull().references('sample_skus.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // The sample's charge per piece when it was requested, in paise.
    .addColumn('charge_minor', 'bigint', (c) => c.notNull())
    // The buyer's feedback once delivered: a rating of 1 to 5 and a comment.
    .addColumn('rating', 'integer')
    .addColumn('comment', 'text')
    .addColumn('feedback_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('feedback_at', 'text')
    .addUniqueConstraint('sample_order_items_line_uq', ['sample_order_id', 'line_no'])
    .execute()
  // The sample SKU filter and a sample SKU's feedback: its items, newest order first (an order holds
  // a sample once: the cart keeps one line per sample).
  await db.schema
    .createIndex('sample_order_items_sku_idx')
    .on('sample_order_items')
    .columns(['sample_sku_id', 'sample_order_id'])
    .unique()
    .execute()

  // How many sample orders are in each status: the lists' count of all of them, a status, or the
  // open ones, without counting 200,000 rows a page. Kept in the transactions that change them.
  await db.schema
    .createTable('sample_order_counts')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('sample_order_counts').execute()
  for (const table of ['sample_order_items', 'sample_orders', 'sample_cart_lines', 'sample_carts'])
    await db.schema.dropTable(table).execute()
}
