import { CsvError, parse } from 'csv-parse/sync'
import type { ImportColumn, ImportRowInput } from '~/platform/bulk-import'
import { countOf } from '~/utils/format'
import { isZip, readXlsxRows, XlsxError, type XlsxLimits } from './xlsx.server'

// An import file (CSV or XLSX) as rows of cells by column (docs/domain.md "Bulk imports"). The first
// row with a value names the columns: matched to the kind's columns ignoring case, spaces, and a unit
// in brackets ("MOQ (m)" is moq); a column the kind does not know, one named twice, or a required
// one missing refuses the file with one sentence, as do an empty file and one over the row limit.

/** The most rows one file may hold: split larger files. */
export const MAX_IMPORT_ROWS = 100_000
/** The most bytes a file may have (the gate takes 30 MB of multipart: docs/decisions/0006). */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024
const MAX_CELL = 2_000

export type ImportFile = { ok: true; columns: string[]; rows: ImportRowInput[] } | { ok: false; message: string }

/** A header as a column name: "Product SKU" → product_sku, "MOQ (m)" → moq, "Seller’s code" → sellers_code. */
export function columnName(header: string): string {
  return header
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
}

/**
 * A cell as imported: trimmed; the apostrophe the platform's CSV exports put before a cell that a
 * spreadsheet would take for a formula (app/utils/csv.server.ts, inertCell) taken off again.
 */
export function cellText(value: string): string {
  const text = value.trim()
  return (/^'(?:[\t\r]|\s*[=+\-@])/.test(text) ? text.slice(1) : text).slice(0, MAX_CELL)
}

function csvRows(bytes: Uint8Array): { line: number; cells: string[] }[] | string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return 'The file is neither an XLSX workbook nor a CSV file in UTF-8: save it as “CSV UTF-8” or as an Excel workbook (.xlsx).'
  }
  if (text.includes('\u0000'))
    return 'The file is neither an XLSX workbook nor a CSV file: save it as CSV UTF-8 or .xlsx.'
  try {
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[]
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }))
  } catch (error) {
    if (error instanceof CsvError) return `The file is not a CSV file that can be read: ${error.message}`
    throw error
  }
}

/**
 * Reads the file against the kind's columns. `ignored` are columns the platform's own export of the
 * list adds (an id, a status): accepted and left out, so an export, edited, imports back.
 */
export function readImportFile(
  bytes: Uint8Array,
  columns: (ImportColumn & { aliases?: string[] })[],
  ignored: string[] = [],
  limits: Omit<XlsxLimits, 'maxDataRows'> = {},
): ImportFile {
  if (bytes.length === 0) return { ok: false, message: 'The file is empty: download the template and fill it in.' }
  let table: { line: number; cells: string[] }[]
  if (isZip(bytes)) {
    try {
      table = readXlsxRows(bytes, { ...limits, maxDataRows: MAX_IMPORT_ROWS })
    } catch (error) {
      if (error instanceof XlsxError) return { ok: false, message: `${error.message}.` }
      throw error
    }
  } else {
    const read = csvRows(bytes)
    if (typeof read === 'string') return { ok: false, message: read }
    table = read
  }
  return readTable(table, columns, ignored)
}

/**
 * Records as an import reads a file's rows (for callers that hold rows rather than a file, such as
 * an API): each record's keys are its columns, checked as a file's headers are; a record's number
 * is its place in the list (the first is 1).
 */
export function readImportRecords(
  records: Record<string, string | number | boolean | null | undefined>[],
  columns: (ImportColumn & { aliases?: string[] })[],
  ignored: string[] = [],
): ImportFile {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))]
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
  return readTable(
    [
      { line: 0, cells: keys },
      ...records.map((record, i) => ({ line: i + 1, cells: keys.map((k) => text(record[k])) })),
    ],
    columns,
    ignored,
  )
}

function readTable(
  table: { line: number; cells: string[] }[],
  columns: (ImportColumn & { aliases?: string[] })[],
  ignored: string[],
): ImportFile {
  const header = table.findIndex((row) => row.cells.some((cell) => cell.trim() !== ''))
  if (header < 0) return { ok: false, message: 'The file is empty: download the template and fill it in.' }

  const known = new Map<string, string>()
  for (const column of columns)
    for (const name of [column.name, ...(column.aliases ?? [])]) known.set(name, column.name)
  const at: (string | null)[] = []
  const unknown: string[] = []
  const twice = new Set<string>()
  // A sheet's row is sparse: a hole is an empty cell.
  for (const text of Array.from(table[header]!.cells, (cell) => cell ?? '')) {
    const name = columnName(text)
    if (name === '') {
      at.push(null)
      continue
    }
    const column = known.get(name)
    if (!column) {
      if (!ignored.includes(name)) unknown.push(text.trim())
      at.push(null)
      continue
    }
    if (at.includes(column)) twice.add(column)
    at.push(column)
  }
  const expected = `The first row names the columns: ${columns.map((c) => c.name).join(', ')} (see the template).`
  if (unknown.length)
    return {
      ok: false,
      message: `The file has ${unknown.length === 1 ? 'a column' : 'columns'} this import does not know: ${unknown.join(', ')}. ${expected}`,
    }
  if (twice.size) return { ok: false, message: `The file names ${[...twice].join(', ')} twice. ${expected}` }
  const missing = columns.filter((c) => c.required && !at.includes(c.name)).map((c) => c.name)
  if (missing.length)
    return {
      ok: false,
      message: `The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}. ${expected}`,
    }

  const rows: ImportRowInput[] = []
  for (const { line, cells } of table.slice(header + 1)) {
    if (!cells.some((cell) => cell.trim() !== '')) continue
    const row: Record<string, string> = {}
    for (const [index, column] of at.entries()) if (column) row[column] = cellText(cells[index] ?? '')
    rows.push({ number: line, cells: row })
  }
  if (rows.length === 0)
    return { ok: false, message: 'The file has its header row but no rows under it: one row per record.' }
  if (rows.length > MAX_IMPORT_ROWS)
    return {
      ok: false,
      message: `The file has more than ${countOf(MAX_IMPORT_ROWS, 'row')}: split it into smaller files.`,
    }
  return { ok: true, columns: columns.map((c) => c.name).filter((name) => at.includes(name)), rows }
}
