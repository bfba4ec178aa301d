import { PostgresAdapter, type QueryExecutor } from 'kysely'

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
