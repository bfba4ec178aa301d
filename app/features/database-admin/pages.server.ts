import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { DatabaseHandle } from '#db/database'
import { redactedUrl } from '#db/database'
import { confirmsOwnPassword, OWN_PASSWORD_WRONG } from '~/auth/reauth.server'
import type { Viewer } from '~/auth/session.server'
import { audit } from '~/platform/audit.server'
import { backupsDir, checkStaged, discardStaged, sweepStaged, takeBackup, type StagedSummary } from './backup.server'
import { RESTORE_CREDENTIALS, restoreStaged } from './restore.server'
import { databaseHealth, integrityCheck, type CheckResult } from './health.server'

// /admin/databases/manage: what the page shows and what its forms do.

export async function databasePage(handle: DatabaseHandle, databaseUrl: string, url: URL) {
  // The backup download (its own route) comes back here when the password was not the admin's.
  const backupProblem = url.searchParams.get('backup') === 'wrong-password' ? OWN_PASSWORD_WRONG : null
  const sizes = url.searchParams.get('sizes') === '1'
  const health = await databaseHealth(handle, databaseUrl, { sizes })
  let kept: { name: string; bytes: number; at: string }[] = []
  if (handle.kind === 'sqlite') {
    sweepStaged(databaseUrl)
    const dir = backupsDir(databaseUrl)
    kept = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.db'))
          .map((name) => {
            const stat = fs.statSync(path.join(dir, name))
            return { name, bytes: stat.size, at: stat.mtime.toISOString() }
          })
          .sort((a, b) => b.at.localeCompare(a.at))
          .slice(0, 20)
      : []
  }
  return {
    health,
    sizesMeasured: sizes,
    backupProblem,
    kept,
    keptDir: handle.kind === 'sqlite' ? backupsDir(databaseUrl) : null,
    onRestore: RESTORE_CREDENTIALS,
    postgresUrl: handle.kind === 'postgres' ? redactedUrl(databaseUrl) : null,
  }
}
export type DatabasePageData = Awaited<ReturnType<typeof databasePage>>

export type DatabaseActionData =
  | { intent: 'check'; result: CheckResult }
  | { intent: 'stage'; summary: StagedSummary }
  | { intent: 'stage'; problem: string }
  | { intent: 'restore'; problem: string; field?: 'ownPassword' | 'confirm'; summary?: StagedSummary }

const actor = async (handle: DatabaseHandle, viewer: Viewer) => {
  // After a restore the acting user may not exist in the restored rows: the entry names them instead.
  const exists = await handle.db.selectFrom('users').select('id').where('id', '=', viewer.userId).executeTakeFirst()
  return exists ? { actorUserId: viewer.userId, note: null } : { actorUserId: null, note: `by ${viewer.email}` }
}

export async function runCheck(handle: DatabaseHandle, viewer: Viewer): Promise<DatabaseActionData> {
  const result = await integrityCheck(handle)
  await audit(handle.db, {
    actorUserId: viewer.userId,
    action: 'database.checked',
    entityType: 'database',
    entityId: 'main',
    after: { ok: result.ok },
  })
  return { intent: 'check', result }
}

/**
 * A fresh online backup as a download, once the admin has given their own password again (a backup
 * holds every password hash); the copy on disk goes once it is sent. Null: the password is wrong.
 */
export async function backupDownload(
  handle: DatabaseHandle,
  databaseUrl: string,
  viewer: Viewer,
  password: string,
): Promise<Response | null> {
  if (handle.kind !== 'sqlite')
    throw new Response('PostgreSQL is backed up with pg_dump by its operator.', { status: 400 })
  if (!(await confirmsOwnPassword(handle.db, viewer.userId, password))) return null
  const file = await takeBackup(handle, databaseUrl)
  await audit(handle.db, {
    actorUserId: viewer.userId,
    action: 'database.backup_downloaded',
    entityType: 'database',
    entityId: 'main',
    after: { bytes: fs.statSync(file).size },
  })
  const stream = fs.createReadStream(file)
  stream.on('close', () => fs.rmSync(file, { force: true }))
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': 'application/vnd.sqlite3',
      'Content-Disposition': `attachment; filename="${path.basename(file)}"`,
      'Content-Length': String(fs.statSync(file).size),
      'Cache-Control': 'no-store',
    },
  })
}

export async function stageAnswer(
  handle: DatabaseHandle,
  databaseUrl: string,
  staged: { id: string } | { problem: string },
): Promise<DatabaseActionData> {
  if (handle.kind !== 'sqlite')
    return { intent: 'stage', problem: 'PostgreSQL is restored with pg_restore by its operator.' }
  if ('problem' in staged) return { intent: 'stage', problem: staged.problem }
  const checked = await checkStaged(handle, databaseUrl, staged.id)
  if (!checked.ok) {
    discardStaged(databaseUrl, staged.id)
    return { intent: 'stage', problem: checked.problem }
  }
  return { intent: 'stage', summary: checked.summary }
}

export async function restore(
  handle: DatabaseHandle,
  databaseUrl: string,
  viewer: Viewer,
  form: FormData,
): Promise<DatabaseActionData | { done: string }> {
  if (handle.kind !== 'sqlite')
    return { intent: 'restore', problem: 'PostgreSQL is restored with pg_restore by its operator.' }
  const id = String(form.get('stagedId') ?? '')
  const checked = await checkStaged(handle, databaseUrl, id)
  if (!checked.ok) return { intent: 'restore', problem: checked.problem }
  // The confirmation form is shown again, with the summary of what was uploaded.
  if (String(form.get('confirm') ?? '').trim() !== 'RESTORE')
    return {
      intent: 'restore',
      field: 'confirm',
      summary: checked.summary,
      problem: 'Type RESTORE to confirm: everything changed since the backup is lost.',
    }
  if (!(await confirmsOwnPassword(handle.db, viewer.userId, String(form.get('ownPassword') ?? ''))))
    return { intent: 'restore', field: 'ownPassword', summary: checked.summary, problem: OWN_PASSWORD_WRONG }
  const { keptAs, dropped } = await restoreStaged(handle, databaseUrl, id)
  const who = await actor(handle, viewer)
  await audit(handle.db, {
    actorUserId: who.actorUserId,
    action: 'database.restored',
    entityType: 'database',
    entityId: 'main',
    after: {
      keptAs: path.basename(keptAs),
      credentials:
        'kept as they were (API tokens, webhook subscriptions); sessions, reset and invitation links cleared',
      apiTokensDeleted: dropped.apiTokens,
      webhookSubscriptionsDeleted: dropped.webhookSubscriptions,
    },
    note: who.note,
  })
  return { done: path.basename(keptAs) }
}

export function discard(databaseUrl: string, form: FormData) {
  discardStaged(databaseUrl, String(form.get('stagedId') ?? ''))
}
