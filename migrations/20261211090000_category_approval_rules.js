// Approval rules per category (issue 37), set by an admin: the margin floor a price or a
// counter-offer may not go below without an admin, and the order value above which a seller order
// needs a second approver. Null: no rule. Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('categories').addColumn('margin_floor_bp', 'integer').execute()
  await db.schema.alterTable('categories').addColumn('second_approval_above_minor', 'bigint').execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('categories').dropColumn('second_approval_above_minor').execute()
  await db.schema.alterTable('categories').dropColumn('margin_floor_bp').execute()
}
