import { sql } from 'kysely'
import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import type { ImportJobStatus, ImportResult } from '#db/types'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { ImportConflict, type AppliedImportRow, type ImportCells } from '~/platform/bulk-import'
import { formatDateTime } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { importKindSpec } from './kinds.server'
import { statusLabels } from './kinds'

// Applying an import (docs/domain.md "Bulk imports (issue 40)"). "Apply" moves the job from
// previewed to applying with one conditional update, so of two clicks (or two people, or two
// processes) one moves it and the other is told. A worker then claims the job with a lease
// (another conditional update) and applies its create and change rows in chunks: each chunk is one
// transaction that checks its rows again, writes them by their natural keys, marks them applied and
// moves the job's progress on. A crash loses at most the chunk under way (rolled back); the lease
// runs out and the next claim resumes at the first row not applied. A row applied twice is
// impossible (it is marked in the same transaction), and a record written by an earlier import is
// found by its key and left as it is.

/** Rows per transaction when applying. */
export const APPLY_CHUNK = 1_000
/** How long a worker holds a job between two chunks before another may take it over. */
export const LEASE_MS = 2 * 60_000
/** Tries of a chunk that meets a record moved by someone else at the same moment (PostgreSQL). */
const CHUNK_TRIES = 3

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

async function jobState(db: Executor, id: number) {
  return db
    .selectFrom('import_jobs')
    .leftJoin('users', 'users.id', 'import_jobs.apply_requested_by')
    .select(['import_jobs.status', 'import_jobs.updated_at', 'users.name as by'])
    .where('import_jobs.id', '=', id)
    .executeTakeFirst()
}

function alreadyMoved(id: number, state: { status: ImportJobStatus; updated_at: string; by: string | null }) {
  const who = state.by ? ` by ${state.by}` : ''
  const since = `${who} on ${formatDateTime(state.updated_at)}`
  return new Refused(
    undefined,
    state.status === 'applying'
      ? `Import #${id} is already being applied (asked${since}): nothing was changed.`
      : `Import #${id} is ${statusLabels[state.status].toLowerCase()} (${since.trim()}): nothing was changed.`,
  )
}

/**
 * "Apply": previewed (or failed, to try again) → applying. The worker does the rest; the page shows
 * its progress.
 */
export async function requestApply(
  db: Database,
  actor: { userId: number },
  id: number,
): Promise<Result<{ rows: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      const moved = await trx
        .updateTable('import_jobs')
        .set({ status: 'applying', apply_requested_by: actor.userId, error: null, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['previewed', 'failed'])
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) {
        const state = await jobState(trx, id)
        if (!state) throw Refused.notFound()
        throw alreadyMoved(id, state)
      }
      const job = await trx
        .selectFrom('import_jobs')
        .select(['create_count', 'change_count', 'rows_done'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'import_job.apply_requested',
        entityType: 'import_job',
        entityId: id,
        after: { rows: job.create_count + job.change_count - job.rows_done },
      })
      return { ok: true as const, value: { rows: job.create_count + job.change_count - job.rows_done } }
    }),
  )
}

/** "Discard": a previewed import is never applied (its rows stay to be read). */
export async function cancelImport(db: Database, actor: { userId: number }, id: number): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      const moved = await trx
        .updateTable('import_jobs')
        .set({ status: 'cancelled', finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'previewed')
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) {
        const state = await jobState(trx, id)
        if (!state) throw Refused.notFound()
        throw alreadyMoved(id, state)
      }
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'import_job.cancelled',
        entityType: 'import_job',
        entityId: id,
        after: { status: 'cancelled' },
      })
      return { ok: true as const, value: undefined }
    }),
  )
}

/** Claims the oldest job waiting to be applied whose lease is free, or none. */
async function claimNext(db: Database, workerId: string, now: Date): Promise<number | null> {
  const at = now.toISOString()
  const waiting = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('status', '=', 'applying')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(5)
    .execute()
  for (const { id } of waiting) {
    const claimed = await db
      .updateTable('import_jobs')
      .set({
        claimed_by: workerId,
        claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(),
        started_at: sql<string>`coalesce(started_at, ${at})`,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'applying')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 1) return id
  }
  return null
}

class LeaseLost extends Error {}

const RESULT_COUNTER: Record<
  ImportResult,
  'created_count' | 'changed_count' | 'kept_count' | 'refused_at_apply_count' | 'requested_count'
> = {
  created: 'created_count',
  changed: 'changed_count',
  unchanged: 'kept_count',
  refused: 'refused_at_apply_count',
  requested: 'requested_count',
}

/**
 * Applies the chunks of a job this worker holds, until none is left (then the job is applied) or
 * the lease is lost to another worker. A chunk that fails otherwise fails the job, with the reason
 * kept (an admin may ask to apply it again: it resumes where it stopped).
 */
export async function applyClaimedJob(
  db: Database,
  id: number,
  workerId: string,
  /** `chunks`: stop after so many, the lease kept (as a process stopped mid-way leaves it: tests). */
  options: { chunk?: number; chunks?: number } = {},
): Promise<ImportJobStatus | 'lost' | 'stopped'> {
  const job = await db
    .selectFrom('import_jobs')
    .select(['id', 'kind', 'product_id', 'file_name', 'apply_requested_by', 'uploaded_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const actorUserId = job.apply_requested_by ?? job.uploaded_by
  const spec = await importKindSpec(db, job.kind, { id: job.product_id })
  const chunk = options.chunk ?? APPLY_CHUNK
  try {
    if (!spec) throw new Error('The product of this import no longer exists')
    for (let done = 0; ; done++) {
      if (options.chunks !== undefined && done >= options.chunks) return 'stopped'
      const rows = await db
        .selectFrom('import_rows')
        .select(['id', 'row_number', 'values_json'])
        .where('job_id', '=', id)
        .where('outcome', 'in', ['create', 'change'])
        .where('applied_at', 'is', null)
        .orderBy('row_number')
        .limit(chunk)
        .execute()
      if (rows.length === 0) break
      for (let attempt = 1; ; attempt++) {
        try {
          await applyChunk(
            db,
            { id, fileName: job.file_name, actorUserId, productId: job.product_id },
            spec,
            rows,
            workerId,
          )
          break
        } catch (error) {
          const raced = error instanceof ImportConflict || isUniqueViolation(error)
          if (!raced || attempt >= CHUNK_TRIES) throw error
        }
      }
      await breathe()
    }
    return await finish(db, id, workerId, actorUserId)
  } catch (error) {
    if (error instanceof LeaseLost) return 'lost'
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    console.error(`Import #${id} failed: ${message}`)
    const now = new Date().toISOString()
    await db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('import_jobs')
        .set({
          status: 'failed',
          error: message,
          claimed_by: null,
          claimed_until: null,
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .where('status', '=', 'applying')
        .executeTakeFirst()
      if (Number(failed.numUpdatedRows) === 1)
        await audit(trx, {
          actorUserId,
          action: 'import_job.failed',
          entityType: 'import_job',
          entityId: id,
          after: { status: 'failed' },
          note: message,
        })
    })
    return 'failed'
  }
}

async function applyChunk(
  db: Database,
  job: { id: number; fileName: string; actorUserId: number | null; productId: number | null },
  spec: NonNullable<Awaited<ReturnType<typeof importKindSpec>>>,
  rows: { id: number; row_number: number; values_json: string }[],
  workerId: string,
) {
  await db.transaction().execute(async (trx) => {
    const now = new Date()
    const at = now.toISOString()
    // The lease, renewed: a worker that lost it (it stalled past the lease) stops here, before writing.
    const held = await trx
      .updateTable('import_jobs')
      .set({ claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(), updated_at: at })
      .where('id', '=', job.id)
      .where('claimed_by', '=', workerId)
      .where('status', '=', 'applying')
      .executeTakeFirst()
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost()
    const applied: AppliedImportRow[] = await spec.definition.apply(
      trx,
      rows.map((row) => ({ number: row.row_number, cells: JSON.parse(row.values_json) as ImportCells })),
      {
        productId: job.productId,
        seen: new Set(),
        at,
        actorUserId: job.actorUserId,
        jobId: job.id,
        note: (n) => `Import #${job.id} (${job.fileName}), row ${n}`,
      },
    )
    const byNumber = new Map(applied.map((row) => [row.number, row]))
    const counts: Record<string, number> = {}
    // One statement per 500 rows: each row's result, message and record, by its id.
    for (let i = 0; i < rows.length; i += 500) {
      const slice = rows.slice(i, i + 500).map((row) => ({ id: row.id, applied: byNumber.get(row.row_number)! }))
      const caseOf = (read: (a: AppliedImportRow) => unknown, cast?: 'integer') =>
        sql`case id ${sql.join(
          slice.map(({ id, applied: a }) => {
            const v = read(a)
            // PostgreSQL types a bare parameter or null in a CASE as text: an integer column needs the cast.
            const value = v === undefined || v === null ? sql`null` : sql`${v}`
            return sql`when ${id} then ${cast ? sql`cast(${value} as integer)` : value}`
          }),
          sql` `,
        )} end`
      await trx
        .updateTable('import_rows')
        .set({
          applied_at: at,
          result: caseOf((a) => a.result) as never,
          result_message: caseOf((a) => a.message?.slice(0, 1000)) as never,
          entity_id: caseOf((a) => a.entityId, 'integer') as never,
        })
        .where(
          'id',
          'in',
          slice.map((s) => s.id),
        )
        .execute()
      for (const { applied: a } of slice) counts[RESULT_COUNTER[a.result]] = (counts[RESULT_COUNTER[a.result]] ?? 0) + 1
    }
    await trx
      .updateTable('import_jobs')
      .set((eb) => ({
        rows_done: eb('rows_done', '+', rows.length),
        ...Object.fromEntries(
          Object.entries(counts).map(([column, n]) => [column, eb(column as 'created_count', '+', n)]),
        ),
      }))
      .where('id', '=', job.id)
      .execute()
  })
}

async function finish(
  db: Database,
  id: number,
  workerId: string,
  actorUserId: number | null,
): Promise<ImportJobStatus | 'lost'> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString()
    const done = await trx
      .updateTable('import_jobs')
      .set({ status: 'applied', claimed_by: null, claimed_until: null, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .where('status', '=', 'applying')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return 'lost' as const
    const job = await trx
      .selectFrom('import_jobs')
      .select([
        'created_count',
        'changed_count',
        'kept_count',
        'refused_at_apply_count',
        'unchanged_count',
        'refused_count',
        'requested_count',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await audit(trx, {
      actorUserId,
      action: 'import_job.applied',
      entityType: 'import_job',
      entityId: id,
      after: {
        created: job.created_count,
        changed: job.changed_count,
        already_so: job.kept_count,
        refused_when_applied: job.refused_at_apply_count,
        unchanged: job.unchanged_count,
        refused: job.refused_count,
        // Only buyer-SKU prices can need a decision: other kinds' history is not padded with a zero.
        ...(job.requested_count ? { price_change_requests: job.requested_count } : {}),
      },
    })
    return 'applied' as const
  })
}

/**
 * The worker's tick: applies every job waiting to be applied whose lease is free, one after the
 * other. Returns the jobs it finished (applied or failed).
 */
export async function applyDueImports(
  db: Database,
  workerId: string,
  options: { chunk?: number; now?: () => Date } = {},
): Promise<number> {
  let finished = 0
  for (;;) {
    const id = await claimNext(db, workerId, options.now?.() ?? new Date())
    if (id === null) return finished
    const status = await applyClaimedJob(db, id, workerId, options)
    if (status === 'applied' || status === 'failed') finished++
  }
}
