// TDS a buyer deducted from what it paid (issue 38, docs/domain.md (issue 38) "TDS on receipts"): a
// receipt settles invoices by the money received plus the TDS; the TDS is the platform's receivable
// until the buyer's certificate (Form 16A: its number and date) is entered. amount_minor stays the
// money received. Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema
    .alterTable('buyer_payments')
    .addColumn('tds_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('buyer_payments').addColumn('tds_section', 'text').execute()
  await db.schema.alterTable('buyer_payments').addColumn('tds_certificate', 'text').execute()
  await db.schema.alterTable('buyer_payments').addColumn('tds_certificate_on', 'text').execute()
  // Who entered it (no foreign key: SQLite cannot drop a column that has one; the audit entry names them too).
  await db.schema.alterTable('buyer_payments').addColumn('tds_certified_by', 'integer').execute()
  // The receivables waiting for a certificate: receipts with TDS and no certificate yet, oldest first.
  await db.schema
    .createIndex('buyer_payments_tds_idx')
    .on('buyer_payments')
    .columns(['tds_certificate', 'tds_minor', 'received_on'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('buyer_payments_tds_idx').execute()
  for (const column of ['tds_certified_by', 'tds_certificate_on', 'tds_certificate', 'tds_section', 'tds_minor'])
    await db.schema.alterTable('buyer_payments').dropColumn(column).execute()
}
