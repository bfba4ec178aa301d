// What the invoice registration portal returned for an e-invoice (issue 38, docs/domain.md (issue 38)):
// the IRN, the acknowledgement number and date, the signed QR string and, when given, the signed
// invoice, for one tax invoice, credit note or debit note (doc_type INV / CRN / DBN and its id).
// One registration per document, one document per IRN. Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  await db.schema
    .createTable('einvoice_registrations')
    .addColumn('id', idType, id)
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'integer', (c) => c.notNull())
    .addColumn('doc_number', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('irn', 'text', (c) => c.notNull().unique())
    .addColumn('ack_no', 'text', (c) => c.notNull())
    .addColumn('ack_at', 'text', (c) => c.notNull())
    .addColumn('signed_qr', 'text', (c) => c.notNull())
    .addColumn('signed_invoice', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNowDefault(db)))
    .addUniqueConstraint('einvoice_registrations_doc_uq', ['doc_type', 'doc_id'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('einvoice_registrations').execute()
}
