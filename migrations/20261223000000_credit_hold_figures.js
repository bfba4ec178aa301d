// Issue 51: a credit hold shown wherever its order is. The figures the hold was decided on are kept
// as numbers (what was overdue beyond the grace period, how far over the limit the order went) and
// when it was held, so every page words the hold for its reader without parsing the reason's text.
// Expand-only and nullable: holds written before read their reason and their order's placing time.
// Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('master_orders').addColumn('credit_held_at', 'text').execute()
  await db.schema.alterTable('master_orders').addColumn('credit_hold_overdue_minor', 'bigint').execute()
  await db.schema.alterTable('master_orders').addColumn('credit_hold_over_limit_minor', 'bigint').execute()
  await db
    .updateTable('master_orders')
    .set((eb) => ({ credit_held_at: eb.ref('placed_at') }))
    .where('credit_hold', '!=', 'none')
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const column of ['credit_hold_over_limit_minor', 'credit_hold_overdue_minor', 'credit_held_at'])
    await db.schema.alterTable('master_orders').dropColumn(column).execute()
}
