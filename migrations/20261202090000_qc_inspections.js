// QC inspections (issue #14, docs/domain.md "QC inspections"): scheduled for a seller order that is
// ready for QC, on a day and time slot, with a field operator; submitted with a measured value per
// active condition of each line's category (kept as the condition read then), accepted and rejected
// quantities per line, notes and photos; then approved, rejected or partly accepted by staff.
// The database decides the races: an operator holds a slot once (a partial unique index over the
// inspections that are not cancelled), a seller order has one open inspection (scheduled or
// submitted), and an inspection's code is unique.
// Frozen in time: never import app code here.
import { sql } from 'kysely'
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)

  await db.schema
    .createTable('qc_inspections')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('seller_order_id', 'integer', (c) => c.notNull().references('seller_orders.id'))
    // Copied from the seller order, for the calendar's filters and the approvals' lists.
    .addColumn('master_order_id', 'integer', (c) => c.notNull().references('master_orders.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('users.id'))
    // The day (YYYY-MM-DD, platform time zone) and the slot's start (HH:MM).
    .addColumn('scheduled_on', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    // scheduled, submitted, approved, partly_approved, rejected; or cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The operator's reviewed draft (JSON: values, quantities, notes) and the key its submit carries.
    .addColumn('draft_json', 'text')
    .addColumn('draft_key', 'text')
    // The submission: its key (a retry with it creates nothing), when it was received, by whom.
    .addColumn('submit_key', 'text')
    .addColumn('notes', 'text')
    .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('received_at', 'text')
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The decision: who, when, why; where a rejected part went (rework or cancel) and its new seller order.
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('disposition', 'text')
    .addColumn('split_seller_order_id', 'integer', (c) => c.references('seller_orders.id'))
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema
    .createIndex('qc_inspections_operator_slot_uq')
    .on('qc_inspections')
    .columns(['operator_id', 'scheduled_on', 'slot'])
    .unique()
    .where(sql.ref('status'), '<>', 'cancelled')
    .execute()
  await db.schema
    .createIndex('qc_inspections_open_uq')
    .on('qc_inspections')
    .column('seller_order_id')
    .unique()
    .where(sql.ref('status'), 'in', ['scheduled', 'submitted'])
    .execute()
  for (const [name, columns] of [
    // The calendar: a month's days, all or one operator's or one seller's. The day index holds what
    // the month's grid counts and ranks, so a month is read from the index alone.
    ['qc_inspections_day_idx', ['scheduled_on', 'slot', 'id', 'status', 'operator_id', 'seller_id', 'seller_order_id']],
    ['qc_inspections_operator_day_idx', ['operator_id', 'scheduled_on', 'slot']],
    // The operator's inspections sent lately.
    ['qc_inspections_operator_received_idx', ['operator_id', 'received_at']],
    ['qc_inspections_seller_day_idx', ['seller_id', 'scheduled_on']],
    // The approvals: submitted ones, oldest received first; a seller order's inspections.
    ['qc_inspections_status_idx', ['status', 'received_at', 'id']],
    ['qc_inspections_seller_order_idx', ['seller_order_id', 'id']],
  ]) {
    await db.schema.createIndex(name).on('qc_inspections').columns(columns).execute()
  }

  // What the operator found per line: the quantity inspected, accepted and rejected (thousandths).
  await db.schema
    .createTable('qc_inspection_lines')
    .addColumn('id', idType, id)
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('qc_inspections.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('accepted_milli', 'bigint', (c) => c.notNull())
    .addColumn('rejected_milli', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('qc_inspection_lines_uq', ['inspection_id', 'sub_order_id'])
    .execute()

  // A measured value per line and active condition, with the condition as it was read and its verdict.
  await db.schema
    .createTable('qc_inspection_results')
    .addColumn('id', idType, id)
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('qc_inspections.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('condition_id', 'integer', (c) => c.references('conditions.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('min_value', 'text')
    .addColumn('max_value', 'text')
    .addColumn('values_json', 'text')
    .addColumn('unit', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    // pass or fail
    .addColumn('verdict', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('qc_inspection_results_idx')
    .on('qc_inspection_results')
    .columns(['inspection_id', 'sub_order_id', 'id'])
    .execute()

  // Photos: stored resized (a full size and a thumbnail, both JPEG) under data/uploads.
  await db.schema
    .createTable('qc_photos')
    .addColumn('id', idType, id)
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('qc_inspections.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await db.schema.createIndex('qc_photos_inspection_idx').on('qc_photos').columns(['inspection_id', 'id']).execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of ['qc_photos', 'qc_inspection_results', 'qc_inspection_lines', 'qc_inspections'])
    await db.schema.dropTable(table).execute()
}
