// Issue 38, sample charges in the buyer's ledger (docs/domain.md "Sample charges"): a sample order
// dispatched with a charge raises a tax invoice, which belongs to the sample order instead of a
// seller order and a master order. So an invoice's seller_order_id and master_order_id may be null
// (sample_order_id is then set, one invoice per sample order: a unique index, NULLs never clash),
// and an invoice line's sub_order_id may be null (sample_order_item_id is then set).
//
// PostgreSQL drops the NOT NULLs in place. SQLite cannot, so each table is rebuilt the way SQLite
// documents (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off (outside a
// transaction: this dialect runs migrations without one), then in one transaction a copy of the
// table made from its own CREATE statement without the NOT NULL, every row copied with its id, the
// old table dropped, the copy renamed (the tables that refer to it keep referring to it by name),
// its indexes made again, the foreign keys checked; then foreign keys on again.
// Frozen in time: never import app code here.
import { sql } from 'kysely'
import { isPostgres } from '../db/dialect.js'

const RELAXED = [
  ['buyer_invoices', ['seller_order_id', 'master_order_id']],
  ['buyer_invoice_lines', ['sub_order_id']],
]

/**
 * SQLite: rebuilds `table` from its CREATE statement with `columns` made nullable (a column already
 * nullable is left as it is, so the migration can run again after its down).
 * @param {import('kysely').Kysely<any>} trx
 * @param {string} table
 * @param {string[]} columns
 */
async function rebuildNullable(trx, table, columns) {
  const { rows } = await sql`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx)
  const original = /** @type {{ sql: string }[]} */ (rows)[0]?.sql
  if (!original) throw new Error(`no table ${table}`)
  let create = original
  for (const column of columns) create = create.replace(`"${column}" integer not null`, `"${column}" integer`)
  if (create === original) return
  const copy = `${table}_rebuilt`
  create = create.replace(/^CREATE TABLE (IF NOT EXISTS )?"[^"]+"/i, `CREATE TABLE "${copy}"`)
  const indexes =
    await sql`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
      trx,
    )
  await sql.raw(create).execute(trx)
  await sql.raw(`insert into "${copy}" select * from "${table}"`).execute(trx)
  await sql.raw(`drop table "${table}"`).execute(trx)
  await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(trx)
  for (const index of /** @type {{ sql: string }[]} */ (indexes.rows)) await sql.raw(index.sql).execute(trx)
}

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  if (isPostgres(db)) {
    for (const [table, columns] of RELAXED) {
      for (const column of columns)
        await db.schema
          .alterTable(table)
          .alterColumn(column, (c) => c.dropNotNull())
          .execute()
    }
  } else {
    await sql`pragma foreign_keys = off`.execute(db)
    try {
      await db.transaction().execute(async (trx) => {
        for (const [table, columns] of RELAXED) await rebuildNullable(trx, table, columns)
        const { rows } = await sql`pragma foreign_key_check`.execute(trx)
        if (rows.length) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(rows.slice(0, 3))}`)
      })
    } finally {
      await sql`pragma foreign_keys = on`.execute(db)
    }
  }
  await db.schema
    .alterTable('buyer_invoices')
    .addColumn('sample_order_id', 'integer', (c) => c.references('sample_orders.id'))
    .execute()
  await db.schema
    .createIndex('buyer_invoices_sample_order_idx')
    .on('buyer_invoices')
    .column('sample_order_id')
    .unique()
    .execute()
  await db.schema
    .alterTable('buyer_invoice_lines')
    .addColumn('sample_order_item_id', 'integer', (c) => c.references('sample_order_items.id'))
    .execute()
}

/**
 * Rolls back the new columns. The order columns stay nullable: restoring NOT NULL would mean
 * deleting the sample invoices already in the ledger, with their payments' allocations.
 * @param {import('kysely').Kysely<any>} db
 */
export async function down(db) {
  await db.schema.alterTable('buyer_invoice_lines').dropColumn('sample_order_item_id').execute()
  await db.schema.dropIndex('buyer_invoices_sample_order_idx').execute()
  await db.schema.alterTable('buyer_invoices').dropColumn('sample_order_id').execute()
}
