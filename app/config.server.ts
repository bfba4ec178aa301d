import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface Config {
  production: boolean
  port: number
  databaseUrl: string
  sessionSecret: string
  /** Origin used in links sent by e-mail (never taken from the request's Host header). */
  appUrl: string
  smtpUrl: string | null
  mailFrom: string
  cookieSecure: boolean
  timeZone: string
  /** Where uploaded files live (default: uploads/ beside the database file). */
  uploadsDir: string
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
  const appUrl = (env.APP_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, '')
  if (!/^https?:\/\/[^/]+$/.test(appUrl)) {
    throw new ConfigError(`APP_URL must be an origin such as https://orders.example.com (got "${env.APP_URL}")`)
  }
  return {
    production,
    port,
    databaseUrl,
    sessionSecret,
    appUrl,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'Sourcing Platform <no-reply@localhost>',
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : appUrl.startsWith('https:'),
    timeZone: env.TZ_DISPLAY?.trim() || 'Asia/Kolkata',
    uploadsDir: path.resolve(env.UPLOADS_DIR?.trim() || path.join(dataDirOf(databaseUrl), 'uploads')),
  }
}

function dataDirOf(databaseUrl: string): string {
  return databaseUrl === ':memory:' ? path.resolve('data') : path.dirname(path.resolve(databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '')))
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

let current: Config | undefined
export function config(): Config {
  current ??= loadConfig()
  return current
}
