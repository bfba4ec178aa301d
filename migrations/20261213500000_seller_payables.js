// The seller side of money (issue 38, docs/domain.md (issue 38)): a seller's bills to the platform,
// matched three ways (ordered, dispatched or delivered, accepted in QC) and approved or held for a
// person; the seller's account and ledger (an approved bill is a credit, payouts, debit notes and
// TDS under section 194Q are debits), debit notes to the seller with their own series (PDN/…),
// payouts paying bills in part or in full (PAY/…), and the seller's payment terms.
// Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)
  const money = (c) => c.notNull().defaultTo(0)
  const index = (table, name, columns) => db.schema.createIndex(name).on(table).columns(columns).execute()

  await db.schema
    .alterTable('sellers')
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute()

  await db.schema
    .createTable('seller_bills')
    .addColumn('id', idType, id)
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('seller_order_id', 'integer', (c) => c.notNull().references('seller_orders.id'))
    // The seller's own invoice number, unique per seller.
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('bill_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('supply', 'text', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', money)
    .addColumn('sgst_minor', 'bigint', money)
    .addColumn('igst_minor', 'bigint', money)
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    // review (a mismatch waits for a person), approved, rejected
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('mismatch', 'text')
    .addColumn('paid_minor', 'bigint', money)
    .addColumn('debited_minor', 'bigint', money)
    .addColumn('tds_minor', 'bigint', money)
    .addColumn('approved_on', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('seller_bills_number_uq', ['seller_id', 'number'])
    .execute()
  await index('seller_bills', 'seller_bills_order_idx', ['seller_order_id'])
  await index('seller_bills', 'seller_bills_status_idx', ['status', 'due_on'])
  await index('seller_bills', 'seller_bills_seller_idx', ['seller_id', 'status', 'due_on'])
  await index('seller_bills', 'seller_bills_approved_idx', ['approved_on'])

  await db.schema
    .createTable('seller_bill_lines')
    .addColumn('id', idType, id)
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('seller_bills.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('rate_minor', 'bigint', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', money)
    .addColumn('sgst_minor', 'bigint', money)
    .addColumn('igst_minor', 'bigint', money)
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    // What the match read: ordered, accepted in QC, the ordered cost per unit.
    .addColumn('ordered_milli', 'bigint', (c) => c.notNull())
    .addColumn('accepted_milli', 'bigint', (c) => c.notNull())
    .addColumn('cost_minor', 'bigint', (c) => c.notNull())
    .addColumn('debited_milli', 'bigint', money)
    .addUniqueConstraint('seller_bill_lines_no_uq', ['bill_id', 'line_no'])
    .execute()
  await index('seller_bill_lines', 'seller_bill_lines_sub_order_idx', ['sub_order_id'])

  await db.schema
    .createTable('seller_accounts')
    .addColumn('seller_id', 'integer', (c) => c.primaryKey().references('sellers.id'))
    .addColumn('billed_minor', 'bigint', money)
    .addColumn('paid_minor', 'bigint', money)
    .addColumn('debited_minor', 'bigint', money)
    .addColumn('tds_minor', 'bigint', money)
    .addColumn('entries', 'bigint', money)
    // Purchases from the seller in a financial year before its bills were recorded here (a go-live
    // in the middle of a year): they count towards the ₹50 lakh of section 194Q in that year.
    .addColumn('opening_fy', 'text')
    .addColumn('opening_purchases_minor', 'bigint', money)
    .addColumn('updated_at', 'text', now)
    .execute()

  await db.schema
    .createTable('seller_ledger')
    .addColumn('id', idType, id)
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('entry_on', 'text', (c) => c.notNull())
    // bill, payout, debit_note, tds
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('ref_number', 'text', (c) => c.notNull())
    .addColumn('debit_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addUniqueConstraint('seller_ledger_seq_uq', ['seller_id', 'seq'])
    .execute()
  await index('seller_ledger', 'seller_ledger_day_idx', ['seller_id', 'entry_on', 'seq'])

  await db.schema
    .createTable('seller_debit_notes')
    .addColumn('id', idType, id)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('seller_bills.id'))
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('supply', 'text', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', money)
    .addColumn('sgst_minor', 'bigint', money)
    .addColumn('igst_minor', 'bigint', money)
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await index('seller_debit_notes', 'seller_debit_notes_bill_idx', ['bill_id'])
  await index('seller_debit_notes', 'seller_debit_notes_day_idx', ['issued_on'])

  await db.schema
    .createTable('seller_debit_note_lines')
    .addColumn('id', idType, id)
    .addColumn('note_id', 'integer', (c) => c.notNull().references('seller_debit_notes.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('bill_line_id', 'integer', (c) => c.notNull().references('seller_bill_lines.id'))
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', money)
    .addColumn('sgst_minor', 'bigint', money)
    .addColumn('igst_minor', 'bigint', money)
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('seller_debit_note_lines_no_uq', ['note_id', 'line_no'])
    .execute()

  await db.schema
    .createTable('seller_payouts')
    .addColumn('id', idType, id)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('utr', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await index('seller_payouts', 'seller_payouts_seller_idx', ['seller_id', 'paid_on'])

  await db.schema
    .createTable('seller_payout_lines')
    .addColumn('id', idType, id)
    .addColumn('payout_id', 'integer', (c) => c.notNull().references('seller_payouts.id').onDelete('cascade'))
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('seller_bills.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('seller_payout_lines_uq', ['payout_id', 'bill_id'])
    .execute()
  await index('seller_payout_lines', 'seller_payout_lines_bill_idx', ['bill_id'])
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of [
    'seller_payout_lines',
    'seller_payouts',
    'seller_debit_note_lines',
    'seller_debit_notes',
    'seller_ledger',
    'seller_accounts',
    'seller_bill_lines',
    'seller_bills',
  ])
    await db.schema.dropTable(table).execute()
  await db.schema.alterTable('sellers').dropColumn('payment_terms_days').execute()
}
