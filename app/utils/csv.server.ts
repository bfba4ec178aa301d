import { stringify } from 'csv-stringify/sync'

/** A CSV download: a header row, then one row per record (a BOM so spreadsheet apps read UTF-8). */
export function csvResponse(filename: string, columns: { key: string; header: string }[], rows: Record<string, unknown>[]): Response {
  const body = stringify(rows, { header: true, columns, bom: true, cast: { boolean: (v) => (v ? 'yes' : 'no') } })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  })
}
