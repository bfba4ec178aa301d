// The database a benchmark runs on: a temporary SQLite file, or with `--db postgres` a fresh
// database on BENCH_DATABASE_URL's server (a role that may create databases) or on a throwaway
// cluster made from Debian's binaries (durability off: these are read benchmarks; a benchmark that
// writes beside SQLite may ask for a durable one).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDatabaseOn, dropDatabaseOn, findPostgresBin, startCluster, uniqueName } from '../support/postgres'

export type BenchDatabaseKind = 'sqlite' | 'postgres'

export function benchDatabaseKind(argv = process.argv): BenchDatabaseKind {
  const at = argv.indexOf('--db')
  const kind = at >= 0 ? argv[at + 1] : 'sqlite'
  if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`--db must be sqlite or postgres (got "${kind}")`)
  return kind
}

export async function benchDatabase(
  label: string,
  kind = benchDatabaseKind(),
  cluster: Parameters<typeof startCluster>[1] = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`))
    return { url: path.join(dir, 'app.db'), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) }
  }
  let server = process.env.BENCH_DATABASE_URL?.trim()
  let stopCluster = () => {}
  if (!server) {
    const bin = findPostgresBin()
    if (!bin)
      throw new Error('--db postgres needs BENCH_DATABASE_URL or PostgreSQL binaries in /usr/lib/postgresql/*/bin')
    const started = await startCluster(bin, cluster)
    server = started.adminUrl
    stopCluster = started.stop
  }
  const name = uniqueName(`bench_${label}`)
  const url = await createDatabaseOn(server, name)
  return {
    url,
    drop: async () => {
      await dropDatabaseOn(server!, name)
      stopCluster()
    },
  }
}
