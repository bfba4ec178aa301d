import { Refused, refusals, type Result } from '~/utils/refusal.server'
import crypto from 'node:crypto'
import type { Database } from '#db/database'
import type { TokenPurpose } from '#db/types'
import { hashPassword, verifyPassword } from '~/auth/password.server'
import { voidOpenTokens } from '~/auth/reset-tokens.server'
import { endUserSessions } from '~/auth/session.server'
import { audit } from '~/platform/audit.server'
import { queueEmail } from '~/platform/outbox.server'
import { syncSearch } from '~/platform/search.server'
import { isUniqueViolation } from '#db/errors'

export const RESET_TOKEN_MINUTES = 60

export type { Result }

export interface SignUpInput {
  companyKind: 'buyer' | 'seller'
  companyName: string
  name: string
  email: string
  phone?: string
  password: string
}

/**
 * Signs a company up. The answer is the same whatever the e-mail: nobody learns from it whether an
 * account exists, and nobody is signed in by it. A new e-mail gets a pending company, its first
 * user and a welcome mail; a known one gets a mail saying someone tried to sign up with it. A
 * repeated submit (double click, retry, two racing requests) makes one account: the unique index
 * on users.email decides, and a repeat within minutes of the account's creation mails nobody.
 */
export async function signUp(db: Database, input: SignUpInput, appUrl: string): Promise<{ created: boolean }> {
  // Hashed first, whatever the e-mail: the hash is nearly all of a sign-up's time, so a known e-mail
  // must not answer faster than a new one (docs/domain.md, "Sign-in and sessions").
  const passwordHash = await hashPassword(input.password)
  const existing = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', input.email)
    .executeTakeFirst()
  if (existing) {
    await warnExistingAccount(db, existing, input.email, appUrl)
    return { created: false }
  }
  try {
    await db.transaction().execute(async (trx) => {
      const table = input.companyKind === 'buyer' ? 'buyers' : 'sellers'
      const company = await trx
        .insertInto(table)
        .values({
          name: input.companyName,
          contact_email: input.email,
          contact_phone: input.phone || null,
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const user = await trx
        .insertInto('users')
        .values({
          email: input.email,
          name: input.name,
          phone: input.phone || null,
          password_hash: passwordHash,
          buyer_id: input.companyKind === 'buyer' ? company.id : null,
          seller_id: input.companyKind === 'seller' ? company.id : null,
          // The person who signs a company up administers it.
          is_company_admin: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_roles').values({ user_id: user.id, role: input.companyKind }).execute()
      await syncSearch(trx, input.companyKind, company.id)
      await syncSearch(trx, 'user', user.id)
      await queueEmail(trx, {
        to: input.email,
        kind: 'signup_welcome',
        subject: 'Your company account is created',
        text: [
          `Hello ${input.name},`,
          '',
          `${input.companyName} now has an account on the Sourcing Platform. Our team checks every new company before it can trade;`,
          'we will write to you when yours is active. Meanwhile you can sign in with the password you chose:',
          '',
          `${appUrl}/login`,
          '',
          'If you did not sign up, someone else used your address: reset the password from the sign-in page to take the account over, or ignore this e-mail.',
        ].join('\n'),
        // The waiting page until the company is active, then the user's home.
        link: '/',
      })
      await audit(trx, {
        actorUserId: user.id,
        action: 'company.signed_up',
        entityType: input.companyKind,
        entityId: company.id,
        after: { name: input.companyName, status: 'pending', firstUser: input.email },
      })
    })
    return { created: true }
  } catch (error) {
    // Two submits racing past the check above: the unique index let one through; this one is a repeat.
    if (isUniqueViolation(error)) return { created: false }
    throw error
  }
}

/**
 * A second sign-up within minutes of the one that made the account is a repeated submit, and a
 * warning an hour is enough: repeated tries must not flood the owner's inbox.
 */
async function warnExistingAccount(db: Database, user: { id: number; name: string }, email: string, appUrl: string) {
  const now = Date.now()
  const recent = await db
    .selectFrom('outbox_emails')
    .select('id')
    .where('to_address', '=', email)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'signup_welcome'), eb('created_at', '>', new Date(now - 10 * 60_000).toISOString())]),
        eb.and([eb('kind', '=', 'signup_existing'), eb('created_at', '>', new Date(now - 60 * 60_000).toISOString())]),
      ]),
    )
    .executeTakeFirst()
  if (recent) return
  await db.transaction().execute(async (trx) => {
    await queueEmail(trx, {
      to: email,
      kind: 'signup_existing',
      subject: 'Someone tried to sign up with your e-mail address',
      text: [
        `Hello ${user.name},`,
        '',
        'Someone (perhaps you) tried to create a new company account with this e-mail address, which already has an account.',
        'No new account was made and nothing was changed. To sign in, or to choose a new password:',
        '',
        `${appUrl}/login`,
        `${appUrl}/forgot_password`,
        '',
        'If it was not you, you need not do anything.',
      ].join('\n'),
      // Where a signed-in user changes its password.
      link: '/profile',
    })
    await audit(trx, { actorUserId: null, action: 'user.signup_attempted', entityType: 'user', entityId: user.id })
  })
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url')

/** Queues a reset link for an active account; says nothing about whether the account exists. */
export async function requestPasswordReset(db: Database, email: string, appUrl: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', email)
    .where('status', '=', 'active')
    .executeTakeFirst()
  if (!user) return
  const token = crypto.randomBytes(32).toString('base64url')
  const now = new Date()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      })
      .execute()
    await queueEmail(trx, {
      to: email,
      kind: 'password_reset',
      subject: 'Reset your password',
      text: [
        `Hello ${user.name},`,
        '',
        'Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one:',
        '',
        `${appUrl}/reset_password?token=${token}`,
        '',
        `The link works once and expires in ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
      ].join('\n'),
    })
    await audit(trx, {
      actorUserId: null,
      action: 'user.password_reset_requested',
      entityType: 'user',
      entityId: user.id,
    })
  })
}

/** What a still-usable token is for (a reset or an invitation), or null when it is used or expired. */
export async function resetTokenPurpose(db: Database, token: string): Promise<TokenPurpose | null> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('purpose')
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst()
  return row?.purpose ?? null
}

const EXPIRED_LINK = 'This reset link has expired or has already been used. Ask for a new one.'

/**
 * Uses a reset token once: sets the password, ends every session of the user and voids its other
 * reset and invitation links. The token is checked before the (deliberately slow) hash is made, so
 * garbage tokens cost nothing; the conditional update in the transaction decides a race.
 */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
): Promise<Result<{ userId: number }>> {
  if (!(await resetTokenPurpose(db, token))) return { ok: false, message: EXPIRED_LINK }
  const passwordHash = await hashPassword(password)
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      const row = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst()
      if (!row) throw new Refused(undefined, EXPIRED_LINK)
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', row.user_id)
        .execute()
      await endUserSessions(trx, row.user_id)
      await voidOpenTokens(trx, row.user_id, now)
      await audit(trx, {
        actorUserId: row.user_id,
        action: 'user.password_reset',
        entityType: 'user',
        entityId: row.user_id,
      })
      return { ok: true as const, value: { userId: row.user_id } }
    }),
  )
}

export async function updateProfile(
  db: Database,
  userId: number,
  input: { name: string; phone?: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['name', 'phone'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const after = { name: input.name, phone: input.phone || null }
    await trx
      .updateTable('users')
      .set({ ...after, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute()
    await syncSearch(trx, 'user', userId)
    await audit(trx, {
      actorUserId: userId,
      action: 'user.profile_updated',
      entityType: 'user',
      entityId: userId,
      before,
      after,
    })
  })
}

/** Changes the password after checking the current one; the user's other sessions end. */
export async function changePassword(
  db: Database,
  viewer: { userId: number; sessionIdHash: string },
  currentPassword: string,
  newPassword: string,
): Promise<Result> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', viewer.userId)
    .executeTakeFirstOrThrow()
  if (!(await verifyPassword(currentPassword, user.password_hash))) {
    return { ok: false, field: 'currentPassword', message: 'That is not your current password' }
  }
  const passwordHash = await hashPassword(newPassword)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', viewer.userId)
      .execute()
    await endUserSessions(trx, viewer.userId, viewer.sessionIdHash)
    await voidOpenTokens(trx, viewer.userId)
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: viewer.userId,
    })
  })
  return { ok: true, value: undefined }
}

export async function signOutEverywhereElse(
  db: Database,
  viewer: { userId: number; sessionIdHash: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await endUserSessions(trx, viewer.userId, viewer.sessionIdHash)
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'user.other_sessions_ended',
      entityType: 'user',
      entityId: viewer.userId,
      after: { ended },
    })
    return ended
  })
}
