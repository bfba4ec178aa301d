// Issue 38, the e-way bill (docs/domain.md (issue 38)): a transporter's GSTIN or TRANSIN (the
// transporter id of the e-way bill), the road distance of a booking in km, and the e-way bill
// recorded on the booking: its 12-digit number, when it was generated and until when it is valid.
// One e-way bill number belongs to one booking (a unique index; NULLs do not clash on either
// database). Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('transporters').addColumn('gstin', 'text').execute()
  await db.schema.alterTable('transport_bookings').addColumn('distance_km', 'integer').execute()
  await db.schema.alterTable('transport_bookings').addColumn('eway_bill_number', 'text').execute()
  await db.schema.alterTable('transport_bookings').addColumn('eway_bill_at', 'text').execute()
  await db.schema.alterTable('transport_bookings').addColumn('eway_valid_until', 'text').execute()
  await db.schema
    .createIndex('transport_bookings_eway_bill_number_idx')
    .on('transport_bookings')
    .column('eway_bill_number')
    .unique()
    .execute()
  // The logistics home looks at bookings on the road and lately delivered (status, delivered_at).
  await db.schema
    .createIndex('transport_bookings_status_delivered_idx')
    .on('transport_bookings')
    .columns(['status', 'delivered_at'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('transport_bookings_status_delivered_idx').execute()
  await db.schema.dropIndex('transport_bookings_eway_bill_number_idx').execute()
  for (const column of ['eway_valid_until', 'eway_bill_at', 'eway_bill_number', 'distance_km'])
    await db.schema.alterTable('transport_bookings').dropColumn(column).execute()
  await db.schema.alterTable('transporters').dropColumn('gstin').execute()
}
