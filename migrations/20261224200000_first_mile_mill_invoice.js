// Issue 52: a first mile moves on the mill's own tax invoice to the platform, not on a challan the
// platform numbers by the booking. When the mill's bill is not recorded yet (payables' seller_bills),
// its number and date are entered on the first-mile booking and the e-way bill names them.
// Expand-only: two nullable text columns. Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('transport_bookings').addColumn('supplier_invoice_number', 'text').execute()
  await db.schema.alterTable('transport_bookings').addColumn('supplier_invoice_on', 'text').execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('transport_bookings').dropColumn('supplier_invoice_on').execute()
  await db.schema.alterTable('transport_bookings').dropColumn('supplier_invoice_number').execute()
}
