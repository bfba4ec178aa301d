// Credit holds (issue 37): an order that takes its buyer over its credit limit, or is placed for a
// buyer with invoices overdue beyond the grace period, waits on credit hold until business finance
// or an admin releases or cancels it. The hold lives on the master order ('none' for an order never
// held; 'held', 'released', 'cancelled'), with why it was held and who decided. The grace period is
// a platform setting row, edited by an admin on the credit holds page. Frozen in time: never import
// app code here.
import { utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const stamp = utcNowDefault(db)
  await db.schema
    .alterTable('master_orders')
    .addColumn('credit_hold', 'text', (c) => c.notNull().defaultTo('none'))
    .execute()
  await db.schema.alterTable('master_orders').addColumn('credit_hold_reason', 'text').execute()
  // A plain id (SQLite cannot drop a column that references another table).
  await db.schema.alterTable('master_orders').addColumn('credit_decided_by', 'integer').execute()
  await db.schema.alterTable('master_orders').addColumn('credit_decided_at', 'text').execute()
  await db.schema.alterTable('master_orders').addColumn('credit_decision_note', 'text').execute()
  // The finance queue: the held orders, oldest first.
  await db.schema
    .createIndex('master_orders_credit_hold_idx')
    .on('master_orders')
    .columns(['credit_hold', 'placed_at'])
    .execute()
  await db.schema
    .createTable('platform_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value_int', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(stamp))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.insertInto('platform_settings').values({ key: 'credit_grace_days', value_int: 7 }).execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('platform_settings').execute()
  await db.schema.dropIndex('master_orders_credit_hold_idx').execute()
  for (const column of [
    'credit_decision_note',
    'credit_decided_at',
    'credit_decided_by',
    'credit_hold_reason',
    'credit_hold',
  ])
    await db.schema.alterTable('master_orders').dropColumn(column).execute()
}
