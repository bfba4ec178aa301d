// Finance's home and the buyers' settlements list (issue 34) read open invoices past their due date
// and payments received in a month across all buyers: each through its own index.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .createIndex('buyer_invoices_due_idx')
    .on('buyer_invoices')
    .columns(['status', 'due_on', 'buyer_id', 'total_minor', 'paid_minor', 'credited_minor'])
    .execute()
  await db.schema
    .createIndex('buyer_payments_received_idx')
    .on('buyer_payments')
    .columns(['received_on', 'buyer_id', 'amount_minor'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('buyer_payments_received_idx').execute()
  await db.schema.dropIndex('buyer_invoices_due_idx').execute()
}
