// Issue 52: an IRN cancelled on the invoice registration portal (within 24 hours of its
// acknowledgement, with NIC's reason code 1-4 and a remark of at most 100 characters). The portal's
// answer is kept on the registration: its CancelDate as the portal writes it (IST,
// 2026-11-28 10:05:00), the reason and remark sent, who recorded it and when. A cancelled IRN stays
// recorded (the portal never reuses a cancelled document's number); the document is no longer valid.
// Expand-only and nullable. Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('einvoice_registrations').addColumn('cancelled_at', 'text').execute()
  await db.schema.alterTable('einvoice_registrations').addColumn('cancel_reason', 'text').execute()
  await db.schema.alterTable('einvoice_registrations').addColumn('cancel_remark', 'text').execute()
  await db.schema
    .alterTable('einvoice_registrations')
    .addColumn('cancelled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('einvoice_registrations').addColumn('cancel_recorded_at', 'text').execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const column of ['cancel_recorded_at', 'cancelled_by', 'cancel_remark', 'cancel_reason', 'cancelled_at'])
    await db.schema.alterTable('einvoice_registrations').dropColumn(column).execute()
}
