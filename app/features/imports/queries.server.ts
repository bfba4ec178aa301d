import { sql } from 'kysely'
import type { ImportJobStatus, ImportKindKey, ImportOutcome, ImportResult } from '#db/types'
import type { Executor } from '~/platform/executor'
import { readListParams } from '~/utils/list-params'
import { STAFF_VIEWER } from '../audit/tell'
import { historyOf } from '../audit/history.server'
import { IMPORT_OUTCOMES } from './kinds'
import { importKindSpec } from './kinds.server'

// What the imports' pages read: the list of jobs, and one job with a page of its rows.

export const JOBS_PAGE_SIZE = 25
export const ROWS_PAGE_SIZE = 50

export interface ImportJobRow {
  id: number
  kind: ImportKindKey
  productName: string | null
  fileName: string
  uploadedBy: string | null
  createdAt: string
  status: ImportJobStatus
  rowsTotal: number
  counts: Record<ImportOutcome, number>
  rowsDone: number
  toApply: number
}

const jobColumns = [
  'import_jobs.id',
  'import_jobs.kind',
  'products.name as productName',
  'import_jobs.file_name as fileName',
  'users.name as uploadedBy',
  'import_jobs.created_at as createdAt',
  'import_jobs.status',
  'import_jobs.rows_total as rowsTotal',
  'import_jobs.create_count',
  'import_jobs.change_count',
  'import_jobs.unchanged_count',
  'import_jobs.refused_count',
  'import_jobs.rows_done as rowsDone',
] as const

type JobSelect = {
  id: number
  kind: ImportKindKey
  productName: string | null
  fileName: string
  uploadedBy: string | null
  createdAt: string
  status: ImportJobStatus
  rowsTotal: number
  create_count: number
  change_count: number
  unchanged_count: number
  refused_count: number
  rowsDone: number
}

const jobRow = (row: JobSelect): ImportJobRow => ({
  id: row.id,
  kind: row.kind,
  productName: row.productName,
  fileName: row.fileName,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt,
  status: row.status,
  rowsTotal: row.rowsTotal,
  counts: {
    create: row.create_count,
    change: row.change_count,
    unchanged: row.unchanged_count,
    refused: row.refused_count,
  },
  rowsDone: row.rowsDone,
  toApply: row.create_count + row.change_count,
})

const jobs = (db: Executor) =>
  db
    .selectFrom('import_jobs')
    .leftJoin('products', 'products.id', 'import_jobs.product_id')
    .leftJoin('users', 'users.id', 'import_jobs.uploaded_by')

/** The imports, newest first, a page at a time. */
export async function importListPage(db: Executor, url: URL) {
  const { page } = readListParams(url, {
    sorts: ['created'] as const,
    defaultSort: 'created',
    pageSize: JOBS_PAGE_SIZE,
  })
  const [rows, total] = await Promise.all([
    jobs(db)
      .select(jobColumns)
      .orderBy('import_jobs.id', 'desc')
      .limit(JOBS_PAGE_SIZE)
      .offset((page - 1) * JOBS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(jobRow), total: Number(total.n), page, pageSize: JOBS_PAGE_SIZE }
}

/** What the job page's rows show: every outcome, one of them, or the rows refused when applied. */
export const ROW_FILTERS = [...IMPORT_OUTCOMES, 'refused_when_applied'] as const
export type RowFilter = (typeof ROW_FILTERS)[number]

export function readRowFilter(url: URL): { show: RowFilter | null; page: number } {
  const show = url.searchParams.get('show')
  const { page } = readListParams(url, { sorts: ['row'] as const, defaultSort: 'row', pageSize: ROWS_PAGE_SIZE })
  return { show: ROW_FILTERS.find((f) => f === show) ?? null, page }
}

export interface ImportRowView {
  number: number
  outcome: ImportOutcome
  key: string
  values: Record<string, string>
  before: Record<string, string> | null
  messages: Record<string, string> | null
  result: ImportResult | null
  resultMessage: string | null
}

const parse = (json: string | null) => (json ? (JSON.parse(json) as Record<string, string>) : null)

/** What a row is read of: the page's rows and the API's (records.server.ts) alike. */
export const ROW_COLUMNS = [
  'row_number',
  'outcome',
  'record_key',
  'values_json',
  'before_json',
  'messages_json',
  'result',
  'result_message',
] as const

export const rowViewOf = (row: {
  row_number: number
  outcome: ImportOutcome
  record_key: string
  values_json: string
  before_json: string | null
  messages_json: string | null
  result: ImportResult | null
  result_message: string | null
}): ImportRowView => ({
  number: row.row_number,
  outcome: row.outcome,
  key: row.record_key,
  values: parse(row.values_json) ?? {},
  before: parse(row.before_json),
  messages: parse(row.messages_json),
  result: row.result,
  resultMessage: row.result_message,
})

/** One import: its figures, the columns of its kind, a page of its rows, its history. Undefined: no such import. */
export async function importJobPage(db: Executor, id: number, url: URL) {
  const job = await jobs(db)
    .select([
      ...jobColumns,
      'import_jobs.product_id',
      'import_jobs.created_count as created',
      'import_jobs.changed_count as changed',
      'import_jobs.kept_count as kept',
      'import_jobs.refused_at_apply_count as refusedWhenApplied',
      'import_jobs.requested_count as requested',
      'import_jobs.error',
      'import_jobs.started_at as startedAt',
      'import_jobs.finished_at as finishedAt',
    ])
    .where('import_jobs.id', '=', id)
    .executeTakeFirst()
  if (!job) return undefined
  const spec = await importKindSpec(db, job.kind, { id: job.product_id })
  const { show, page } = readRowFilter(url)
  let rows = db.selectFrom('import_rows').where('job_id', '=', id)
  if (show === 'refused_when_applied') rows = rows.where('result', '=', 'refused')
  else if (show) rows = rows.where('outcome', '=', show)
  const [shown, matching, history] = await Promise.all([
    rows
      .select(ROW_COLUMNS)
      .orderBy('row_number')
      .limit(ROWS_PAGE_SIZE)
      .offset((page - 1) * ROWS_PAGE_SIZE)
      .execute(),
    rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    historyOf(db, STAFF_VIEWER, 'import_job', id),
  ])
  const priceRequests = await importPriceRequests(db, id)
  const views = shown.map(rowViewOf)
  // The kind's columns that the file had (every row holds the file's columns).
  const first = await db
    .selectFrom('import_rows')
    .select('values_json')
    .where('job_id', '=', id)
    .orderBy('row_number')
    .limit(1)
    .executeTakeFirst()
  const inFile = Object.keys(parse(first?.values_json ?? null) ?? {})
  const columns = (spec?.columns ?? []).map((c) => c.name).filter((name) => inFile.includes(name))
  const { created, changed, kept, refusedWhenApplied, requested, error, startedAt, finishedAt } = job
  return {
    job: {
      ...jobRow(job),
      label: spec?.label ?? job.kind,
      applied: { created, changed, kept, refusedWhenApplied, requested },
      error,
      startedAt,
      finishedAt,
    },
    columns,
    priceRequests,
    rows: views,
    show,
    page,
    pageSize: ROWS_PAGE_SIZE,
    matching: Number(matching.n),
    history,
  }
}

/**
 * The price-change requests an import raised instead of changing prices that need an admin's
 * decision (docs/domain.md "Who may change a price"), oldest first, with where each stands now.
 */
export async function importPriceRequests(db: Executor, jobId: number) {
  const rows = await db
    .selectFrom('price_change_requests as r')
    .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .select([
      'r.id',
      'r.buyer_sku_id',
      'r.current_price_minor',
      'r.proposed_price_minor',
      'r.status',
      'buyer_skus.buyer_code',
      'buyers.name as buyer_name',
    ])
    .where('r.import_job_id', '=', jobId)
    .orderBy('r.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    buyerSkuId: r.buyer_sku_id,
    buyerCode: r.buyer_code,
    buyerName: r.buyer_name,
    priceMinor: r.current_price_minor,
    proposedMinor: r.proposed_price_minor,
    status: r.status,
  }))
}

/** The live figures of a job (progress polling reads the whole page; tests read this). */
export function importProgress(db: Executor, id: number) {
  return db
    .selectFrom('import_jobs')
    .select([
      'status',
      'rows_done',
      sql<number>`create_count + change_count`.as('to_apply'),
      'created_count',
      'changed_count',
      'kept_count',
      'refused_at_apply_count',
      'requested_count',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}

export type ImportJobPage = NonNullable<Awaited<ReturnType<typeof importJobPage>>>
export type ImportListPage = Awaited<ReturnType<typeof importListPage>>
