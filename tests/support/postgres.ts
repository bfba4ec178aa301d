// PostgreSQL for the tests: a server named by TEST_DATABASE_URL, or a throwaway cluster made from
// Debian's binaries in a temporary folder, and databases created and dropped on it.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** The newest `/usr/lib/postgresql/<version>/bin` that holds initdb, or null. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | null {
  if (!fs.existsSync(root)) return null
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(root, versions[0], 'bin') : null
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

export interface Cluster {
  /** A URL to the cluster's `postgres` database, as a user that may create databases. */
  adminUrl: string
  stop: () => void
}

/**
 * initdb + pg_ctl in a temporary folder on a free port, trust authentication on 127.0.0.1 only,
 * durability off (test data only). As root the server runs as the `postgres` user, which
 * PostgreSQL requires. `durable` keeps PostgreSQL's own defaults (fsync, synchronous commit, full
 * page writes) on a folder on disk, for a benchmark that sets it beside SQLite's synchronous=FULL;
 * `settings` adds `-c name=value` options.
 */
export async function startCluster(
  bin: string,
  options: { durable?: boolean; settings?: Record<string, string | number> } = {},
): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join((!options.durable && memoryFolder()) || os.tmpdir(), 'platform-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' })
    if (result.status !== 0)
      throw new Error(
        `${path.basename(command)} failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`.trim(),
      )
  }
  if (asRoot) fs.chownSync(dir, ...postgresUser())
  const data = path.join(dir, 'data')
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ])
  const port = await freePort()
  const settings: Record<string, string | number> = {
    listen_addresses: '127.0.0.1',
    ...(options.durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    max_connections: 300,
    ...options.settings,
  }
  const flags = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    [`-p ${port} -k ${dir}`, ...flags].join(' '),
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ])
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * A folder in memory (Linux's /dev/shm) with room for the test cluster, or null. On disk, each test
 * file's copy of the template database took 0.3-0.8 s of I/O (fsync off or not): 100 s a pass.
 */
function memoryFolder(): string | null {
  try {
    const stats = fs.statfsSync('/dev/shm')
    return stats.bavail * stats.bsize > 2 * 1024 ** 3 ? '/dev/shm' : null
  } catch {
    return null
  }
}

function postgresUser(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'))
  if (!line) throw new Error('there is no postgres user on this machine')
  const [, , uid, gid] = line.split(':')
  return [Number(uid), Number(gid)]
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`

/** Creates a database (empty, or a copy of a template) and answers its URL. */
export async function createDatabaseOn(adminUrl: string, name: string, template?: string): Promise<string> {
  await withAdmin(adminUrl, async (client) => {
    // Copies of one template made at the same moment can meet its lock: try again shortly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`)
        return
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200))
      }
    }
  })
  return withDatabase(adminUrl, name)
}

export async function dropDatabaseOn(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
}
