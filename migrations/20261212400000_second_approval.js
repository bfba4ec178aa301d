// The second approver (issue 37, docs/domain.md "Approval rules"): a seller order worth more to the
// buyer than a threshold of one of its lines' categories needs two different people to approve it.
// The first approval is kept on the order (who and when) until a different person approves it.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .alterTable('seller_orders')
    .addColumn('first_approved_by', 'integer', (c) => c.references('users.id'))
    .execute()
  await db.schema.alterTable('seller_orders').addColumn('first_approved_at', 'text').execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('seller_orders').dropColumn('first_approved_at').execute()
  await db.schema.alterTable('seller_orders').dropColumn('first_approved_by').execute()
}
