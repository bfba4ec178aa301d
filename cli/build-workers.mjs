// Bundles the app's worker threads, each into one file under build/workers/ beside the server build
// (run by `npm run build`, by server.js when it builds, and by the tests' global setup). A worker
// thread runs a file of its own, which the Remix build does not make: the import file reader
// (app/features/imports/read-apart.server.ts) is the one.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const WORKERS = { 'read-file': 'app/features/imports/read-file-worker.server.ts' }

/** Builds every worker into `outDir` (default build/workers), each written whole before it replaces the last. */
export function buildWorkers(outDir = path.join(ROOT, 'build/workers')) {
  fs.mkdirSync(outDir, { recursive: true })
  for (const [name, entry] of Object.entries(WORKERS)) {
    const out = path.join(outDir, `${name}.mjs`)
    const temporary = `${out}.${process.pid}.tmp`
    buildSync({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      logLevel: 'warning',
    })
    fs.renameSync(temporary, out)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildWorkers()
