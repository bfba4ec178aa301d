// Issue 52: what happens to an e-way bill after it is generated (docs/domain.md "The e-way bill"):
// its cancellation (within 24 hours, before the goods move), a Part-B update when the vehicle
// changes on the road, and an extension of its validity. One row an event, with the JSON the
// e-way bill portal takes for it (NIC's cancel / vehicle update / extend validity requests), so a
// booking keeps its e-way bills' history after the number on the booking is cleared or replaced.
// Expand-only: a new table. Frozen in time: never import app code here.
import { sql } from 'kysely'
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  await db.schema
    .createTable('transport_booking_eway_events')
    .addColumn('id', idType, id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('transport_bookings.id').onDelete('cascade'))
    // cancel, part_b, extend
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cancel', 'part_b', 'extend')`))
    // the 12-digit e-way bill number the event is about
    .addColumn('eway_bill_number', 'text', (c) => c.notNull())
    // the request body the portal takes for it, as JSON
    .addColumn('payload_json', 'text', (c) => c.notNull())
    // the validity an extension gave (ISO); null for the other kinds
    .addColumn('valid_until', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNowDefault(db)))
    .execute()
  await db.schema
    .createIndex('transport_booking_eway_events_booking_idx')
    .on('transport_booking_eway_events')
    .columns(['booking_id', 'at'])
    .execute()
  // Recording a number looks for its cancellation: a cancelled e-way bill is never recorded again.
  await db.schema
    .createIndex('transport_booking_eway_events_number_idx')
    .on('transport_booking_eway_events')
    .columns(['eway_bill_number', 'kind'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('transport_booking_eway_events').execute()
}
