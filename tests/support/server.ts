import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from './postgres'

/** Preloaded into servers on PostgreSQL: statements leaving session-level state fail (statement-guard.js). */
const STATEMENT_GUARD = fileURLToPath(new URL('./statement-guard-preload.js', import.meta.url))

export interface RunningServer {
  url: string
  /** The process started (with WEB_CONCURRENCY, the primary). */
  pid: number
  output: () => string
  stop: () => Promise<void>
  /** How the process ended: its exit code (null while it runs). */
  exitCode: () => number | null
}

/**
 * Starts the real server (`node server.js`, the built app) on a free port and waits until it
 * serves. Inside a vitest file it uses that file's database and upload folder (DATABASE_URL,
 * UPLOADS_DIR, SESSION_SECRET), so cookies made with tests/support/db are good on it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  let output = ''
  const environment = {
    PATH: process.env.PATH,
    DATABASE_URL: process.env.DATABASE_URL,
    SESSION_SECRET: process.env.SESSION_SECRET,
    UPLOADS_DIR: process.env.UPLOADS_DIR,
    APP_URL: `http://localhost:${port}`,
    PORT: String(port),
    WORKER: 'false',
    ...env,
  }
  const onPostgres = /^postgres(ql)?:\/\//i.test(environment.DATABASE_URL ?? '')
  const child = spawn(process.execPath, [...(onPostgres ? ['--import', STATEMENT_GUARD] : []), 'server.js'], {
    env: environment as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const started = Date.now()
  while (!/is serving on/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`)
    if (Date.now() - started > 60_000) throw new Error(`the server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    exitCode: () => child.exitCode,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
