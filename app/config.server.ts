import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface Config {
  production: boolean
  /** Remix's development mode (stack traces in error responses): only when NODE_ENV=development. */
  development: boolean
  port: number
  /** The address to listen on: 127.0.0.1 for the demo, every interface in production, or HOST. */
  host: string | undefined
  /** Express's `trust proxy` setting, parsed as Express expects it. */
  trustProxy: boolean | number | string[]
  /** Largest request bodies: forms, and forms that carry files (413 beyond). */
  maxFormBytes: number
  maxUploadBytes: number
  /** The most bytes one part of an imported workbook may unpack to (IMPORT_MAX_UNPACKED_MB, default 200). */
  importMaxUnpackedBytes: number
  databaseUrl: string
  /** Connections each process keeps to PostgreSQL (DATABASE_POOL_MAX, default 10). */
  databasePoolMax: number
  sessionSecret: string
  /** Origin used in links sent by e-mail (never taken from the request's Host header). */
  appUrl: string
  /**
   * Hosts a short link (/u/…) may lead to (SHORT_LINK_HOSTS, comma-separated; `*.example.com` also
   * takes its subdomains); by default the app's own host only.
   */
  shortLinkHosts: string[]
  smtpUrl: string | null
  mailFrom: string
  cookieSecure: boolean
  timeZone: string
  /** The folder of the `fs` file storage (default: uploads/ beside the database file). */
  uploadsDir: string
  /**
   * Where uploaded files are kept (FILE_STORAGE): `fs` (the folder UPLOADS_DIR, the default on
   * SQLite), `database` (the stored_files table, the default on PostgreSQL) or `s3` (an
   * S3-compatible object store, with `s3` set).
   */
  fileStorage: FileStorage
  s3: S3Config | null
  /**
   * Webhook subscriptions may point at loopback, private and other special-purpose addresses:
   * WEBHOOK_ALLOW_PRIVATE=true or false, in every mode; unset, outside production only (the demo and
   * the tests send to 127.0.0.1), never in production.
   */
  webhookAllowPrivate: boolean
}

export type FileStorage = 'fs' | 'database' | 's3'

export interface S3Config {
  /** The service's origin, such as https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Addresses the bucket in the path (`endpoint/bucket/key`) rather than as a host name (`bucket.endpoint/key`). */
  pathStyle: boolean
}

export class ConfigError extends Error {}

const DEFAULT_DATABASE_URL = 'data/app.db'

/** Reads configuration from the environment; throws ConfigError with a message a person can act on. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const production = env.NODE_ENV === 'production'
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number between 1 and 65535 (got "${env.PORT}")`)
  }
  const databaseUrl = env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL
  const sessionSecret = env.SESSION_SECRET?.trim() || (production ? '' : demoSessionSecret(databaseUrl))
  if (!sessionSecret) {
    throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production (at least 32 characters)')
  }
  if (sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters long')
  }
  if (production && !env.APP_URL?.trim()) {
    throw new ConfigError(
      'APP_URL is required when NODE_ENV=production: the https origin users reach, such as https://orders.example.com',
    )
  }
  const appUrl = (env.APP_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, '')
  if (!/^https?:\/\/[^/]+$/.test(appUrl)) {
    throw new ConfigError(`APP_URL must be an origin such as https://orders.example.com (got "${env.APP_URL}")`)
  }
  // Plain http in production sends session cookies and reset links in clear text.
  if (production && !appUrl.startsWith('https:') && env.ALLOW_HTTP !== 'true') {
    throw new ConfigError(
      `APP_URL must be https:// when NODE_ENV=production (got "${appUrl}"); set ALLOW_HTTP=true only on a trusted network`,
    )
  }
  return {
    production,
    development: env.NODE_ENV === 'development',
    port,
    host: env.HOST?.trim() || (production ? undefined : '127.0.0.1'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxFormBytes: megabytes(env.MAX_FORM_MB, 1, 'MAX_FORM_MB'),
    maxUploadBytes: megabytes(env.MAX_UPLOAD_MB, 30, 'MAX_UPLOAD_MB'),
    importMaxUnpackedBytes: megabytes(env.IMPORT_MAX_UNPACKED_MB, 200, 'IMPORT_MAX_UNPACKED_MB'),
    databaseUrl,
    databasePoolMax: wholeNumber(env.DATABASE_POOL_MAX, 10, 1, 1000, 'DATABASE_POOL_MAX'),
    sessionSecret,
    appUrl,
    shortLinkHosts: parseShortLinkHosts(env.SHORT_LINK_HOSTS, appUrl),
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'Sourcing Platform <no-reply@localhost>',
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : appUrl.startsWith('https:'),
    timeZone: env.TZ_DISPLAY?.trim() || 'Asia/Kolkata',
    uploadsDir: path.resolve(env.UPLOADS_DIR?.trim() || path.join(dataDirOf(databaseUrl), 'uploads')),
    ...fileStorageOf(env, databaseUrl),
    webhookAllowPrivate: trueOrFalse(env.WEBHOOK_ALLOW_PRIVATE, 'WEBHOOK_ALLOW_PRIVATE') ?? !production,
  }
}

/** A setting that is `true` or `false` when set (anything else stops the start: a typo must not pass for either). */
function trueOrFalse(value: string | undefined, name: string): boolean | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (text !== 'true' && text !== 'false') throw new ConfigError(`${name} must be true or false (got "${text}")`)
  return text === 'true'
}

/**
 * FILE_STORAGE and its S3 settings. By default files live where the data is: in the folder on
 * SQLite (one machine; its backup story), in the database on PostgreSQL (several machines need
 * nothing but DATABASE_URL, and a dump holds the files with their rows).
 */
export function fileStorageOf(
  env: Record<string, string | undefined>,
  databaseUrl: string,
): { fileStorage: FileStorage; s3: S3Config | null } {
  const value = env.FILE_STORAGE?.trim() || (isFileDatabase(databaseUrl) ? 'fs' : 'database')
  if (value !== 'fs' && value !== 'database' && value !== 's3')
    throw new ConfigError(`FILE_STORAGE must be fs, database or s3 (got "${env.FILE_STORAGE}")`)
  return { fileStorage: value, s3: value === 's3' ? s3ConfigOf(env) : null }
}

/** The S3 settings (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PATH_STYLE). */
export function s3ConfigOf(env: Record<string, string | undefined>): S3Config {
  const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name]?.trim(),
  )
  if (missing.length) throw new ConfigError(`FILE_STORAGE=s3 needs ${missing.join(', ')}`)
  const endpoint = env.S3_ENDPOINT!.trim().replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+$/.test(endpoint))
    throw new ConfigError(
      `S3_ENDPOINT must be an origin such as https://s3.eu-west-1.amazonaws.com (got "${endpoint}")`,
    )
  const bucket = env.S3_BUCKET!.trim()
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens (got "${bucket}")`,
    )
  const pathStyle = env.S3_PATH_STYLE?.trim()
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`S3_PATH_STYLE must be true or false (got "${pathStyle}")`)
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    // Buckets with dots cannot be host names under TLS; most self-hosted stores want the path.
    pathStyle: pathStyle ? pathStyle === 'true' : bucket.includes('.') || !endpoint.includes('amazonaws.com'),
  }
}

/** SHORT_LINK_HOSTS: host names (lower case), each maybe `*.` first; the app's own host when empty. */
export function parseShortLinkHosts(value: string | undefined, appUrl: string): string[] {
  const list = (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
  if (list.length === 0) return [new URL(appUrl).hostname]
  for (const host of list) {
    if (!/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)) {
      throw new ConfigError(
        `SHORT_LINK_HOSTS must be host names separated by commas, such as example.com,*.example.com (got "${value}")`,
      )
    }
  }
  return list
}

/**
 * `TRUST_PROXY` as Express reads it: `true`/`false`, a hop count, or a comma-separated list of
 * addresses, subnets and names (`loopback`, `10.0.0.0/8`). A string given to Express as-is would be
 * read as one address ("1" is not one), so it is parsed here.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return Number(text)
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  for (const part of list) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part)) {
      throw new ConfigError(
        `TRUST_PROXY must be true, a number of hops, or addresses such as loopback,10.0.0.0/8 (got "${value}")`,
      )
    }
  }
  return list
}

function wholeNumber(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (!value?.trim()) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${value}")`)
  return n
}

function megabytes(value: string | undefined, fallback: number, name: string): number {
  if (!value?.trim()) return fallback * 1024 * 1024
  const mb = Number(value)
  if (!Number.isFinite(mb) || mb <= 0 || mb > 1024)
    throw new ConfigError(`${name} must be a number of megabytes between 0 and 1024 (got "${value}")`)
  return Math.round(mb * 1024 * 1024)
}

/** True when DATABASE_URL names a file (a path, `file:`, `sqlite:`) rather than a server. */
export function isFileDatabase(databaseUrl: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(databaseUrl) || /^(file|sqlite):/i.test(databaseUrl)
}

/** Where the demo keeps its files: beside a database file, or data/ when the database is a server or in memory. */
function dataDirOf(databaseUrl: string): string {
  if (databaseUrl === ':memory:' || !isFileDatabase(databaseUrl)) return path.resolve('data')
  return path.dirname(path.resolve(databaseUrl.replace(/^(sqlite|file):(\/\/)?/i, '')))
}

/** For the demo: a secret made once and kept beside the database, so sessions survive restarts. */
function demoSessionSecret(databaseUrl: string): string {
  const dir = dataDirOf(databaseUrl)
  const file = path.join(dir, 'session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('hex')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

declare global {
  var __config: Config | undefined
}

/** The process's configuration, read once (held where the built server's copy of this module sees it too). */
export function config(): Config {
  globalThis.__config ??= loadConfig()
  return globalThis.__config
}
