import type { ImportOutcome, ImportResult } from '#db/types'
import type { Executor, Trx } from './executor'

// What a kind of bulk import offers (docs/domain.md "Bulk imports (issue 40)"). The jobs, files,
// preview, chunks and progress belong to app/features/imports; each catalogue feature declares its
// own kind beside its rules (buyer-skus/import.server.ts ...): the columns of its file, the check of
// a chunk of rows against the catalogue as it is now (reads only), and the same check followed by
// the writes in the caller's transaction. Every row is keyed by its record's natural key (a buyer
// and its code, a product SKU's code, a seller and a product SKU), so applying a row twice finds
// the record the first made and changes nothing.

/** A column of an import file, as its template and the new-import page describe it. */
export interface ImportColumn {
  name: string
  required: boolean
  about: string
  example: string
}

/** Column -> the cell as read (trimmed). A column absent from the file is absent here. */
export type ImportCells = Record<string, string>

export interface ImportRowInput {
  /** The line of the file (the header is line 1). */
  number: number
  cells: ImportCells
}

/** A row as the preview shows it. `messages` holds a reason per refused cell ("" for the row itself). */
export interface CheckedImportRow {
  number: number
  outcome: ImportOutcome
  /** The record it names, as shown ("Indigo Threads Retail · IT-105"). */
  key: string
  values: ImportCells
  /** The value before, for each cell the row changes. */
  before?: Record<string, string>
  messages?: Record<string, string>
}

export interface AppliedImportRow {
  number: number
  result: ImportResult
  /** Why a row was refused when applied (the catalogue changed since the preview). */
  message?: string
  entityId?: number
}

export interface ImportContext {
  /** The product of a product SKU import. */
  productId: number | null
  /**
   * Natural keys already taken by an earlier row of the same file (a second row for one record is
   * refused): the preview keeps one set across all its chunks.
   */
  seen: Set<string>
  /** The instant the rows are checked (and written) at. */
  at: string
  /** Who previews or applies: a kind whose rules depend on the person (who may change a price) reads it. */
  actorUserId?: number | null
}

export interface ApplyContext extends ImportContext {
  actorUserId: number | null
  /** The import being applied (what it writes may name it). */
  jobId?: number
  /** The audit note of a record's entry: which import and row wrote it. */
  note: (rowNumber: number) => string
}

export interface ImportKindDefinition {
  /** Classifies a chunk of rows; writes nothing. */
  check(db: Executor, rows: ImportRowInput[], context: ImportContext): Promise<CheckedImportRow[]>
  /** Checks the chunk again (the catalogue may have moved since the preview) and writes it. */
  apply(trx: Trx, rows: ImportRowInput[], context: ApplyContext): Promise<AppliedImportRow[]>
}

/**
 * A zod issue list as a message per column: each issue's field (the form's name) becomes its
 * column; the first message of a column wins. `columnOf` maps a form field to a column.
 */
export function messagesByColumn(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  columnOf: (path: readonly PropertyKey[]) => string,
): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of issues) {
    const column = columnOf(issue.path)
    messages[column] ??= issue.message
  }
  return messages
}

/** The cells of a row as a form posts them: an empty cell is no value (as conform reads an empty field). */
export function formValues(cells: ImportCells, fieldOf: Record<string, string>): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {}
  for (const [column, field] of Object.entries(fieldOf)) {
    const cell = cells[column]
    values[field] = cell === undefined || cell === '' ? undefined : cell
  }
  return values
}

/** A refused row: its messages, its values as read. */
export function refusedRow(
  row: ImportRowInput,
  key: string,
  messages: Record<string, string>,
  values: ImportCells = row.cells,
): CheckedImportRow {
  return { number: row.number, outcome: 'refused', key, values, messages }
}

/** The words of a refused row's messages, for one line (an apply-time refusal). */
export const messageLine = (messages: Record<string, string> | undefined) =>
  Object.entries(messages ?? {})
    .map(([column, message]) => (column ? `${column}: ${message}` : message))
    .join('; ')

/**
 * Rows written in statements of at most `perStatement` rows: a statement's parameters stay under
 * both databases' limits (SQLite's 32,766, PostgreSQL's 65,535) whatever the number of columns.
 */
export function batches<T>(rows: T[], columns: number, limit = 30_000): T[][] {
  const size = Math.max(1, Math.min(1_000, Math.floor(limit / Math.max(1, columns))))
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** A lower-case, trimmed name for lookups by name ("Indigo Threads Retail" → "indigo threads retail"). */
export const nameKey = (name: string) => name.trim().toLowerCase()

/**
 * Thrown inside a chunk's transaction when a record moved between its re-check and its write (a
 * save from a form at the same moment, on PostgreSQL): the chunk is rolled back and tried again.
 */
export class ImportConflict extends Error {}
