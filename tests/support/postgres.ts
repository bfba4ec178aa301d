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

/** Debian's pgbouncer (`apt-get install pgbouncer`), PGBOUNCER_BIN, or one on the PATH; null when there is none. */
export function findPgbouncer(): string | null {
  const candidates = [
    process.env.PGBOUNCER_BIN,
    '/usr/sbin/pgbouncer',
    '/usr/bin/pgbouncer',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'pgbouncer')),
  ]
  return candidates.find((file): file is string => !!file && fs.existsSync(file)) ?? null
}

export interface Bouncer {
  /** The PostgreSQL server's URL with PgBouncer's host and port: any database name reaches the same-named database. */
  url: string
  stop: () => void
}

/**
 * PgBouncer in transaction pooling mode in front of the server at `serverUrl`, on a free port of
 * 127.0.0.1: what hosted PostgreSQL offers for many connections, which keeps no session state
 * between transactions. Every database name is passed through (`*`), so each test file's database
 * is reachable; clients are trusted (127.0.0.1 only) and PgBouncer signs in to the server as
 * serverUrl's user. As root it runs as the `postgres` user (PgBouncer refuses root).
 */
export async function startPgbouncer(bin: string, serverUrl: string): Promise<Bouncer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-pgbouncer-'))
  const server = new URL(serverUrl)
  const user = decodeURIComponent(server.username || 'postgres')
  const password = decodeURIComponent(server.password)
  const port = await freePort()
  const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`
  const target = [
    `host=${server.hostname}`,
    `port=${server.port || 5432}`,
    `user=${quoted(user)}`,
    ...(password ? [`password=${quoted(password)}`] : []),
  ].join(' ')
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user.replace(/"/g, '""')}" ""\n`)
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = ${target}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      // Two servers of 10 connections each, the test process's own, and room to spare.
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  )
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const [uid, gid] = postgresUser()
    for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) fs.chownSync(path.join(dir, file), uid, gid)
  }
  const args = ['-d', '-q', path.join(dir, 'pgbouncer.ini')]
  const started = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
    : spawnSync(bin, args, { encoding: 'utf8' })
  const log = () => fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').slice(-2000)
  const fail = (why: string) => {
    const detail = fs.existsSync(path.join(dir, 'pgbouncer.log')) ? log() : ''
    fs.rmSync(dir, { recursive: true, force: true })
    return new Error(`pgbouncer ${why}: ${started.stderr}${started.stdout}${detail}`.trim())
  }
  if (started.status !== 0) throw fail(`exited with ${started.status}`)
  const url = new URL(serverUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  url.password = ''
  const pidFile = path.join(dir, 'pgbouncer.pid')
  for (let waited = 0; !(await accepts(port)); waited += 50) {
    if (waited > 5_000) throw fail('did not accept connections within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: url.toString(),
    stop: () => {
      try {
        // Its own process, by the id it wrote: SIGTERM shuts it down at once.
        if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, 'utf8').trim()), 'SIGTERM')
      } catch {
        // Already gone.
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
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
