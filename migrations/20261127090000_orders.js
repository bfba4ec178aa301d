// Orders (issue #12, docs/domain.md "Orders"): the master-order cart kept on the server per user
// and buyer, master orders, one seller order per seller of an order, one sub order per line, and
// the counters that number them (MO-2026-000001). Every list filter and sort of the order searches
// has an index; uniqueness (codes, one cart per user and buyer, one imported order per channel
// order id) is the database's to decide.
// Frozen in time: never import app code here.
import { sql } from 'kysely'
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)

  // One row per numbering scope ('MO-2026'): the last number handed out. A code is taken by an
  // update of this row inside the order's transaction, so two orders never get the same number.
  await db.schema
    .createTable('code_counters')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute()

  // The cart: one per user and buyer, with its addresses; its lines keep what was typed (text), so
  // a line that cannot be ordered yet is kept and shown with its message, never lost.
  await db.schema
    .createTable('order_carts')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id').onDelete('cascade'))
    .addColumn('ship_to_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('bill_to_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('order_carts_user_buyer_uq', ['user_id', 'buyer_id'])
    .execute()
  await db.schema
    .createTable('order_cart_lines')
    .addColumn('id', idType, id)
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('order_carts.id').onDelete('cascade'))
    .addColumn('buyer_sku_id', 'integer', (c) => c.notNull().references('buyer_skus.id').onDelete('cascade'))
    .addColumn('seller_sku_id', 'integer', (c) => c.references('seller_skus.id').onDelete('set null'))
    .addColumn('quantity', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('required_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema.createIndex('order_cart_lines_cart_idx').on('order_cart_lines').columns(['cart_id', 'id']).execute()

  await db.schema
    .createTable('master_orders')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    // 'cart' (placed here), 'solv' or 'gt' (imported from those channels).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('channel_order_id', 'text')
    // Derived from the seller orders (the least advanced) and stored in the same transaction.
    .addColumn('status', 'text', (c) => c.notNull())
    // The addresses as they were when the order was placed (JSON), and the records they came from.
    .addColumn('ship_to_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('bill_to_address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
    .addColumn('ship_to_json', 'text', (c) => c.notNull())
    .addColumn('bill_to_json', 'text', (c) => c.notNull())
    // The earliest required-by date of its lines (YYYY-MM-DD).
    .addColumn('required_by', 'text', (c) => c.notNull())
    // Totals in paise, kept with the lines: value (buyer prices), cost (seller costs), GST on value.
    .addColumn('value_minor', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint', (c) => c.notNull())
    .addColumn('gst_minor', 'bigint', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('placed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  // Re-importing a channel's file creates nothing new: one order per channel order id.
  await db.schema
    .createIndex('master_orders_channel_unique')
    .on('master_orders')
    .columns(['source', 'channel_order_id'])
    .unique()
    .where(sql.ref('channel_order_id'), 'is not', null)
    .execute()
  for (const [name, columns] of [
    ['master_orders_placed_idx', ['placed_at', 'id']],
    ['master_orders_status_idx', ['status', 'placed_at', 'id']],
    ['master_orders_buyer_idx', ['buyer_id', 'placed_at', 'id']],
    ['master_orders_required_idx', ['required_by', 'id']],
    ['master_orders_source_idx', ['source', 'placed_at', 'id']],
  ]) {
    await db.schema.createIndex(name).on('master_orders').columns(columns).execute()
  }

  await db.schema
    .createTable('seller_orders')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint', (c) => c.notNull())
    // Who decided (approved, rejected, accepted or declined a counter-offer), when, and why.
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    // The seller's counter-offer while staff consider it: JSON, per line quantity, ready date, cost.
    .addColumn('counter_offer_json', 'text')
    // The seller order a rejected one's lines were moved to.
    .addColumn('moved_to_id', 'integer', (c) => c.references('seller_orders.id'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  for (const [name, columns] of [
    ['seller_orders_master_idx', ['master_order_id', 'id']],
    ['seller_orders_status_idx', ['status', 'created_at', 'id']],
    ['seller_orders_seller_idx', ['seller_id', 'status', 'created_at']],
  ]) {
    await db.schema.createIndex(name).on('seller_orders').columns(columns).execute()
  }

  await db.schema
    .createTable('sub_orders')
    .addColumn('id', idType, id)
    .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id'))
    .addColumn('seller_order_id', 'integer', (c) => c.notNull().references('seller_orders.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('buyer_sku_id', 'integer', (c) => c.notNull().references('buyer_skus.id'))
    // The buyer-SKU version whose price this line took.
    .addColumn('buyer_sku_version', 'integer', (c) => c.notNull())
    .addColumn('product_sku_id', 'integer', (c) => c.notNull().references('product_skus.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('seller_sku_id', 'integer', (c) => c.notNull().references('seller_skus.id'))
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    // Per unit, in paise: the buyer's price and the seller's cost; GST in basis points (500 = 5 %).
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('required_by', 'text', (c) => c.notNull())
    // When the seller says it will be ready (YYYY-MM-DD), from an accepted counter-offer.
    .addColumn('ready_by', 'text')
    // How far the line is through its category's workflow: the position of the stage it is in.
    .addColumn('stage_position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('sub_orders_line_uq', ['master_order_id', 'line_no'])
    .execute()
  for (const [name, columns] of [
    ['sub_orders_seller_order_idx', ['seller_order_id', 'line_no']],
    ['sub_orders_category_idx', ['category_id', 'master_order_id']],
    ['sub_orders_product_sku_idx', ['product_sku_id', 'master_order_id']],
  ]) {
    await db.schema.createIndex(name).on('sub_orders').columns(columns).execute()
  }
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of [
    'sub_orders',
    'seller_orders',
    'master_orders',
    'order_cart_lines',
    'order_carts',
    'code_counters',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
