import type { ImportJobStatus, ImportKindKey, ImportOutcome, ImportResult } from '#db/types'
import type { Executor } from '~/platform/executor'
import { ROW_COLUMNS, rowViewOf, type ImportRowView } from './queries.server'

// The imports as records, for the integration API (app/api/v1/imports.ts): a job with its figures and
// timestamps, read a page at a time by id (newest first), and its rows by row number (a cursor names
// the last one read), instead of the pages' numbered pages.

export interface ImportJobRecord {
  id: number
  kind: ImportKindKey
  product: { id: number; slug: string; name: string } | null
  fileName: string
  uploadedBy: string | null
  status: ImportJobStatus
  rowsTotal: number
  counts: Record<ImportOutcome, number>
  rowsDone: number
  toApply: number
  applied: { created: number; changed: number; kept: number; refused: number; requested: number }
  error: string | null
  createdAt: string
  updatedAt: string
  startedAt: string | null
  finishedAt: string | null
}

const jobRecords = (db: Executor) =>
  db
    .selectFrom('import_jobs')
    .leftJoin('products', 'products.id', 'import_jobs.product_id')
    .leftJoin('users', 'users.id', 'import_jobs.uploaded_by')
    .select([
      'import_jobs.id',
      'import_jobs.kind',
      'import_jobs.product_id',
      'products.slug as product_slug',
      'products.name as product_name',
      'import_jobs.file_name',
      'users.name as uploaded_by',
      'import_jobs.status',
      'import_jobs.rows_total',
      'import_jobs.create_count',
      'import_jobs.change_count',
      'import_jobs.unchanged_count',
      'import_jobs.refused_count',
      'import_jobs.rows_done',
      'import_jobs.created_count',
      'import_jobs.changed_count',
      'import_jobs.kept_count',
      'import_jobs.refused_at_apply_count',
      'import_jobs.requested_count',
      'import_jobs.error',
      'import_jobs.created_at',
      'import_jobs.updated_at',
      'import_jobs.started_at',
      'import_jobs.finished_at',
    ])

type JobSelect = Awaited<ReturnType<ReturnType<typeof jobRecords>['executeTakeFirstOrThrow']>>

const recordOf = (row: JobSelect): ImportJobRecord => ({
  id: row.id,
  kind: row.kind,
  product:
    row.product_id !== null && row.product_slug !== null && row.product_name !== null
      ? { id: row.product_id, slug: row.product_slug, name: row.product_name }
      : null,
  fileName: row.file_name,
  uploadedBy: row.uploaded_by,
  status: row.status,
  rowsTotal: row.rows_total,
  counts: {
    create: row.create_count,
    change: row.change_count,
    unchanged: row.unchanged_count,
    refused: row.refused_count,
  },
  rowsDone: row.rows_done,
  toApply: row.create_count + row.change_count,
  applied: {
    created: row.created_count,
    changed: row.changed_count,
    kept: row.kept_count,
    refused: row.refused_at_apply_count,
    requested: row.requested_count,
  },
  error: row.error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
})

/** Imports newest first: `take` of them with an id below `beforeId`. */
export async function listImportJobRecords(
  db: Executor,
  options: { beforeId?: number; status?: ImportJobStatus; take: number },
): Promise<ImportJobRecord[]> {
  let query = jobRecords(db)
  if (options.beforeId) query = query.where('import_jobs.id', '<', options.beforeId)
  if (options.status) query = query.where('import_jobs.status', '=', options.status)
  const rows = await query.orderBy('import_jobs.id', 'desc').limit(options.take).execute()
  return rows.map(recordOf)
}

/** One import, or undefined when there is none. */
export async function importJobRecord(db: Executor, id: number): Promise<ImportJobRecord | undefined> {
  const row = await jobRecords(db).where('import_jobs.id', '=', id).executeTakeFirst()
  return row ? recordOf(row) : undefined
}

/** An import's rows by row number: `take` of them after `afterRow`, of one outcome or result when asked. */
export async function listImportRowRecords(
  db: Executor,
  jobId: number,
  options: { outcome?: ImportOutcome; result?: ImportResult; afterRow?: number; take: number },
): Promise<ImportRowView[]> {
  let query = db.selectFrom('import_rows').select(ROW_COLUMNS).where('job_id', '=', jobId)
  if (options.outcome) query = query.where('outcome', '=', options.outcome)
  if (options.result) query = query.where('result', '=', options.result)
  if (options.afterRow !== undefined) query = query.where('row_number', '>', options.afterRow)
  const rows = await query.orderBy('row_number').limit(options.take).execute()
  return rows.map(rowViewOf)
}
