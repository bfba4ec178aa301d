import { voidOpenTokens } from '~/auth/reset-tokens.server'
import type { Database } from '#db/database'
import { hashPassword } from '~/auth/password.server'
import { endUserSessions, type Viewer } from '~/auth/session.server'
import { audit } from '~/platform/audit.server'
import { otherActiveAdmins, refuse, type Outcome } from './mutations.server'

// Who may get in: disabling and enabling a user, and the password an admin sets for it.

const sessionsNote = (ended: number) => `sessions ended: ${ended}`

/** Disables a user and ends every session it has, in one transaction. */
export async function disableUser(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  userId: number,
): Promise<Outcome<{ sessionsEnded: number }>> {
  if (userId === viewer.userId) return refuse({}, ['You cannot disable your own account; ask another administrator'])
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .where('role', '=', 'admin')
      .executeTakeFirst()
    if (admin && (await otherActiveAdmins(trx, userId)) === 0) {
      return refuse({}, [
        'This is the last active administrator and cannot be disabled: make another user an administrator first',
      ])
    }
    const updated = await trx
      .updateTable('users')
      .set({ status: 'disabled', updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return refuse({}, ['This user is already disabled'])
    const sessionsEnded = await endUserSessions(trx, userId)
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'user.disabled',
      entityType: 'user',
      entityId: userId,
      before: { status: 'active' },
      after: { status: 'disabled' },
      note: sessionsNote(sessionsEnded),
    })
    return { ok: true as const, value: { sessionsEnded } }
  })
}

export async function enableUser(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  userId: number,
): Promise<Outcome<undefined>> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ status: 'active', updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .where('status', '=', 'disabled')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return refuse({}, ['This user is already active'])
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'user.enabled',
      entityType: 'user',
      entityId: userId,
      before: { status: 'disabled' },
      after: { status: 'active' },
    })
    return { ok: true as const, value: undefined }
  })
}

/**
 * An admin sets a user's password: every session of that user ends (the admin's own current
 * session survives when it sets its own), and unused reset and invitation links stop working.
 */
export async function setPasswordByAdmin(
  db: Database,
  viewer: Pick<Viewer, 'userId' | 'sessionIdHash'>,
  input: { email: string; password: string },
): Promise<Outcome<{ userId: number; name: string; sessionsEnded: number }>> {
  const user = await db.selectFrom('users').select(['id', 'name']).where('email', '=', input.email).executeTakeFirst()
  if (!user) return refuse({ email: ['There is no user with this e-mail address'] })
  // scrypt takes a few hundred milliseconds: never inside the transaction.
  const passwordHash = await hashPassword(input.password)
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString()
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', user.id)
      .execute()
    await voidOpenTokens(trx, user.id, now)
    const sessionsEnded = await endUserSessions(
      trx,
      user.id,
      user.id === viewer.userId ? viewer.sessionIdHash : undefined,
    )
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'user.password_set_by_admin',
      entityType: 'user',
      entityId: user.id,
      note: sessionsNote(sessionsEnded),
    })
    return { ok: true as const, value: { userId: user.id, name: user.name, sessionsEnded } }
  })
}
