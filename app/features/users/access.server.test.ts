import { describe, expect, test } from 'vitest'
import { verifyPassword } from '~/auth/password.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { disableUser, enableUser, setPasswordByAdmin } from './access.server'

const db = () => getDb()
const adminViewer = async () => {
  const userId = await userIdOf('admin@example.com')
  const session = await startSession(getDb(), userId)
  return { userId, sessionIdHash: session.idHash }
}

async function auditOf(action: string, userId: number) {
  return db()
    .selectFrom('audit_events')
    .select(['actor_user_id', 'before_json', 'after_json', 'note'])
    .where('action', '=', action)
    .where('entity_id', '=', String(userId))
    .where('entity_type', '=', 'user')
    .execute()
}

describe('disabling and enabling', () => {
  test('disabling ends every open session at once; enabling lets the user back in', async () => {
    const admin = await adminViewer()
    const userId = await userIdOf('catalog_manager@example.com')
    const one = await startSession(db(), userId)
    const two = await startSession(db(), userId)
    expect(await loadViewer(db(), one.idHash)).not.toBeNull()

    const disabled = await disableUser(db(), admin, userId)
    expect(disabled).toEqual({ ok: true, value: { sessionsEnded: 2, tokensRevoked: 0 } })
    expect(await loadViewer(db(), one.idHash)).toBeNull()
    expect(await loadViewer(db(), two.idHash)).toBeNull()
    const row = await db().selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow()
    expect(row.status).toBe('disabled')
    const [entry] = await auditOf('user.disabled', userId)
    expect(entry).toMatchObject({ actor_user_id: admin.userId, note: 'sessions ended: 2' })

    expect(await enableUser(db(), admin, userId)).toEqual({ ok: true, value: undefined })
    expect(await auditOf('user.enabled', userId)).toHaveLength(1)
    const fresh = await startSession(db(), userId)
    expect(await loadViewer(db(), fresh.idHash)).toMatchObject({ userId })
    expect(await enableUser(db(), admin, userId)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        / is already active \(by .+\): “Enable” is no longer possible, and nothing was changed\.$/,
      ),
    })
  })

  test('two admins disabling the same user at once: one wins, the other is told it is already disabled', async () => {
    const admin = await adminViewer()
    const userId = await userIdOf('biz_fin@example.com')
    const results = await Promise.all([disableUser(db(), admin, userId), disableUser(db(), admin, userId)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.find((r) => !r.ok)).toMatchObject({
      message: expect.stringMatching(/ is already disabled \(by .+\): “Disable” is no longer possible/),
    })
    expect(await auditOf('user.disabled', userId)).toHaveLength(1)
  })

  test('an admin cannot disable itself, nor the last active admin', async () => {
    const admin = await adminViewer()
    expect(await disableUser(db(), admin, admin.userId)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/your own account/),
    })
    // Another admin, the demo admin being the only other active one: it cannot disable the demo admin if it is itself disabled.
    const other = await userIdOf('logistics@example.com')
    await db().insertInto('user_roles').values({ user_id: other, role: 'admin' }).execute()
    await db().updateTable('users').set({ status: 'disabled' }).where('id', '=', other).execute()
    const refused = await disableUser(db(), { userId: other }, admin.userId)
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/last active administrator/) })
    const row = await db().selectFrom('users').select('status').where('id', '=', admin.userId).executeTakeFirstOrThrow()
    expect(row.status).toBe('active')
  })
})

describe('an admin sets a password', () => {
  test("ends the user's sessions and links, audits without the password; the old password stops working", async () => {
    const admin = await adminViewer()
    const userId = await userIdOf('supplier_agent@example.com')
    const session = await startSession(db(), userId)
    await db()
      .insertInto('password_reset_tokens')
      .values({
        user_id: userId,
        token_hash: 'pending-link',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute()

    const done = await setPasswordByAdmin(db(), admin, {
      email: 'supplier_agent@example.com',
      password: 'set-by-admin-2026',
    })
    expect(done).toEqual({ ok: true, value: { userId, name: 'Arjun Agent', sessionsEnded: 1 } })
    expect(await loadViewer(db(), session.idHash)).toBeNull()
    const user = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(await verifyPassword('set-by-admin-2026', user.password_hash)).toBe(true)
    expect(await verifyPassword('demo-pass-2026', user.password_hash)).toBe(false)
    const link = await db()
      .selectFrom('password_reset_tokens')
      .select('used_at')
      .where('token_hash', '=', 'pending-link')
      .executeTakeFirstOrThrow()
    expect(link.used_at).not.toBeNull()
    const [entry] = await auditOf('user.password_set_by_admin', userId)
    expect(entry).toMatchObject({
      actor_user_id: admin.userId,
      note: 'sessions ended: 1',
      before_json: null,
      after_json: null,
    })
  })

  test("its own password: the admin's other sessions end, the current one stays", async () => {
    const admin = await adminViewer()
    const elsewhere = await startSession(db(), admin.userId)
    const done = await setPasswordByAdmin(db(), admin, { email: 'admin@example.com', password: 'admin-new-pass-1' })
    expect(done.ok).toBe(true)
    expect(await loadViewer(db(), admin.sessionIdHash)).toMatchObject({ userId: admin.userId })
    expect(await loadViewer(db(), elsewhere.idHash)).toBeNull()
  })

  test('an unknown e-mail is refused at the field', async () => {
    const admin = await adminViewer()
    expect(await setPasswordByAdmin(db(), admin, { email: 'nobody@nowhere.test', password: 'whatever-12345' })).toEqual(
      {
        ok: false,
        field: 'email',
        message: 'There is no user with this e-mail address',
      },
    )
  })
})
