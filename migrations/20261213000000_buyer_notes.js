// Credit and debit notes a GST officer accepts (issue 38, docs/domain.md "Credit and debit notes"):
// each note adjusts one invoice, carries its reason as a code (short delivery, QC rejection after
// invoicing, rate difference, return, other) beside the words, and its taxable value and taxes per
// line (HSN, rate, CGST + SGST or IGST as on the invoice), so GSTR-1 and the e-invoice read them.
// Credit notes (CN/…) already exist with an amount only; debit notes (DN/…) are new, with their own
// gapless series. A debit note adds to what its invoice owes (buyer_invoices.debited_minor) and to
// the buyer's account (buyer_accounts.debited_minor); the ledger gains the kind 'debit_note'.
// Existing credit notes get their taxes split back from the invoice they credit (one line, at the
// invoice's first line's HSN and rate). Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

const NOTE_COLUMNS = ['reason_code', 'supply', 'taxable_minor', 'cgst_minor', 'sgst_minor', 'igst_minor']

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)
  const money = (c) => c.notNull().defaultTo(0)

  await db.schema
    .alterTable('credit_notes')
    .addColumn('reason_code', 'text', (c) => c.notNull().defaultTo('other'))
    .execute()
  await db.schema
    .alterTable('credit_notes')
    .addColumn('supply', 'text', (c) => c.notNull().defaultTo('intra'))
    .execute()
  for (const column of ['taxable_minor', 'cgst_minor', 'sgst_minor', 'igst_minor'])
    await db.schema.alterTable('credit_notes').addColumn(column, 'bigint', money).execute()

  await db.schema
    .createTable('debit_notes')
    .addColumn('id', idType, id)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('buyer_invoices.id'))
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('reason_code', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('supply', 'text', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', money)
    .addColumn('cgst_minor', 'bigint', money)
    .addColumn('sgst_minor', 'bigint', money)
    .addColumn('igst_minor', 'bigint', money)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await db.schema.createIndex('debit_notes_invoice_idx').on('debit_notes').columns(['invoice_id', 'id']).execute()
  await db.schema.createIndex('credit_notes_day_idx').on('credit_notes').columns(['issued_on', 'id']).execute()
  await db.schema.createIndex('debit_notes_day_idx').on('debit_notes').columns(['issued_on', 'id']).execute()

  // A note's lines: each adjusts one invoice line (quantity null for a rate difference alone).
  for (const [table, notes] of [
    ['credit_note_lines', 'credit_notes'],
    ['debit_note_lines', 'debit_notes'],
  ]) {
    await db.schema
      .createTable(table)
      .addColumn('id', idType, id)
      .addColumn('note_id', 'integer', (c) => c.notNull().references(`${notes}.id`).onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('invoice_line_id', 'integer', (c) => c.notNull().references('buyer_invoice_lines.id'))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('hsn_code', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('quantity_milli', 'bigint')
      .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
      .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
      .addColumn('cgst_minor', 'bigint', money)
      .addColumn('sgst_minor', 'bigint', money)
      .addColumn('igst_minor', 'bigint', money)
      .addColumn('total_minor', 'bigint', (c) => c.notNull())
      .addUniqueConstraint(`${table}_no_uq`, ['note_id', 'line_no'])
      .execute()
  }

  await db.schema.alterTable('buyer_invoices').addColumn('debited_minor', 'bigint', money).execute()
  await db.schema.alterTable('buyer_accounts').addColumn('debited_minor', 'bigint', money).execute()

  // The credit notes already issued: their taxes split back from the invoice they credit.
  const notes = await db
    .selectFrom('credit_notes as n')
    .innerJoin('buyer_invoices as i', 'i.id', 'n.invoice_id')
    .select(['n.id', 'n.amount_minor', 'i.id as invoice_id', 'i.supply', 'i.taxable_minor', 'i.total_minor'])
    .execute()
  for (const note of notes) {
    const amount = Number(note.amount_minor)
    const taxable = Number(note.total_minor)
      ? Math.round((amount * Number(note.taxable_minor)) / Number(note.total_minor))
      : amount
    const tax = amount - taxable
    const cgst = note.supply === 'intra' ? Math.floor(tax / 2) : 0
    const sgst = note.supply === 'intra' ? tax - cgst : 0
    const igst = note.supply === 'intra' ? 0 : tax
    await db
      .updateTable('credit_notes')
      .set({ supply: note.supply, taxable_minor: taxable, cgst_minor: cgst, sgst_minor: sgst, igst_minor: igst })
      .where('id', '=', note.id)
      .execute()
    const line = await db
      .selectFrom('buyer_invoice_lines')
      .select(['id', 'description', 'hsn_code', 'unit', 'gst_rate_bp'])
      .where('invoice_id', '=', note.invoice_id)
      .orderBy('line_no')
      .executeTakeFirst()
    if (!line) continue
    await db
      .insertInto('credit_note_lines')
      .values({
        note_id: note.id,
        line_no: 1,
        invoice_line_id: line.id,
        description: line.description,
        hsn_code: line.hsn_code,
        unit: line.unit,
        quantity_milli: null,
        taxable_minor: taxable,
        gst_rate_bp: line.gst_rate_bp,
        cgst_minor: cgst,
        sgst_minor: sgst,
        igst_minor: igst,
        total_minor: amount,
      })
      .execute()
  }
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('buyer_accounts').dropColumn('debited_minor').execute()
  await db.schema.alterTable('buyer_invoices').dropColumn('debited_minor').execute()
  await db.schema.dropTable('debit_note_lines').execute()
  await db.schema.dropTable('credit_note_lines').execute()
  await db.schema.dropIndex('debit_notes_day_idx').execute()
  await db.schema.dropIndex('credit_notes_day_idx').execute()
  await db.schema.dropIndex('debit_notes_invoice_idx').execute()
  await db.schema.dropTable('debit_notes').execute()
  for (const column of NOTE_COLUMNS) await db.schema.alterTable('credit_notes').dropColumn(column).execute()
}
