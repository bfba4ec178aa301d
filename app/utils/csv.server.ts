import { stringify } from 'csv-stringify/sync'

/**
 * A negative number as the exports write it: money and quantities (`-296500.00`, `-1.500`), with or
 * without grouping (`-1,234.50`, `-12,34,567.50`). Only digits, commas and one point follow the
 * minus, so a spreadsheet can read it as nothing but a number: it is written as it is.
 */
const NEGATIVE_NUMBER = /^-\d[\d,]*(\.\d+)?$/

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @ first, also after spaces, or a leading
 * tab or carriage return) gets a leading apostrophe, so what someone typed as a name is never run.
 * A plain negative number is not a formula and stays a number (`-2+3` is a formula and is escaped).
 * Every string cell of every export passes here; no column escapes on its own.
 */
export function inertCell(value: string): string {
  if (NEGATIVE_NUMBER.test(value)) return value
  return /^[\t\r]|^\s*[=+\-@]/.test(value) ? `'${value}` : value
}

export type CsvColumn = { key: string; header: string }

// Times as the screens give them: in IST (Asia/Kolkata). A column whose key ends in `_at` holds
// instants: its header says "(IST)" and its cells are written "2026-11-27 18:29" in IST, which a
// spreadsheet reads and sorts. Any other cell that is an instant (an ISO time with its zone, or a
// Date) is written in IST too, so no export can give UTC. Plain dates (`_on`, "2026-11-27") stay dates.
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/
const ist = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An instant as written in a CSV: "YYYY-MM-DD HH:mm" in IST. */
export function istCell(at: Date): string {
  const part = Object.fromEntries(ist.formatToParts(at).map((p) => [p.type, p.value]))
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}

function stringCell(value: string): string {
  if (INSTANT.test(value)) {
    const at = new Date(value)
    if (!Number.isNaN(at.getTime())) return istCell(at)
  }
  return inertCell(value)
}

const cast = {
  boolean: (v: boolean) => (v ? 'yes' : 'no'),
  string: stringCell,
  date: (v: Date) => (Number.isNaN(v.getTime()) ? '' : istCell(v)),
}

/** The header row: an instant column (key `…_at`) says its times are IST. */
const headed = (columns: CsvColumn[]): CsvColumn[] =>
  columns.map((c) =>
    c.key.endsWith('_at') ? { ...c, header: `${c.header.replace(/\s*\((UTC|IST)\)$/, '')} (IST)` } : c,
  )

const csvHeaders = (filename: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
  'Cache-Control': 'no-store',
})

/** A CSV download: a header row, then one row per record (a BOM so spreadsheet apps read UTF-8). */
export function csvResponse(filename: string, columns: CsvColumn[], rows: Record<string, unknown>[]): Response {
  const body = stringify(rows, { header: true, columns: headed(columns), bom: true, cast })
  return new Response(body, { headers: csvHeaders(filename) })
}

/**
 * A CSV download written as it is read: each batch is fetched only when the client has taken the
 * one before (the stream pulls), so memory holds one batch whatever the number of rows. Same cells
 * as csvResponse. A failure after the first bytes ends the download short (the status is sent).
 */
export function csvStreamResponse(
  filename: string,
  columns: CsvColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Response {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let started = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(stringify([], { header: true, columns: headed(columns), bom: true })))
      }
      // A pull that enqueues nothing is not called again: go on to a batch with rows, or the end.
      for (;;) {
        const next = await iterator.next()
        if (next.done) return controller.close()
        if (next.value.length) return controller.enqueue(encoder.encode(stringify(next.value, { columns, cast })))
      }
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(body, { headers: csvHeaders(filename) })
}
