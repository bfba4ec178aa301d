// Tax invoices with every particular of CGST Rule 46 and rates after September 2025 (issue 38,
// docs/domain.md "Tax invoice and GST rates"):
// - a category may carry a value slab: above a sale value per piece (paise) the line takes another
//   rate (garments: 5 % up to ₹2,500 a piece, 18 % above). Both null: one rate for every price.
//   A slab is both columns or neither (the category form sees to it).
// - an invoice records the ship-to address it was raised for (Rule 46 (g) asks for it where it
//   differs from the bill-to); invoices already raised take their master order's ship-to.
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('categories').addColumn('gst_slab_above_minor', 'bigint').execute()
  await db.schema.alterTable('categories').addColumn('gst_rate_above_bp', 'integer').execute()
  await db.schema.alterTable('buyer_invoices').addColumn('ship_to_json', 'text').execute()
  await db
    .updateTable('buyer_invoices')
    .set({
      ship_to_json: sql`(select mo.ship_to_json from master_orders mo where mo.id = buyer_invoices.master_order_id)`,
    })
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('buyer_invoices').dropColumn('ship_to_json').execute()
  await db.schema.alterTable('categories').dropColumn('gst_rate_above_bp').execute()
  await db.schema.alterTable('categories').dropColumn('gst_slab_above_minor').execute()
}
