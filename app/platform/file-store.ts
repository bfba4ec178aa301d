import type { FileStorage } from '~/config.server'
import type { Executor } from './executor'

// The file store's contract (app/platform/files.server.ts picks the backend; s3-files.server.ts is one).

/** A file's bytes as a response body: streamed where the backend streams, else one view of the bytes read. */
export interface StoredFile {
  size: number
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>
}

/** What to do once the transaction that deleted the rows has committed (fs, s3: delete their files). */
export type AfterCommit = () => Promise<void>
export const nothingAfterCommit: AfterCommit = async () => {}

export interface FileStore {
  readonly backend: FileStorage
  /**
   * Keeps the bytes under a new key, in `trx` where the backend is the database (a rolled-back
   * transaction keeps nothing); elsewhere at once (a rolled-back one leaves a file no row names,
   * which the sweep removes after an hour). Call it in the transaction that writes the row naming it.
   */
  put(trx: Executor, key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The file to serve, or null when there is none. */
  open(db: Executor, key: string): Promise<StoredFile | null>
  /** The file's bytes (to work on them), or null when there is none. */
  read(db: Executor, key: string): Promise<Buffer | null>
  exists(db: Executor, key: string): Promise<boolean>
  /**
   * The files of rows `trx` deleted: deleted in `trx` where the backend is the database; elsewhere
   * the deletion is returned, to run once `trx` has committed (before, a rollback would leave rows
   * naming no file). A process stopped in between leaves files the sweep removes.
   */
  remove(trx: Executor, keys: string[]): Promise<AfterCommit>
  /** Deletes now, outside any transaction: the sweep's, a move's. */
  discard(db: Executor, keys: string[]): Promise<void>
  /**
   * The files `put` for rows whose transaction did not commit: deleted now where they outlived it
   * (fs, s3); nothing to do in the database, where they rolled back with the rows.
   */
  abandon(db: Executor, keys: string[]): Promise<void>
  /** The keys of files stored before `before` (all when it is left out), for the sweep and for moving files. */
  list(db: Executor, options?: { before?: Date }): Promise<string[]>
}
