import { parentPort, workerData } from 'node:worker_threads'
import { readImportFile } from './read-file.server'
import type { ReadRequest } from './read-apart.server'

// The import file reader's worker (read-apart.server.ts): reads one file and answers its rows or its
// refusal, then ends. Bundled on its own into build/workers/ by cli/build-workers.mjs.

const { bytes, columns, ignored, maxPartBytes } = workerData as ReadRequest
parentPort!.postMessage(readImportFile(bytes, columns, ignored, { maxPartBytes }))
