import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface RunningServer {
  url: string
  databaseFile: string
  startMs: number
  stop: () => Promise<void>
}

/** Starts the real server (node server.js) on a fresh database and waits until it answers. */
export async function startServer(
  env: Record<string, string> = {},
  port = 3190,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  const databaseFile = env.DATABASE_URL ?? path.join(dir, 'app.db')
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseFile,
      SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
      // Production mode over plain http on this machine, with the demo accounts.
      APP_URL: `http://localhost:${port}`,
      ALLOW_HTTP: 'true',
      SEED_DEMO: 'true',
      WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // Its log (a line a request) is read and dropped: a full pipe would stall the server.
  child.stdout?.resume()
  // A benchmark that fails leaves no server behind on its port.
  const orphan = () => child.kill('SIGKILL')
  process.once('exit', orphan)
  const url = `http://localhost:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/login`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    databaseFile,
    startMs: performance.now() - started,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', orphan)
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Times `n` sequential runs of `fn` after a short warm-up; returns p50 and p95 in ms. */
export async function time(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(5, n); i++) await fn()
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn()
    samples.push(performance.now() - t)
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) }
}
