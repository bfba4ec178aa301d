import { getDb } from '~/db.server'
import { checkCredentials } from '~/auth/authenticator.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { userIdOf } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  signOutEverywhereElse,
  signUp,
  updateProfile,
} from './mutations.server'

const input = {
  companyKind: 'seller' as const,
  companyName: 'Kanchipuram Handlooms',
  name: 'Devi Weaver',
  email: 'devi@handlooms.example',
  phone: '9876501234',
  password: 'silk-and-zari-2026',
}

async function lastResetLink(email: string) {
  const mail = await getDb()
    .selectFrom('outbox_emails')
    .select(['body_text', 'subject'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return new URL(mail.body_text.match(/https?:\/\/\S+/)![0])
}

describe('sign-up', () => {
  const appUrl = 'http://localhost:3000'
  const mailsTo = (email: string) =>
    getDb()
      .selectFrom('outbox_emails')
      .select(['kind', 'subject', 'body_text'])
      .where('to_address', '=', email)
      .orderBy('id')
      .execute()

  it('creates a pending company, its first user with the role, a welcome mail and an audit entry', async () => {
    const db = getDb()
    expect(await signUp(db, input, appUrl)).toEqual({ created: true })
    const user = await db.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirstOrThrow()
    const seller = await db
      .selectFrom('sellers')
      .selectAll()
      .where('id', '=', user.seller_id!)
      .executeTakeFirstOrThrow()
    expect(seller).toMatchObject({ name: 'Kanchipuram Handlooms', status: 'pending' })
    const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute()
    expect(roles.map((r) => r.role)).toEqual(['seller'])
    const auditRow = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity_type', '=', 'seller')
      .where('entity_id', '=', String(seller.id))
      .executeTakeFirstOrThrow()
    expect(auditRow.action).toBe('company.signed_up')
    expect((await mailsTo(input.email)).map((m) => m.kind)).toEqual(['signup_welcome'])
  })

  it('makes one account of a repeated or racing submit, and mails it once', async () => {
    const db = getDb()
    const again = { ...input, email: 'twice@handlooms.example' }
    const results = await Promise.all([signUp(db, again, appUrl), signUp(db, again, appUrl), signUp(db, again, appUrl)])
    expect(results.filter((r) => r.created)).toHaveLength(1)
    await signUp(db, again, appUrl)
    const companies = await db.selectFrom('sellers').select('id').where('contact_email', '=', again.email).execute()
    expect(companies).toHaveLength(1)
    expect((await mailsTo(again.email)).map((m) => m.kind)).toEqual(['signup_welcome'])
  })

  it('never signs in to, changes or reveals an existing account, whatever the password; its owner is told', async () => {
    const db = getDb()
    const before = await db
      .selectFrom('users')
      .select(['password_hash', 'name'])
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow()
    const sessions = await db.selectFrom('sessions').select('id_hash').execute()
    // The right password (the demo's) and a wrong one answer alike.
    expect(await signUp(db, { ...input, email: 'admin@example.com', password: 'demo-pass-2026' }, appUrl)).toEqual({
      created: false,
    })
    expect(await signUp(db, { ...input, email: 'admin@example.com', password: 'another-password-1' }, appUrl)).toEqual({
      created: false,
    })
    expect(
      await db
        .selectFrom('users')
        .select(['password_hash', 'name'])
        .where('email', '=', 'admin@example.com')
        .executeTakeFirstOrThrow(),
    ).toEqual(before)
    expect(await db.selectFrom('sessions').select('id_hash').execute()).toEqual(sessions)
    // One warning, not one per try.
    const mails = await mailsTo('admin@example.com')
    expect(mails.map((m) => m.kind)).toEqual(['signup_existing'])
    expect(mails[0]!.body_text).toContain(`${appUrl}/forgot_password`)
  })
})

describe('password reset', () => {
  it('writes a link to the outbox that works once and ends every session', async () => {
    const db = getDb()
    const userId = await userIdOf('biz_fin@example.com')
    const session = await startSession(db, userId)
    await requestPasswordReset(db, 'biz_fin@example.com', 'http://localhost:3000')
    const link = await lastResetLink('biz_fin@example.com')
    expect(link.pathname).toBe('/reset_password')
    const token = link.searchParams.get('token')!

    expect(await resetPassword(db, token, 'brand-new-secret-1')).toMatchObject({ ok: true })
    expect(await loadViewer(db, session.idHash)).toBeNull()
    await expect(checkCredentials(db, 'biz_fin@example.com', 'brand-new-secret-1')).resolves.toMatchObject({
      id: userId,
    })
    expect(await resetPassword(db, token, 'second-use-secret-1')).toMatchObject({ ok: false })
    await expect(checkCredentials(db, 'biz_fin@example.com', 'second-use-secret-1')).rejects.toThrow()
  })

  it('refuses a link older than 60 minutes', async () => {
    const db = getDb()
    await requestPasswordReset(db, 'logistics@example.com', 'http://localhost:3000')
    const token = (await lastResetLink('logistics@example.com')).searchParams.get('token')!
    await db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect(await resetPassword(db, token, 'too-late-secret-1')).toMatchObject({ ok: false })
  })

  it('sends nothing for an unknown address', async () => {
    const db = getDb()
    await requestPasswordReset(db, 'nobody@example.com', 'http://localhost:3000')
    const mails = await db
      .selectFrom('outbox_emails')
      .select('id')
      .where('to_address', '=', 'nobody@example.com')
      .execute()
    expect(mails).toHaveLength(0)
  })
})

describe('profile', () => {
  it('saves name and phone with the before and after in the audit trail', async () => {
    const db = getDb()
    const userId = await userIdOf('internal@example.com')
    await updateProfile(db, userId, { name: 'Isha Internal-Rao', phone: '+441234567890' })
    const user = await db
      .selectFrom('users')
      .select(['name', 'phone'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(user).toEqual({ name: 'Isha Internal-Rao', phone: '+441234567890' })
    const [entry] = await auditEntriesOf(db, 'user', userId)
    expect(entry).toMatchObject({ action: 'user.profile_updated', actor_name: 'Isha Internal-Rao' })
    expect(JSON.parse(entry.before_json!)).toMatchObject({ name: 'Isha Internal' })
    expect(JSON.parse(entry.after_json!)).toMatchObject({ name: 'Isha Internal-Rao' })
  })

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const db = getDb()
    const userId = await userIdOf('catalog_manager@example.com')
    const here = await startSession(db, userId)
    const elsewhere = await startSession(db, userId)
    const viewer = { userId, sessionIdHash: here.idHash }
    expect(await changePassword(db, viewer, 'wrong-password', 'new-secret-123')).toMatchObject({
      ok: false,
      field: 'currentPassword',
    })
    expect(await changePassword(db, viewer, 'demo-pass-2026', 'new-secret-123')).toMatchObject({ ok: true })
    expect(await loadViewer(db, here.idHash)).not.toBeNull()
    expect(await loadViewer(db, elsewhere.idHash)).toBeNull()
    await expect(checkCredentials(db, 'catalog_manager@example.com', 'new-secret-123')).resolves.toMatchObject({
      email: 'catalog_manager@example.com',
    })
  })

  it('signs out every other device on request', async () => {
    const db = getDb()
    const userId = await userIdOf('dev_admin@example.com')
    const here = await startSession(db, userId)
    await startSession(db, userId)
    await startSession(db, userId)
    expect(await signOutEverywhereElse(db, { userId, sessionIdHash: here.idHash })).toBe(2)
    expect(await loadViewer(db, here.idHash)).not.toBeNull()
  })
})
