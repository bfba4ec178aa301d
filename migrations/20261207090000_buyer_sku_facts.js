// The buyer reports' exact rows (issue #16, docs/domain.md "Reports"), kept with order_facts in the
// same transactions: each master order's contribution per buyer SKU (order_sku_facts), and their
// sums per month (Asia/Kolkata, of placing) x buyer x buyer SKU (buyer_sku_month_facts).
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const measures = (table) =>
    table
      .addColumn('lines', 'integer', (c) => c.notNull())
      .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
      .addColumn('value_minor', 'bigint', (c) => c.notNull())
  await measures(
    db.schema
      .createTable('order_sku_facts')
      .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id').onDelete('cascade'))
      .addColumn('buyer_sku_id', 'integer', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('buyer_id', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('order_sku_facts_pk', ['master_order_id', 'buyer_sku_id'])
    .execute()
  await measures(
    db.schema
      .createTable('buyer_sku_month_facts')
      .addColumn('buyer_id', 'integer', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('buyer_sku_id', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('buyer_sku_month_facts_pk', ['buyer_id', 'month', 'buyer_sku_id'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('buyer_sku_month_facts').execute()
  await db.schema.dropTable('order_sku_facts').execute()
}
