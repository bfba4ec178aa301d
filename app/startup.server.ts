import { sql } from 'kysely'
import { redactedUrl, refreshStatistics } from '#db/database'
import { aheadNotice, migrateToLatest } from '#db/migrate'
import { buildMissingReportRows } from './features/reports/facts.server'
import { createFirstAdmin, databaseIsEmpty, seedDemo } from '../seed/demo'
import { config, ConfigError, isFileDatabase, type Config } from './config.server'
import { backupsDir } from './features/database-admin/backup.server'
import { sweepFiles } from './features/housekeeping/sweep.server'
import { startImportWorker } from './features/imports/worker.server'
import { nodemailerMailer, startWorker, type Worker } from '~/platform/outbox.server'
import { webhookClient } from '~/platform/webhook-address.server'
import { fileStore } from '~/platform/files.server'
import { getDatabase, getDb } from './db.server'

export class StartupError extends Error {}

/**
 * Everything the process needs before it takes requests; any failure is one clear sentence.
 * `prepare: false` (the workers of WEB_CONCURRENCY) only checks the database: the primary has
 * migrated it and loaded the demo data before they start.
 */
export async function startup(options: { log?: (line: string) => void; prepare?: boolean } = {}): Promise<Config> {
  const log = options.log ?? console.log
  let cfg: Config
  try {
    cfg = config()
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupError(`bad configuration: ${error.message}`)
    throw error
  }
  let db
  try {
    db = getDb()
    await sql`select 1`.execute(db)
  } catch (error) {
    throw new StartupError(`cannot open the database ${redactedUrl(cfg.databaseUrl)}: ${(error as Error).message}`)
  }
  if (options.prepare === false) {
    refreshStatistics(getDatabase())
    return cfg
  }
  try {
    const { applied, ahead } = await migrateToLatest(db)
    if (ahead.length) log(aheadNotice(ahead))
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`)
    const built = await buildMissingReportRows(db)
    if (built.length) log(`Built the reports' rows: ${built.join('; ')}`)
  } catch (error) {
    throw new StartupError((error as Error).message)
  }
  if (await databaseIsEmpty(db)) {
    if (!cfg.production || process.env.SEED_DEMO === 'true') {
      log('Empty database: loading demo data…')
      await seedDemo(db)
      log('Demo data loaded (see README for the accounts).')
    } else {
      // Production never gets the demo accounts and their published password.
      await createFirstAdmin(db, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD, log)
    }
  }
  refreshStatistics(getDatabase())
  return cfg
}

/**
 * The background workers (outbox and webhook delivery, housekeeping purges; bulk imports being
 * applied) of this process. server.js starts them unless WORKER=false; with WEB_CONCURRENCY they run
 * in the primary only (claims and leases would keep several apart, but one is enough).
 */
export function startBackgroundWork(cfg: Config): Worker {
  const backups =
    getDatabase().kind === 'sqlite' && isFileDatabase(cfg.databaseUrl) && cfg.databaseUrl !== ':memory:'
      ? backupsDir(cfg.databaseUrl)
      : null
  const outbox = startWorker({
    db: getDb,
    mailer: cfg.smtpUrl ? nodemailerMailer(cfg.smtpUrl) : null,
    from: cfg.mailFrom,
    webhooks: webhookClient({ httpsOnly: cfg.production, allowPrivate: cfg.webhookAllowPrivate }),
    sweep: () => sweepFiles(getDb(), { files: fileStore(), backupsDir: backups }),
  })
  const imports = startImportWorker({ db: getDb })
  return {
    kick: () => outbox.kick(),
    stop: async () => {
      await Promise.all([outbox.stop(), imports.stop()])
    },
  }
}

/** Closes the database (the pool's connections, or the SQLite file) once requests have drained. */
export async function shutdown(): Promise<void> {
  const handle = globalThis.__database
  globalThis.__database = undefined
  await handle?.db.destroy()
}
