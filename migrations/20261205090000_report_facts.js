// Reports (issue #16, docs/domain.md "Reports"): exact summary rows of the orders, kept in the
// transaction of every change that moves them. order_facts is each master order's contribution
// (per category of its lines and seller), so a change replaces it and moves order_day_facts by the
// difference; order_day_facts sums them per day (Asia/Kolkata, of placing) x category x buyer x
// seller, which the reports read. Money in paise, quantities in thousandths.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const measures = (table) =>
    table
      // Seller orders counted here: each under the category of its first line, so they add up.
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addColumn('lines', 'integer', (c) => c.notNull())
      .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
      .addColumn('value_minor', 'bigint', (c) => c.notNull())
      .addColumn('cost_minor', 'bigint', (c) => c.notNull())
      .addColumn('gst_minor', 'bigint', (c) => c.notNull())

  await measures(
    db.schema
      .createTable('order_facts')
      .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id').onDelete('cascade'))
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('seller_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('buyer_id', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('order_facts_pk', ['master_order_id', 'category_id', 'seller_id'])
    .execute()

  await measures(
    db.schema
      .createTable('order_day_facts')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull())
      .addColumn('buyer_id', 'integer', (c) => c.notNull())
      .addColumn('seller_id', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('order_day_facts_pk', ['day', 'category_id', 'buyer_id', 'seller_id'])
    .execute()
  for (const [name, columns] of [
    ['order_day_facts_buyer_idx', ['buyer_id', 'day']],
    ['order_day_facts_seller_idx', ['seller_id', 'day']],
    ['order_day_facts_category_idx', ['category_id', 'day']],
  ]) {
    await db.schema.createIndex(name).on('order_day_facts').columns(columns).execute()
  }
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('order_day_facts').execute()
  await db.schema.dropTable('order_facts').execute()
}
