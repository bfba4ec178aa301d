import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { config } from '~/config.server'
import type { ImportColumn } from '~/platform/bulk-import'
import type { ImportFile } from './read-file.server'

// An import file is read apart from the server (issue 50): in a worker thread with its own heap
// limit and a time limit, so a hostile file (a deflate bomb, a cell millions of columns to the right,
// a sheet of a million rows) costs at most that worker, never the event loop or the process that
// serves every other request. The worker is the bundle cli/build-workers.mjs makes of
// read-file-worker.server.ts (`npm run build`, and the tests' global setup).

/** The worker's heap: a file at the row limit needs a few hundred MB. */
export const READ_HEAP_MB = 1_024
/** How long a file may take to read: a legitimate file at the row limit takes a few seconds. */
export const READ_TIME_MS = 30_000

/** The bundle of read-file-worker.server.ts, where the build puts it (beside build/index.js). */
export const READ_WORKER = path.resolve('build/workers/read-file.mjs')

export interface ReadRequest {
  bytes: Uint8Array
  columns: (ImportColumn & { aliases?: string[] })[]
  ignored: string[]
  /** Bytes one workbook part may unpack to (IMPORT_MAX_UNPACKED_MB). */
  maxPartBytes: number
}

const TOO_LARGE: ImportFile = {
  ok: false,
  message: 'The file is too large to read at once: split it into smaller files.',
}
const tooSlow = (ms: number): ImportFile => ({
  ok: false,
  message: `The file took longer than ${ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`} to read: split it into smaller files.`,
})

/** Reads the file as readImportFile does, in a worker with memory and time limits. */
export function readImportFileApart(
  bytes: Uint8Array,
  columns: (ImportColumn & { aliases?: string[] })[],
  ignored: string[] = [],
  limits: { heapMb?: number; timeMs?: number; maxPartBytes?: number } = {},
): Promise<ImportFile> {
  if (!fs.existsSync(READ_WORKER))
    throw new Error(`${READ_WORKER} is missing: run \`npm run build\` (it bundles the import file reader)`)
  const request: ReadRequest = {
    bytes,
    // Only what the reader reads: a kind's columns may carry more than a worker can be sent.
    columns: columns.map(({ name, required, about, example, aliases }) => ({
      name,
      required,
      about,
      example,
      aliases,
    })),
    ignored,
    maxPartBytes: limits.maxPartBytes ?? config().importMaxUnpackedBytes,
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(READ_WORKER, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb ?? READ_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      outcome()
      void worker.terminate()
    }
    const timeMs = limits.timeMs ?? READ_TIME_MS
    const timer = setTimeout(() => settle(() => resolve(tooSlow(timeMs))), timeMs)
    worker.once('message', (file: ImportFile) => settle(() => resolve(file)))
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve(TOO_LARGE) : reject(error))),
    )
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The import file reader ended (exit code ${code}) without an answer`))),
    )
  })
}
