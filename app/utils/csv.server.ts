import { stringify } from 'csv-stringify/sync'

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @ first, also after spaces, or a leading
 * tab or carriage return) gets a leading apostrophe, so what someone typed as a name is never run.
 * Every string cell of every export passes here; no column escapes on its own.
 */
export function inertCell(value: string): string {
  return /^[\t\r]|^\s*[=+\-@]/.test(value) ? `'${value}` : value
}

export type CsvColumn = { key: string; header: string }

const cast = { boolean: (v: boolean) => (v ? 'yes' : 'no'), string: inertCell }

const csvHeaders = (filename: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
  'Cache-Control': 'no-store',
})

/** A CSV download: a header row, then one row per record (a BOM so spreadsheet apps read UTF-8). */
export function csvResponse(filename: string, columns: CsvColumn[], rows: Record<string, unknown>[]): Response {
  const body = stringify(rows, { header: true, columns, bom: true, cast })
  return new Response(body, { headers: csvHeaders(filename) })
}

/**
 * A CSV download written as it is read: each batch is fetched only when the client has taken the
 * one before (the stream pulls), so memory holds one batch whatever the number of rows. Same cells
 * as csvResponse. A failure after the first bytes ends the download short (the status is sent).
 */
export function csvStreamResponse(filename: string, columns: CsvColumn[], batches: AsyncIterable<Record<string, unknown>[]>): Response {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let started = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(stringify([], { header: true, columns, bom: true })))
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
