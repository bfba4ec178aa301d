// Logistics and money (issue #15, docs/domain.md "Logistics and money"): transport requests and
// their bookings with the transporter's bill, and the buyers' ledgers: invoices raised when a seller
// order is delivered, payments received and allocated to invoices, credit notes.
// The database decides the races: a linked order has one active request of a type, a request one
// booking that is not cancelled, a transporter's bill number is entered once, a seller order gets
// one invoice, a buyer's ledger rows are numbered once (buyer, seq), document numbers are unique.
// Money in paise (bigint), weights in grams, days as YYYY-MM-DD in the platform's time zone.
// Frozen in time: never import app code here.
import { sql } from 'kysely'
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)
  const index = (table, name, columns) => db.schema.createIndex(name).on(table).columns(columns).execute()

  await db.schema
    .createTable('transporters')
    .addColumn('id', idType, id)
    .addColumn('name', 'text', (c) => c.notNull())
    // The name folded (lower case, single spaces): one transporter per name, however typed.
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', now)
    .execute()

  await db.schema
    .createTable('transport_requests')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // first_mile, last_mile, sample, return
    .addColumn('transport_type', 'text', (c) => c.notNull())
    // open, booked, in_transit, delivered; or cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seller_order_id', 'integer', (c) => c.references('seller_orders.id'))
    .addColumn('master_order_id', 'integer', (c) => c.references('master_orders.id'))
    .addColumn('sample_order_id', 'integer', (c) => c.references('sample_orders.id'))
    // The linked order's code (SO-… or SMP-…), searched by prefix, and its key ('SO:12', 'SMP:3').
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('order_ref', 'text', (c) => c.notNull())
    .addColumn('from_json', 'text', (c) => c.notNull())
    .addColumn('to_json', 'text', (c) => c.notNull())
    .addColumn('from_city', 'text', (c) => c.notNull())
    .addColumn('to_city', 'text', (c) => c.notNull())
    .addColumn('pickup_on', 'text', (c) => c.notNull())
    .addColumn('weight_grams', 'bigint', (c) => c.notNull())
    .addColumn('packages', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema
    .createIndex('transport_requests_active_uq')
    .on('transport_requests')
    .columns(['transport_type', 'order_ref'])
    .unique()
    .where(sql.ref('status'), 'in', ['open', 'booked', 'in_transit'])
    .execute()
  for (const [name, columns] of [
    // The list: newest pickup first, by every filter it offers.
    ['transport_requests_pickup_idx', ['pickup_on', 'id']],
    ['transport_requests_status_idx', ['status', 'pickup_on', 'id']],
    ['transport_requests_type_idx', ['transport_type', 'status', 'pickup_on', 'id']],
    ['transport_requests_from_city_idx', ['from_city', 'pickup_on', 'id']],
    ['transport_requests_to_city_idx', ['to_city', 'pickup_on', 'id']],
    ['transport_requests_order_code_idx', ['order_code', 'id']],
    // An order's requests, on its pages.
    ['transport_requests_seller_order_idx', ['seller_order_id', 'id']],
    ['transport_requests_master_order_idx', ['master_order_id', 'id']],
    ['transport_requests_sample_order_idx', ['sample_order_id', 'id']],
  ]) {
    await index('transport_requests', name, columns)
  }
  // How many requests of each type are in each status, kept with every change (the list's counts).
  await db.schema
    .createTable('transport_request_counts')
    .addColumn('transport_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('transport_request_counts_pk', ['transport_type', 'status'])
    .execute()

  await db.schema
    .createTable('transport_bookings')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('transport_requests.id'))
    .addColumn('transporter_id', 'integer', (c) => c.notNull().references('transporters.id'))
    // booked, picked_up, delivered; or cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('vehicle_number', 'text')
    .addColumn('driver_phone', 'text')
    .addColumn('lr_number', 'text')
    // Planned pickup and expected delivery (ISO, UTC) and their days in the platform's time zone (the calendar).
    .addColumn('pickup_at', 'text', (c) => c.notNull())
    .addColumn('pickup_on', 'text', (c) => c.notNull())
    .addColumn('expected_delivery_at', 'text', (c) => c.notNull())
    .addColumn('delivery_on', 'text', (c) => c.notNull())
    .addColumn('picked_up_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('freight_minor', 'bigint', (c) => c.notNull())
    .addColumn('cancel_reason', 'text')
    // The transporter's bill: none until entered, then unpaid, then paid.
    .addColumn('bill_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('bill_number', 'text')
    .addColumn('bill_date', 'text')
    .addColumn('bill_amount_minor', 'bigint')
    .addColumn('bill_gst_minor', 'bigint')
    .addColumn('bill_due_on', 'text')
    .addColumn('paid_on', 'text')
    .addColumn('payment_reference', 'text')
    .addColumn('paid_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('paid_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema
    .createIndex('transport_bookings_active_uq')
    .on('transport_bookings')
    .column('request_id')
    .unique()
    .where(sql.ref('status'), '<>', 'cancelled')
    .execute()
  await db.schema
    .createIndex('transport_bookings_bill_uq')
    .on('transport_bookings')
    .columns(['transporter_id', 'bill_number'])
    .unique()
    .where(sql.ref('bill_number'), 'is not', null)
    .execute()
  for (const [name, columns] of [
    ['transport_bookings_request_idx', ['request_id', 'id']],
    // The list and the calendar: by pickup day, by expected delivery day, by transporter or status.
    ['transport_bookings_pickup_idx', ['pickup_on', 'id', 'status', 'transporter_id']],
    ['transport_bookings_delivery_idx', ['delivery_on', 'id', 'status', 'transporter_id']],
    ['transport_bookings_transporter_idx', ['transporter_id', 'pickup_on', 'id']],
    ['transport_bookings_transporter_delivery_idx', ['transporter_id', 'delivery_on', 'id']],
    ['transport_bookings_status_idx', ['status', 'pickup_on', 'id']],
    // Payment dues: unpaid bills by due day, all or one transporter's.
    [
      'transport_bookings_dues_idx',
      ['bill_state', 'bill_due_on', 'id', 'transporter_id', 'bill_amount_minor', 'bill_gst_minor'],
    ],
  ]) {
    await index('transport_bookings', name, columns)
  }

  // How many bookings that are not cancelled are picked up (side 'pickup') or expected (side
  // 'delivery') on each day, per transporter: the calendar's month, kept with every booking change.
  await db.schema
    .createTable('transport_booking_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('transporter_id', 'integer', (c) => c.notNull().references('transporters.id'))
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('transport_booking_days_pk', ['side', 'day', 'transporter_id'])
    .execute()
  await index('transport_booking_days', 'transport_booking_days_transporter_idx', ['transporter_id', 'side', 'day'])

  // ---------- Buyers' ledgers ----------

  // Each buyer's running figures, changed by every ledger entry in its transaction (the row lock
  // orders a buyer's entries: seq and balance follow from it).
  await db.schema
    .createTable('buyer_accounts')
    .addColumn('buyer_id', 'integer', (c) => c.primaryKey().references('buyers.id'))
    .addColumn('invoiced_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('received_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // Received but not yet allocated to an invoice (an advance).
    .addColumn('unallocated_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('entries', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', now)
    .execute()

  await db.schema
    .createTable('buyer_invoices')
    .addColumn('id', idType, id)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('seller_order_id', 'integer', (c) => c.notNull().unique().references('seller_orders.id'))
    .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id'))
    .addColumn('invoice_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    // intra (CGST + SGST) or inter (IGST) state supply
    .addColumn('supply', 'text', (c) => c.notNull())
    .addColumn('place_of_supply', 'text', (c) => c.notNull())
    .addColumn('seller_json', 'text', (c) => c.notNull())
    .addColumn('buyer_json', 'text', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', (c) => c.notNull())
    .addColumn('sgst_minor', 'bigint', (c) => c.notNull())
    .addColumn('igst_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('paid_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    // open while anything is owed on it, then settled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  for (const [name, columns] of [
    // Allocation and ageing: a buyer's open invoices, oldest first, with what ageing sums (read from the index alone).
    [
      'buyer_invoices_buyer_idx',
      ['buyer_id', 'status', 'invoice_on', 'id', 'due_on', 'total_minor', 'paid_minor', 'credited_minor'],
    ],
    ['buyer_invoices_master_order_idx', ['master_order_id', 'id']],
  ]) {
    await index('buyer_invoices', name, columns)
  }

  await db.schema
    .createTable('buyer_invoice_lines')
    .addColumn('id', idType, id)
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('buyer_invoices.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hsn_code', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('cgst_minor', 'bigint', (c) => c.notNull())
    .addColumn('sgst_minor', 'bigint', (c) => c.notNull())
    .addColumn('igst_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('buyer_invoice_lines_uq', ['invoice_id', 'line_no'])
    .execute()

  await db.schema
    .createTable('buyer_payments')
    .addColumn('id', idType, id)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    // neft, rtgs, imps, upi, cheque, cash
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('unallocated_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  // Allocation: a buyer's payments with money left, oldest first.
  await index('buyer_payments', 'buyer_payments_buyer_idx', ['buyer_id', 'unallocated_minor', 'received_on', 'id'])

  await db.schema
    .createTable('payment_allocations')
    .addColumn('id', idType, id)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('buyer_payments.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('buyer_invoices.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .execute()
  await index('payment_allocations', 'payment_allocations_invoice_idx', ['invoice_id', 'id'])
  await index('payment_allocations', 'payment_allocations_payment_idx', ['payment_id', 'id'])

  await db.schema
    .createTable('credit_notes')
    .addColumn('id', idType, id)
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('buyer_invoices.id'))
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await index('credit_notes', 'credit_notes_invoice_idx', ['invoice_id', 'id'])

  // The ledger as the buyer's statement reads it: one row per invoice, payment and credit note, in
  // the order they were written (seq), with the balance after each.
  await db.schema
    .createTable('buyer_ledger')
    .addColumn('id', idType, id)
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('entry_on', 'text', (c) => c.notNull())
    // invoice, payment, credit_note
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('ref_number', 'text', (c) => c.notNull())
    .addColumn('debit_minor', 'bigint', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .addUniqueConstraint('buyer_ledger_seq_uq', ['buyer_id', 'seq'])
    .execute()
  await index('buyer_ledger', 'buyer_ledger_day_idx', ['buyer_id', 'entry_on', 'seq'])
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of [
    'buyer_ledger',
    'credit_notes',
    'payment_allocations',
    'buyer_payments',
    'buyer_invoice_lines',
    'buyer_invoices',
    'buyer_accounts',
    'transport_booking_days',
    'transport_bookings',
    'transport_request_counts',
    'transport_requests',
    'transporters',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
