// Issue 52, a registration per state on the buying side (docs/domain.md "Registrations per state
// (issue 52)", "Seller bills and the three-way match", "Freight under reverse charge and TDS 194C"):
// which of the platform's GST registrations received a seller's bill (the warehouse its goods were
// delivered to, else the home one) and a GTA's service under reverse charge (the warehouse the move
// leaves from or arrives at, else the home one). The GSTIN, a reference to gst_registrations.gstin.
// Rows from before read as the home registration: they are set to it here. Expand-only: two nullable
// columns. Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  for (const table of ['seller_bills', 'freight_rcm_register']) {
    await db.schema
      .alterTable(table)
      .addColumn('recipient_gstin', 'text', (c) => c.references('gst_registrations.gstin'))
      .execute()
    await sql`update ${sql.table(table)} set recipient_gstin = (select gstin from gst_registrations where is_home = 1) where recipient_gstin is null`.execute(
      db,
    )
  }
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of ['seller_bills', 'freight_rcm_register'])
    await db.schema.alterTable(table).dropColumn('recipient_gstin').execute()
}
