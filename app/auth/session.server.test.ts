import { getDb } from '~/db.server'
import { userIdOf } from '../../tests/support/db'
import { endUserSessions, loadUserViewer, loadViewer, startSession } from './session.server'

describe('sessions', () => {
  it('reads the viewer with roles and company from a session row', async () => {
    const db = getDb()
    const { idHash, cookie } = await startSession(db, await userIdOf('buyer@example.com'))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const viewer = await loadViewer(db, idHash)
    expect(viewer).toMatchObject({
      email: 'buyer@example.com',
      roles: ['buyer'],
      company: { kind: 'buyer', status: 'active' },
    })
  })

  // PostgreSQL reads this through the function viewer_of_session, SQLite through two statements: both must agree.
  it('reads every role in the roles order, and a user without roles as one with none', async () => {
    const db = getDb()
    const userId = await userIdOf('seller@example.com')
    const order = await db.selectFrom('roles').select('key').orderBy('position').execute()
    const [first, second] = order.map((r) => r.key).filter((key) => key !== 'seller')
    await db
      .insertInto('user_roles')
      .values([
        { user_id: userId, role: second },
        { user_id: userId, role: first },
      ])
      .execute()
    const expected = order.map((r) => r.key).filter((key) => [first, second, 'seller'].includes(key))
    const { idHash } = await startSession(db, userId)
    expect((await loadViewer(db, idHash))?.roles).toEqual(expected)
    expect((await loadUserViewer(db, userId))?.roles).toEqual(expected)

    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
    expect(await loadViewer(db, idHash)).toMatchObject({
      email: 'seller@example.com',
      roles: [],
      company: { kind: 'seller' },
    })
  })

  it('keeps only a hash of the session id in the database', async () => {
    const db = getDb()
    const { cookie, idHash } = await startSession(db, await userIdOf('seller@example.com'))
    const raw = decodeURIComponent(cookie.split(';')[0].split('=')[1])
    const rows = await db.selectFrom('sessions').select('id_hash').execute()
    expect(rows.map((r) => r.id_hash)).toContain(idHash)
    expect(rows.map((r) => r.id_hash).some((h) => raw.includes(h))).toBe(false)
  })

  it('gives a new id at every login', async () => {
    const db = getDb()
    const userId = await userIdOf('admin@example.com')
    const [a, b] = await Promise.all([startSession(db, userId), startSession(db, userId)])
    expect(a.idHash).not.toBe(b.idHash)
  })

  it('ends when the user is disabled, when it expires, and when revoked', async () => {
    const db = getDb()
    const userId = await userIdOf('logistics@example.com')
    const s1 = await startSession(db, userId)
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', userId).execute()
    expect(await loadViewer(db, s1.idHash)).toBeNull()
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', userId).execute()

    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id_hash', '=', s1.idHash)
      .execute()
    expect(await loadViewer(db, s1.idHash)).toBeNull()

    const s2 = await startSession(db, userId)
    expect(await endUserSessions(db, userId)).toBe(2)
    expect(await loadViewer(db, s2.idHash)).toBeNull()
  })

  it('ends a staff session idle for 12 hours, keeps a used one alive, and leaves company users to the 30 days', async () => {
    const db = getDb()
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
    const staff = await startSession(db, await userIdOf('biz_fin@example.com'))
    const used = await startSession(db, await userIdOf('biz_ops@example.com'))
    const buyer = await startSession(db, await userIdOf('buyer@example.com'))
    await db
      .updateTable('sessions')
      .set({ created_at: hoursAgo(20), last_seen_at: hoursAgo(13) })
      .where('id_hash', 'in', [staff.idHash, buyer.idHash])
      .execute()
    await db
      .updateTable('sessions')
      .set({ created_at: hoursAgo(20), last_seen_at: hoursAgo(11) })
      .where('id_hash', '=', used.idHash)
      .execute()

    expect(await loadViewer(db, staff.idHash)).toBeNull()
    expect(
      await db.selectFrom('sessions').select('id_hash').where('id_hash', '=', staff.idHash).executeTakeFirst(),
    ).toBeUndefined()
    expect(await loadViewer(db, used.idHash)).not.toBeNull()
    // Using it moved its idle clock.
    const seen = await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id_hash', '=', used.idHash)
      .executeTakeFirstOrThrow()
    expect(Date.now() - Date.parse(seen.last_seen_at!)).toBeLessThan(60_000)
    expect(await loadViewer(db, buyer.idHash)).not.toBeNull()
  })
})
