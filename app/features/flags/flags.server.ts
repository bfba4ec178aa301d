import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { nextStamp } from '~/utils/version-stamp'
import type { Kysely } from 'kysely'
import type { DB, RoleKey } from '#db/types'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { FLAGS, FLAG_KEYS, type FlagKey } from './registry'

export interface FlagState {
  key: FlagKey
  description: string
  gates: string
  enabled: boolean
  /** The roles it is on for; null = every role. */
  roles: RoleKey[] | null
  updatedAt: string | null
  updatedBy: string | null
}

/** Every flag of the registry with its current switch. */
export async function listFlags(db: Executor): Promise<FlagState[]> {
  const rows = await db
    .selectFrom('flags')
    .leftJoin('users', 'users.id', 'flags.updated_by')
    .select(['flags.key', 'flags.enabled', 'flags.roles_json', 'flags.updated_at', 'users.name as updated_by_name'])
    .execute()
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return FLAG_KEYS.map((key) => {
    const row = byKey.get(key)
    return {
      key,
      description: FLAGS[key].description,
      gates: FLAGS[key].gates,
      enabled: row ? row.enabled === 1 : FLAGS[key].defaultOn,
      roles: row?.roles_json ? (JSON.parse(row.roles_json) as RoleKey[]) : null,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by_name ?? null,
    }
  })
}

/** Whether a flag is on for someone with these roles (on, and either for every role or for one of theirs). */
export async function isFlagOn(db: Executor, key: FlagKey, roles: readonly RoleKey[]): Promise<boolean> {
  const row = await db.selectFrom('flags').select(['enabled', 'roles_json']).where('key', '=', key).executeTakeFirst()
  if (!row) return FLAGS[key].defaultOn
  if (row.enabled !== 1) return false
  if (!row.roles_json) return true
  const onFor = JSON.parse(row.roles_json) as RoleKey[]
  return onFor.some((role) => roles.includes(role))
}

export const FLAG_CHANGED_SINCE_OPENED =
  'Someone else changed this flag since you opened the page. Reload it to see their change, then make yours again.'

/**
 * Switches a flag (one transaction, audited). An empty role list means every role. With
 * `version` (the updated_at the form was opened with, '' when the flag had no row) a save over a
 * newer change is refused.
 */
export async function setFlag(
  db: Kysely<DB>,
  actorUserId: number,
  key: FlagKey,
  change: { enabled: boolean; roles: RoleKey[]; version?: string },
): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const before = (await listFlags(trx)).find((flag) => flag.key === key)!
      if (change.version !== undefined && change.version !== (before.updatedAt ?? ''))
        throw new Refused(undefined, FLAG_CHANGED_SINCE_OPENED)
      const roles_json = change.roles.length > 0 ? JSON.stringify([...new Set(change.roles)].sort()) : null
      const values = {
        enabled: change.enabled ? 1 : 0,
        roles_json,
        updated_at: nextStamp(before.updatedAt),
        updated_by: actorUserId,
      }
      await trx
        .insertInto('flags')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute()
      await audit(trx, {
        actorUserId,
        action: 'flag.changed',
        entityType: 'flag',
        entityId: key,
        before: { enabled: before.enabled, roles: before.roles },
        after: { enabled: change.enabled, roles: roles_json ? JSON.parse(roles_json) : null },
      })
      return { ok: true as const, value: undefined }
    }),
  )
}
