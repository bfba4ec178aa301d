import fs from 'node:fs'
import { checkStaged, stagedPath, takeBackup, type SqliteHandle } from './backup.server'

// Restoring an uploaded backup once it is checked and confirmed: the backup's rows replace the live
// ones in one transaction, credentials apart (issue 50).

/**
 * What a restore does not take from the backup: credentials and per-request state (issue 50). A backup
 * is older than what was revoked, deleted or rotated since, so credentials are never copied back:
 * API tokens and webhook subscriptions (with their secrets) stay as they are now, and those of a
 * user or company the backup does not hold go; sessions (everyone signs in again), password-reset
 * and invitation tokens, and idempotency keys (the pages' and the API's) are emptied. The sign-in
 * brake's counters stay as they are now (a restore does not lift a brake).
 */
export const CLEARED_ON_RESTORE = ['sessions', 'password_reset_tokens', 'idempotency_keys', 'api_idempotency'] as const
export const KEPT_ON_RESTORE = ['login_throttle', 'api_tokens', 'webhook_subscriptions'] as const

/** What the page says before a restore is confirmed: what happens to credentials. */
export const RESTORE_CREDENTIALS = [
  'API tokens and webhook subscriptions (with their secrets) are not taken from the backup: they stay as they are now, revoked, deleted and rotated ones included. Those of users or companies the backup does not have are deleted.',
  'Every session ends (everyone, you too, signs in again), and every password-reset and invitation link stops working (send them again).',
] as const

/** Live credentials a restore deleted because the backup has not their user or company. */
export interface DroppedCredentials {
  apiTokens: number
  webhookSubscriptions: number
}

/**
 * The live credentials kept through a restore may name users or companies the backup lacks (made after
 * it), and the backup's deliveries and history may name subscriptions and tokens deleted since: those
 * rows go (or lose the reference) as their foreign keys would have them go.
 */
const KEEP_CREDENTIALS_CONSISTENT: readonly (string | { sql: string; counts: keyof DroppedCredentials })[] = [
  {
    counts: 'apiTokens',
    sql: `delete from main.api_tokens where user_id not in (select id from main.users)
     or (buyer_id is not null and buyer_id not in (select id from main.buyers))
     or (seller_id is not null and seller_id not in (select id from main.sellers))`,
  },
  'update main.api_tokens set created_by = null where created_by not in (select id from main.users)',
  'update main.api_tokens set revoked_by = null where revoked_by not in (select id from main.users)',
  'update main.audit_events set api_token_id = null where api_token_id not in (select id from main.api_tokens)',
  {
    counts: 'webhookSubscriptions',
    sql: `delete from main.webhook_subscriptions
     where (buyer_id is not null and buyer_id not in (select id from main.buyers))
        or (seller_id is not null and seller_id not in (select id from main.sellers))`,
  },
  'update main.webhook_subscriptions set created_by = null where created_by not in (select id from main.users)',
  `delete from main.webhook_attempts where delivery_id in (select id from main.webhook_deliveries
     where subscription_id not in (select id from main.webhook_subscriptions))`,
  'delete from main.webhook_deliveries where subscription_id not in (select id from main.webhook_subscriptions)',
]

/**
 * Replaces the live database's rows with the staged backup's (credentials apart: above), after keeping
 * a copy of the current database: one transaction (readers see the old rows or the new, never a mix; writers wait). The
 * copy's path is returned.
 */
export async function restoreStaged(
  handle: SqliteHandle,
  databaseUrl: string,
  id: string,
): Promise<{ keptAs: string; dropped: DroppedCredentials }> {
  const checked = await checkStaged(handle, databaseUrl, id)
  const dropped: DroppedCredentials = { apiTokens: 0, webhookSubscriptions: 0 }
  if (!checked.ok) throw new Error(checked.problem)
  const keptAs = await takeBackup(handle, databaseUrl, 'before-restore')
  const sqlite = handle.sqlite
  const file = stagedPath(databaseUrl, id)
  // Holding Kysely's one connection: no transaction of the app is half-way through meanwhile.
  await handle.db.connection().execute(async () => {
    sqlite.prepare('attach database ? as restored').run(file)
    // Foreign keys are off while rows go in (a delete would otherwise cascade into rows already
    // restored); they are checked as a whole before the transaction commits.
    sqlite.pragma('foreign_keys = off')
    try {
      const tables = (
        sqlite
          .prepare(
            "select name from main.sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
          )
          .all() as { name: string }[]
      ).map((r) => r.name)
      const hasSequence = Boolean(
        sqlite.prepare("select 1 from main.sqlite_master where name = 'sqlite_sequence'").get(),
      )
      sqlite
        .transaction(() => {
          for (const table of tables) {
            if ((KEPT_ON_RESTORE as readonly string[]).includes(table)) continue
            const quoted = `"${table.replace(/"/g, '""')}"`
            const columns = (sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[])
              .map((c) => `"${c.name.replace(/"/g, '""')}"`)
              .join(', ')
            sqlite.prepare(`delete from main.${quoted}`).run()
            if ((CLEARED_ON_RESTORE as readonly string[]).includes(table)) continue
            sqlite.prepare(`insert into main.${quoted} (${columns}) select ${columns} from restored.${quoted}`).run()
          }
          for (const statement of KEEP_CREDENTIALS_CONSISTENT) {
            if (typeof statement === 'string') sqlite.prepare(statement).run()
            else dropped[statement.counts] = sqlite.prepare(statement.sql).run().changes
          }
          if (hasSequence) {
            // A kept table keeps its own counter: an id deleted since the backup is never handed out again.
            const kept = KEPT_ON_RESTORE.map((t) => `'${t}'`).join(', ')
            sqlite.prepare(`delete from main.sqlite_sequence where name not in (${kept})`).run()
            sqlite
              .prepare(
                `insert into main.sqlite_sequence (name, seq) select name, seq from restored.sqlite_sequence where name not in (${kept})`,
              )
              .run()
          }
          const broken = sqlite.pragma('main.foreign_key_check') as unknown[]
          if (broken.length)
            throw new Error(`the backup's rows break ${broken.length} foreign keys: nothing was restored`)
        })
        .immediate()
    } finally {
      sqlite.pragma('foreign_keys = on')
      sqlite.prepare('detach database restored').run()
    }
  })
  fs.rmSync(file, { force: true })
  return { keptAs, dropped }
}
