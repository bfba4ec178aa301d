import { PostgresAdapter, sql, type QueryExecutor, type Transaction } from 'kysely'

/**
 * A read that takes its rows for the rest of the transaction (docs/domain.md "The two databases and
 * several processes"): `for no key update` on PostgreSQL, so a second transaction taking the same
 * row waits until the first commits and then reads what it left. SQLite has no such clause (it is a
 * syntax error there) and needs none: its transactions begin immediate (db/database.ts), so the
 * first one holds the database's one write lock from its start and the second reads after it.
 * `no key update` rather than `update`: rows that only refer to the locked one (their foreign key)
 * may still be inserted meanwhile.
 */
export function lockedRead<Q extends { forNoKeyUpdate(): Q }>(db: { getExecutor(): QueryExecutor }, query: Q): Q {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forNoKeyUpdate() : query
}

/** The keys of holdWorkLock, kept here together so that no two works share one (the migrations' is MIGRATION_LOCK_KEY). */
export const REPORT_ROWS_LOCK_KEY = 7305196834512660241n

/**
 * Work that several machines may begin at once and only one may do (start-up's rebuild of the
 * reports' rows), one at a time: on PostgreSQL a transaction-level advisory lock on `key`, taken
 * inside the caller's transaction and let go when it ends, so nothing is left on a pooled
 * connection (PgBouncer's transaction pooling; the migrations' lock is the same kind). The second
 * machine waits there, then reads what the first committed. SQLite needs none: its transactions
 * begin immediate, so the first holds the one write lock from its start.
 */
export async function holdWorkLock<DB>(trx: Transaction<DB>, key: bigint): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`select pg_advisory_xact_lock(${sql.lit(key)})`.execute(trx)
}
