// Bulk imports with preview (issue 40, docs/domain.md "Bulk imports (issue 40)"): a file of buyer SKUs
// and prices, product SKUs, seller SKUs or sellers' costs becomes an import job and one row per line
// of the file, each classified (create, change, unchanged, refused) with its values, the old value of
// each changed cell and a reason per refused cell. Applying it moves the job from previewed to
// applying (one conditional update), and a worker holding the job's lease applies the rows in chunks,
// marking each row applied in the chunk's transaction. Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const now = (c) => c.notNull().defaultTo(utcNowDefault(db))
  const zero = (c) => c.notNull().defaultTo(0)

  await db.schema
    .createTable('import_jobs')
    .addColumn('id', idType, id)
    // buyer_skus, product_skus, seller_skus, seller_costs
    .addColumn('kind', 'text', (c) => c.notNull())
    // Product SKUs are imported per product (its attributes are the file's columns).
    .addColumn('product_id', 'integer', (c) => c.references('products.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // previewed, applying, applied, failed, cancelled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('previewed'))
    .addColumn('rows_total', 'integer', zero)
    .addColumn('create_count', 'integer', zero)
    .addColumn('change_count', 'integer', zero)
    .addColumn('unchanged_count', 'integer', zero)
    .addColumn('refused_count', 'integer', zero)
    // What applying did: rows done (of create_count + change_count) and what became of them.
    .addColumn('rows_done', 'integer', zero)
    .addColumn('created_count', 'integer', zero)
    .addColumn('changed_count', 'integer', zero)
    .addColumn('kept_count', 'integer', zero)
    .addColumn('refused_at_apply_count', 'integer', zero)
    .addColumn('error', 'text')
    // The upload form's key: a repeated upload answers with the first job.
    .addColumn('idempotency_key', 'text')
    .addColumn('apply_requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The worker applying it, until when (a lease: an expired one is taken over and resumes).
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema.createIndex('import_jobs_status_idx').on('import_jobs').columns(['status', 'id']).execute()
  await db.schema
    .createIndex('import_jobs_idempotency_uq')
    .on('import_jobs')
    .columns(['uploaded_by', 'idempotency_key'])
    .unique()
    .execute()

  await db.schema
    .createTable('import_rows')
    .addColumn('id', idType, id)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    // The line of the file (the header is line 1).
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // create, change, unchanged, refused: as previewed
    .addColumn('outcome', 'text', (c) => c.notNull())
    // The record the row names, as shown ("Indigo Threads Retail · IT-105").
    .addColumn('record_key', 'text', (c) => c.notNull())
    // Column -> the cell as read (JSON).
    .addColumn('values_json', 'text', (c) => c.notNull())
    // Column -> the value before, for each cell the row changes (JSON), or null.
    .addColumn('before_json', 'text')
    // Column -> why (the row's own reasons under ""), or null (JSON).
    .addColumn('messages_json', 'text')
    // What applying did: created, changed, unchanged, refused (a re-check at apply), and when.
    .addColumn('result', 'text')
    .addColumn('result_message', 'text')
    .addColumn('entity_id', 'integer')
    .addColumn('applied_at', 'text')
    .addUniqueConstraint('import_rows_job_row_uq', ['job_id', 'row_number'])
    .execute()
  await db.schema
    .createIndex('import_rows_outcome_idx')
    .on('import_rows')
    .columns(['job_id', 'outcome', 'row_number'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('import_rows').execute()
  await db.schema.dropTable('import_jobs').execute()
}
