import crypto from 'node:crypto'
import type { Database } from '#db/database'
import { applyDueImports } from './apply.server'

// The imports' background worker (docs/domain.md "Bulk imports (issue 40)"), started beside the
// outbox's by startBackgroundWork (app/startup.server.ts): every few seconds, and at once when this
// process's "Apply" asks, it applies the jobs waiting to be applied. With several processes each may
// run one: a job's lease keeps them apart.

export interface ImportWorker {
  kick(): void
  stop(): Promise<void>
}

let running: ImportWorker | null = null

export function startImportWorker(options: {
  db: () => Database
  everyMs?: number
  log?: (line: string) => void
}): ImportWorker {
  const workerId = `imports-${process.pid}-${crypto.randomBytes(4).toString('hex')}`
  const log = options.log ?? console.error
  let ticking: Promise<unknown> = Promise.resolve()
  let queued = false
  let stopped = false
  const tick = () => {
    // One tick waits behind the one running; more kicks meanwhile add nothing.
    if (stopped || queued) return
    queued = true
    ticking = ticking
      .then(async () => {
        queued = false
        await applyDueImports(options.db(), workerId)
      })
      .catch((error) => log(`Background imports failed: ${error instanceof Error ? error.message : String(error)}`))
  }
  const timer = setInterval(tick, options.everyMs ?? 3_000)
  timer.unref()
  tick()
  running = {
    kick: tick,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await ticking
      running = null
    },
  }
  return running
}

/** Asks this process's imports worker, if it runs one, to apply what waits now (after "Apply"). */
export function kickImports(): void {
  running?.kick()
}
