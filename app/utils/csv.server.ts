import { stringify } from 'csv-stringify/sync'

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @ first, also after spaces, or a leading
 * tab or carriage return) gets a leading apostrophe, so what someone typed as a name is never run.
 * Every string cell of every export passes here; no column escapes on its own.
 */
export function inertCell(value: string): string {
  return /^[\t\r]|^\s*[=+\-@]/.test(value) ? `'${value}` : value
}

/** A CSV download: a header row, then one row per record (a BOM so spreadsheet apps read UTF-8). */
export function csvResponse(filename: string, columns: { key: string; header: string }[], rows: Record<string, unknown>[]): Response {
  const body = stringify(rows, { header: true, columns, bom: true, cast: { boolean: (v) => (v ? 'yes' : 'no'), string: inertCell } })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  })
}
