// Issue 52 (docs/domain.md "Freight under reverse charge and TDS 194C (issue 52)"): a transporter's
// PAN, its GTA option (reverse charge, or forward charge at a rate, with the financial year it was
// declared for) and its small-fleet declaration under section 194C(6); a transporter bill keeps the
// option it was entered under and, once paid, the TDS deducted and the money paid; the platform's
// reverse-charge tax on freight in its own register; the 194C register; and a row per transporter
// and financial year that payments lock and that carries the year's sums for the threshold.
// Expand-only. Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)
  const money = (c) => c.notNull().defaultTo(0)
  const index = (table, name, columns) => db.schema.createIndex(name).on(table).columns(columns).execute()

  await db.schema.alterTable('transporters').addColumn('pan', 'text').execute()
  // 'reverse' (the default in law) or 'forward' (Annexure V); the forward rate in basis points.
  await db.schema
    .alterTable('transporters')
    .addColumn('gta_option', 'text', (c) => c.notNull().defaultTo('reverse'))
    .execute()
  await db.schema.alterTable('transporters').addColumn('gta_forward_rate_bp', 'integer').execute()
  await db.schema.alterTable('transporters').addColumn('gta_option_fy', 'text').execute()
  await db.schema
    .alterTable('transporters')
    .addColumn('small_fleet_declared', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema.alterTable('transport_bookings').addColumn('bill_gta_option', 'text').execute()
  await db.schema.alterTable('transport_bookings').addColumn('bill_gst_rate_bp', 'integer').execute()
  await db.schema.alterTable('transport_bookings').addColumn('bill_tds_minor', 'bigint', money).execute()
  await db.schema.alterTable('transport_bookings').addColumn('paid_amount_minor', 'bigint').execute()

  await db.schema
    .createTable('freight_rcm_register')
    .addColumn('id', idType, id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().unique().references('transport_bookings.id'))
    .addColumn('transporter_id', 'integer', (c) => c.notNull().references('transporters.id'))
    .addColumn('bill_number', 'text', (c) => c.notNull())
    .addColumn('bill_date', 'text', (c) => c.notNull())
    // YYYY-MM of the time of supply (CGST Act s.13(3)): the payment's day, else the 61st day after the bill.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('supply', 'text', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', money)
    .addColumn('sgst_minor', 'bigint', money)
    .addColumn('igst_minor', 'bigint', money)
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await index('freight_rcm_register', 'freight_rcm_register_month_idx', ['month'])

  await db.schema
    .createTable('transporter_tds_years')
    .addColumn('transporter_id', 'integer', (c) => c.notNull().references('transporters.id'))
    .addColumn('fy', 'text', (c) => c.notNull())
    // Sums credited (bills paid) in the year, and the part of them on which nothing was deducted yet.
    .addColumn('paid_minor', 'bigint', money)
    .addColumn('undeducted_minor', 'bigint', money)
    .addColumn('updated_at', 'text', now)
    .addPrimaryKeyConstraint('transporter_tds_years_pk', ['transporter_id', 'fy'])
    .execute()

  await db.schema
    .createTable('transporter_tds')
    .addColumn('id', idType, id)
    .addColumn('booking_id', 'integer', (c) => c.notNull().unique().references('transport_bookings.id'))
    .addColumn('transporter_id', 'integer', (c) => c.notNull().references('transporters.id'))
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('paid_on', 'text', (c) => c.notNull())
    // '194C', '206AA' (no PAN), '194C(6)' (declared small fleet: nothing deducted), 'below' (under the thresholds)
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('pan', 'text')
    .addColumn('bill_minor', 'bigint', (c) => c.notNull())
    .addColumn('base_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('tds_minor', 'bigint', money)
    .addColumn('created_at', 'text', now)
    .execute()
  await index('transporter_tds', 'transporter_tds_month_idx', ['month'])
  await index('transporter_tds', 'transporter_tds_year_idx', ['transporter_id', 'fy'])
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('transporter_tds').execute()
  await db.schema.dropTable('transporter_tds_years').execute()
  await db.schema.dropTable('freight_rcm_register').execute()
  for (const column of ['paid_amount_minor', 'bill_tds_minor', 'bill_gst_rate_bp', 'bill_gta_option'])
    await db.schema.alterTable('transport_bookings').dropColumn(column).execute()
  for (const column of ['small_fleet_declared', 'gta_option_fy', 'gta_forward_rate_bp', 'gta_option', 'pan'])
    await db.schema.alterTable('transporters').dropColumn(column).execute()
}
