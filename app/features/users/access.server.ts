import { voidOpenTokens } from '~/auth/reset-tokens.server'
import type { Database } from '#db/database'
import { revokeUserApiTokens } from '~/auth/api-tokens.server'
import { hashPassword } from '~/auth/password.server'
import { endUserSessions, type Viewer } from '~/auth/session.server'
import { audit } from '~/platform/audit.server'
import { canTake } from '~/platform/steps'
import { takeStep } from '~/platform/steps.server'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { otherActiveAdmins } from './mutations.server'
import { userMachine } from './shared'

// Who may get in: disabling and enabling a user, and the password an admin sets for it.

const sessionsNote = (ended: number) => `sessions ended: ${ended}`

/** Disables a user, ends every session it has and revokes its API tokens, in one transaction. */
export async function disableUser(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  userId: number,
): Promise<Result<{ sessionsEnded: number; tokensRevoked: number }>> {
  if (userId === viewer.userId)
    return new Refused(undefined, 'You cannot disable your own account; ask another administrator').refusal
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst()
      if (!user) throw Refused.notFound('This user does not exist')
      const admin = await trx
        .selectFrom('user_roles')
        .select('role')
        .where('user_id', '=', userId)
        .where('role', '=', 'admin')
        .executeTakeFirst()
      if (user.status === 'active' && admin && (await otherActiveAdmins(trx, userId)) === 0) {
        throw new Refused(
          undefined,
          'This is the last active administrator and cannot be disabled: make another user an administrator first',
        )
      }
      // The sessions end with the step (rolled back with it when it is refused); how many is kept on its entry.
      const disabling = canTake(userMachine, 'disable', user.status)
      const sessionsEnded = disabling ? await endUserSessions(trx, userId) : 0
      // Its API tokens are revoked, not merely refused while it is disabled: enabling the user again
      // gives it no token back (issue 50); its company makes new ones if it wants them.
      const tokensRevoked = disabling
        ? await revokeUserApiTokens(trx, userId, { actorUserId: viewer.userId, note: 'its user was disabled' })
        : 0
      await takeStep(trx, userMachine, userId, 'disable', {
        actorUserId: viewer.userId,
        current: user.status,
        note: sessionsNote(sessionsEnded) + (tokensRevoked ? `; API tokens revoked: ${tokensRevoked}` : ''),
        set: { updated_at: new Date().toISOString() },
      })
      return { sessionsEnded, tokensRevoked }
    }),
  )
}

export async function enableUser(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  userId: number,
): Promise<Result<undefined>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      await takeStep(trx, userMachine, userId, 'enable', {
        actorUserId: viewer.userId,
        set: { updated_at: new Date().toISOString() },
      })
      return undefined
    }),
  )
}

/**
 * An admin sets a user's password: every session of that user ends (the admin's own current
 * session survives when it sets its own), and unused reset and invitation links stop working.
 */
export async function setPasswordByAdmin(
  db: Database,
  viewer: Pick<Viewer, 'userId' | 'sessionIdHash'>,
  input: { email: string; password: string },
): Promise<Result<{ userId: number; name: string; sessionsEnded: number }>> {
  const user = await db.selectFrom('users').select(['id', 'name']).where('email', '=', input.email).executeTakeFirst()
  if (!user) return new Refused('email', 'There is no user with this e-mail address').refusal
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
