// Issue 52: the platform's aggregate turnover band, one row of platform_settings
// (`aggregate_turnover_band`: 1 above ₹5 crore, 0 up to ₹5 crore). Above ₹5 crore every document
// carries at least 6 digits of HSN (Notification 78/2020-Central Tax). The platform e-invoices every
// B2B document, so it starts above. Categories' HSN codes are the admins' data and are not rewritten:
// a 4-digit code is flagged where it blocks a file (e-invoice, e-way bill, GSTR-1) and refused on the
// category form. Expand-only: a row added where none is. Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const have = await db
    .selectFrom('platform_settings')
    .select('key')
    .where('key', '=', 'aggregate_turnover_band')
    .executeTakeFirst()
  if (!have) await db.insertInto('platform_settings').values({ key: 'aggregate_turnover_band', value_int: 1 }).execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.deleteFrom('platform_settings').where('key', '=', 'aggregate_turnover_band').execute()
}
