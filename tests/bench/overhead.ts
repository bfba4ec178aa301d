// The cost of a request beyond the framework's own (issue #10): the app's pages against a one-route
// Remix app built with the same packages (tests/bench/bare), under the same load in one run, then a
// CPU profile of the app under load showing where its time goes.
import { atLeast } from './budgets'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { signIn } from './pages'
import { startServer } from './server'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = 3
const BARE = path.resolve('tests/bench/bare')

/** Requests per second over `SECONDS` with 50 connections, after a 2-second warm-up. */
export async function throughput(
  url: string,
  cookie?: string | Record<string, string>,
  seconds = SECONDS,
): Promise<{ rps: number; p99: number; bytes: number }> {
  // A session cookie, or the request's headers (an API token).
  const headers = typeof cookie === 'string' ? { cookie } : cookie
  const check = await fetch(url, { headers, redirect: 'manual' })
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`)
  const bytes = (await check.arrayBuffer()).byteLength
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers })
  if (result.non2xx || result.errors)
    throw new Error(
      `${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors (${result.timeouts} timeouts) under load`,
    )
  return { rps: result.requests.average, p99: result.latency.p99, bytes }
}

export async function startBare(port: number): Promise<() => Promise<void>> {
  const built = spawnSync('npx', ['remix', 'build'], {
    cwd: BARE,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (built.status !== 0) throw new Error(`the bare app did not build:\n${built.stderr}`)
  const child = spawn(process.execPath, ['server.js'], {
    cwd: BARE,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('serving') && resolve())
    child.once('exit', (code) => reject(new Error(`the bare app exited (${code})`)))
  })
  return () =>
    new Promise((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}

/** The top entries of a .cpuprofile by self time and by total (inclusive) time, as printable rows. */
export function profileSummary(file: string, top = 15): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[] }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const totalHits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0)
  const where = (frame: ProfileNode['callFrame']) => {
    const file = frame.url
      .replace(/^file:\/\//, '')
      .replace(`${process.cwd()}/`, '')
      .replace(/^.*node_modules\//, 'node_modules/')
    return `${frame.functionName || '(anonymous)'} ${file || '(native)'}${file ? `:${frame.lineNumber + 1}` : ''}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0
    if (!hits) continue
    const key = where(node.callFrame)
    self.set(key, (self.get(key) ?? 0) + hits)
    // Inclusive time: each sample counts once for every distinct frame on its stack.
    const seen = new Set<string>()
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frameKey = where(byId.get(id)!.callFrame)
      if (seen.has(frameKey)) continue
      seen.add(frameKey)
      total.set(frameKey, (total.get(frameKey) ?? 0) + hits)
    }
  }
  const pct = (n: number) => `${((100 * n) / totalHits).toFixed(1).padStart(5)} %`
  const list = (m: Map<string, number>) =>
    [...m]
      .filter(([key]) => !/^\((root|program|idle)\)/.test(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, hits]) => `  ${pct(hits)}  ${key}`)
  return ['profile, top by self time:', ...list(self), 'profile, top by total time:', ...list(total)]
}

export async function benchOverhead(): Promise<string[]> {
  const rows: string[] = []
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-overhead-'))
  const production = { NODE_ENV: 'production', DATABASE_URL: path.join(dir, 'app.db') }

  // Both servers run side by side (the idle one costs nothing); each target is measured in three
  // interleaved rounds and the median kept, so a slow moment of the machine hits all of them alike.
  const stopBare = await startBare(3195)
  const server = await startServer(production, 3193)
  const staff = await signIn(server.url, 'internal@example.com')
  const list = '/skus/fabric_skus?perPage=50'
  const targets: [label: string, url: string, cookie: string | undefined, budget: number | null][] = [
    ['bare one-route Remix page', 'http://127.0.0.1:3195/', undefined, null],
    ['/login, signed out', `${server.url}/login`, undefined, 0.5],
    ['/dashboard', `${server.url}/dashboard`, staff, null],
    [`${list} (50 rows)`, `${server.url}${list}`, staff, 0.25],
  ]
  const runs = new Map<string, { rps: number; p99: number; bytes: number }[]>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, url, cookie] of targets)
      runs.set(label, [...(runs.get(label) ?? []), await throughput(url, cookie)])
  }
  await Promise.all([stopBare(), server.stop()])
  const median = (label: string) => {
    const sorted = [...runs.get(label)!].sort((a, b) => a.rps - b.rps)
    return sorted[Math.floor(sorted.length / 2)]
  }
  const bare = median(targets[0][0])
  const measured: Record<string, number> = {}
  for (const [label, , , budget] of targets) {
    const result = median(label)
    measured[label] = result.rps
    const all = runs
      .get(label)!
      .map((r) => r.rps.toFixed(0))
      .join(', ')
    const ratio = result.rps / bare.rps
    const share = label === targets[0][0] ? '' : ` = ${(ratio * 100).toFixed(0)} % of bare`
    if (budget !== null) atLeast(`throughput of ${label} against the bare Remix page`, ratio * 100, budget * 100, '%')
    const verdict = budget === null ? '' : ` (budget ${budget * 100} %: ${ratio >= budget ? 'met' : 'NOT MET'})`
    rows.push(
      `${label} (${(result.bytes / 1024).toFixed(1)} KiB): ${result.rps.toFixed(0)} req/s (rounds ${all}), p99 ${result.p99} ms${share}${verdict}`,
    )
  }
  measured[list] = measured[`${list} (50 rows)`]

  // The same list page served by two processes (WEB_CONCURRENCY=2) on the same database.
  const clustered = await startServer({ ...production, WEB_CONCURRENCY: '2' }, 3194)
  const clusteredCookie = await signIn(clustered.url, 'internal@example.com')
  const two = await throughput(`${clustered.url}${list}`, clusteredCookie)
  await clustered.stop()
  rows.push(
    `${list} with WEB_CONCURRENCY=2: ${two.rps.toFixed(0)} req/s (${(two.rps / measured[list]).toFixed(2)}x one process; the load generator shares the cores)`,
  )

  // Where the time goes: a CPU profile of one process serving the list page under load.
  const profileDir = path.join(dir, 'profile')
  const profiled = await startServer(production, 3196, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`])
  const profiledCookie = await signIn(profiled.url, 'internal@example.com')
  await autocannon({
    url: `${profiled.url}${list}`,
    connections: CONNECTIONS,
    duration: 8,
    headers: { cookie: profiledCookie },
  })
  await profiled.stop()
  const [profileFile] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))
  if (profileFile) rows.push(`${list} under load, ` + profileSummary(path.join(profileDir, profileFile)).join('\n'))
  else rows.push('no CPU profile was written')
  fs.rmSync(dir, { recursive: true, force: true })
  return rows
}
