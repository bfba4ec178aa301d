// Sellers whose seller orders are approved as they are placed, while the seller_order_auto_approve
// flag is on (issue 12: flags can relax the approval gate for chosen sellers).

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .alterTable('sellers')
    .addColumn('auto_approve_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('sellers').dropColumn('auto_approve_orders').execute()
}
