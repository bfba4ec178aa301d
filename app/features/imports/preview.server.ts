import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import type { ImportKindKey, ImportOutcome } from '#db/types'
import { audit } from '~/platform/audit.server'
import { batches, type CheckedImportRow } from '~/platform/bulk-import'
import type { Result } from '~/utils/refusal.server'
import { importKindSpec } from './kinds.server'
import { readImportFileApart } from './read-apart.server'
import { readImportRecords, type ImportFile } from './read-file.server'

// The preview of an import (docs/domain.md "Bulk imports (issue 40)"): the file is read and every
// row checked against the catalogue as it is now, in chunks, with reads only; then the job and its
// rows are written in one transaction, so a preview is all there or not at all. Nothing of the
// catalogue is written here.

/** Rows checked per round of queries. */
export const CHECK_CHUNK = 1_000

export interface PreviewInput {
  kind: ImportKindKey
  /** Product SKUs: their product. */
  productId?: number | null
  fileName: string
  /** The file (CSV or XLSX), or its rows already as records keyed by column (an API's JSON). */
  bytes?: Uint8Array
  records?: Record<string, string | number | boolean | null | undefined>[]
  /** The upload form's key: the same key again answers with the first job. */
  idempotencyKey?: string
}

/** Lets the event loop serve other requests between chunks (SQLite's queries hold it while they run). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The job a key already made, if any. */
async function jobOfKey(db: Database, userId: number, key: string | undefined) {
  if (!key) return undefined
  return db
    .selectFrom('import_jobs')
    .select('id')
    .where('uploaded_by', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

/**
 * Reads, checks and keeps an import's preview. A file that cannot be read as this kind's (empty,
 * wrong or missing columns, too many rows) is refused at the file field and nothing is written.
 */
export async function previewImport(
  db: Database,
  actor: { userId: number },
  input: PreviewInput,
): Promise<Result<{ id: number; repeated: boolean }>> {
  const earlier = await jobOfKey(db, actor.userId, input.idempotencyKey)
  if (earlier) return { ok: true, value: { id: earlier.id, repeated: true } }
  const spec = await importKindSpec(db, input.kind, { id: input.productId })
  if (!spec) return { ok: false, field: 'kind', message: 'Choose what the file holds' }
  const file: ImportFile = input.records
    ? readImportRecords(input.records, spec.columns, spec.ignored)
    : await readImportFileApart(input.bytes ?? new Uint8Array(), spec.columns, spec.ignored)
  if (!file.ok) return { ok: false, field: 'file', message: file.message }

  const at = new Date().toISOString()
  const context = { productId: spec.product?.id ?? null, seen: new Set<string>(), at, actorUserId: actor.userId }
  const counts: Record<ImportOutcome, number> = { create: 0, change: 0, unchanged: 0, refused: 0 }
  // Kept as the rows to insert (JSON already made), so memory holds strings, not parsed rows.
  const rows: {
    row_number: number
    outcome: ImportOutcome
    record_key: string
    values_json: string
    before_json: string | null
    messages_json: string | null
  }[] = []
  for (let i = 0; i < file.rows.length; i += CHECK_CHUNK) {
    const checked: CheckedImportRow[] = await spec.definition.check(db, file.rows.slice(i, i + CHECK_CHUNK), context)
    for (const row of checked) {
      counts[row.outcome]++
      rows.push({
        row_number: row.number,
        outcome: row.outcome,
        record_key: row.key.slice(0, 300),
        values_json: JSON.stringify(row.values),
        before_json: row.before && Object.keys(row.before).length ? JSON.stringify(row.before) : null,
        messages_json: row.messages && Object.keys(row.messages).length ? JSON.stringify(row.messages) : null,
      })
    }
    await breathe()
  }

  try {
    const id = await db.transaction().execute(async (trx) => {
      const job = await trx
        .insertInto('import_jobs')
        .values({
          kind: spec.kind,
          product_id: spec.product?.id ?? null,
          file_name: input.fileName.slice(0, 200) || 'import',
          uploaded_by: actor.userId,
          status: 'previewed',
          rows_total: rows.length,
          create_count: counts.create,
          change_count: counts.change,
          unchanged_count: counts.unchanged,
          refused_count: counts.refused,
          idempotency_key: input.idempotencyKey || null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const slice of batches(rows, 7)) {
        await trx
          .insertInto('import_rows')
          .values(slice.map((row) => ({ ...row, job_id: job.id })))
          .execute()
      }
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'import_job.previewed',
        entityType: 'import_job',
        entityId: job.id,
        after: {
          kind: spec.label,
          file: input.fileName,
          rows: rows.length,
          to_create: counts.create,
          to_change: counts.change,
          unchanged: counts.unchanged,
          refused: counts.refused,
        },
      })
      return job.id
    })
    return { ok: true, value: { id, repeated: false } }
  } catch (error) {
    // The same form sent twice at once: the first one's job is the answer.
    if (isUniqueViolation(error, 'import_jobs', ['uploaded_by', 'idempotency_key'])) {
      const first = await jobOfKey(db, actor.userId, input.idempotencyKey)
      if (first) return { ok: true, value: { id: first.id, repeated: true } }
    }
    throw error
  }
}
