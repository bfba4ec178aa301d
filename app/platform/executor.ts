import type { Kysely, Transaction } from 'kysely'
import type { DB } from '#db/types'

/** The database or a transaction on it: every read and write takes one, so it runs inside the caller's transaction. */
export type Executor = Kysely<DB> | Transaction<DB>

/** A transaction: code that must run inside one (a step, a lock) asks for this type. */
export type Trx = Transaction<DB>

/** `fn` in a transaction: the caller's when `db` is one already, else a new one. */
export function inTransaction<T>(db: Executor, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn)
}
