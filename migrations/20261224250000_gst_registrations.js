// Issue 52, a registration per state (docs/domain.md "Registrations per state (issue 52)"): the
// platform's GST registrations, one per state where it has a place of business. A warehouse belongs
// to the registration of its state; documents for goods leaving it carry that GSTIN and are numbered
// in that registration's series. An upgraded database gets the home registration only (the billing
// identity the platform has always invoiced under), so it keeps working; others are added by the seed
// (demo) or by an operator. Expand-only: a new table. Frozen in time: never import app code here.
import { sql } from 'kysely'
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  await db.schema
    .createTable('gst_registrations')
    .addColumn('id', idType, id)
    // The two-digit GST state code ('27' Maharashtra): the first two characters of the GSTIN.
    .addColumn('state_code', 'text', (c) => c.notNull().unique())
    .addColumn('gstin', 'text', (c) => c.notNull().unique())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('trade_name', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pin', 'text', (c) => c.notNull())
    // 1 for the principal place of business (one row); its invoices keep the plain series (INV/26-27/000123).
    .addColumn('is_home', 'integer', (c) => c.notNull().defaultTo(0))
    // Two capital letters in the document series of the others (INVTN/26-27/0001).
    .addColumn('series_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNowDefault(db)))
    .addCheckConstraint('gst_registrations_gstin_shape', sql`length(gstin) = 15 and substr(gstin, 1, 2) = state_code`)
    .addCheckConstraint(
      'gst_registrations_series_shape',
      sql`length(series_code) = 2 and upper(series_code) = series_code`,
    )
    .addCheckConstraint('gst_registrations_is_home', sql`is_home in (0, 1)`)
    .execute()
  // One home registration at most.
  await sql`create unique index gst_registrations_home_uq on gst_registrations (is_home) where is_home = 1`.execute(db)
  await db
    .insertInto('gst_registrations')
    .values({
      state_code: '27',
      gstin: '27AABCS1429B1ZU',
      legal_name: 'Sourcing Platform Private Limited',
      trade_name: 'Sourcing Platform',
      line1: '4th floor, Kamala Mills Compound',
      line2: 'Senapati Bapat Marg, Lower Parel',
      city: 'Mumbai',
      state: 'Maharashtra',
      pin: '400013',
      is_home: 1,
      series_code: 'MH',
    })
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('gst_registrations').execute()
}
