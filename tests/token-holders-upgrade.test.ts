import { afterAll, expect, it } from 'vitest'
import { createDatabase } from '#db/database'
import { migrateDown, migrateToLatest } from '#db/migrate'

// Issue 50's upgrade (migrations/20261221090000_api_token_holders.js), on SQLite and PostgreSQL: the
// tokens of the release before are bound to the holder their user had when each was made, and a
// token whose user has left that holder since is revoked, with an entry saying why.

const { db } = createDatabase(process.env.DATABASE_URL!)
afterAll(() => db.destroy())

it('binds each token to the company its user had when it was made, and revokes it if the user has left', async () => {
  // Back to the release before it: later migrations are undone first, newest first.
  const undone: string[] = []
  while (!undone.includes('20261221090000_api_token_holders') && undone.length < 20)
    undone.push(...(await migrateDown(db)))
  expect(undone.at(-1)).toBe('20261221090000_api_token_holders')
  const [first, second] = await db.selectFrom('buyers').select('id').orderBy('id').limit(2).execute()
  const user = async (email: string, buyerId: number) => {
    const row = await db
      .insertInto('users')
      .values({ email, name: email, password_hash: 'x', status: 'active', buyer_id: buyerId, is_company_admin: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('user_roles').values({ user_id: row.id, role: 'buyer' }).execute()
    return row.id
  }
  const token = async (userId: number, name: string) => {
    const row = await db
      .insertInto('api_tokens')
      .values({
        user_id: userId,
        name,
        token_hash: `hash-${name}`,
        prefix: 'sp_test',
        scopes: '["orders:read"]',
        created_by: userId,
        created_at: '2026-12-01T00:00:00.000Z',
        expires_at: '2027-12-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('audit_events')
      .values({
        at: '2026-12-01T00:00:00.000Z',
        actor_user_id: userId,
        action: 'api_token.created',
        entity_type: 'api_token',
        entity_id: String(row.id),
        before_json: null,
        after_json: null,
        note: null,
      })
      .execute()
    return row.id
  }
  const stayed = await user('stayed@upgrade.example', first.id)
  const moved = await user('moved@upgrade.example', first.id)
  const stayedToken = await token(stayed, 'stayed')
  const movedToken = await token(moved, 'moved')
  // Staff moved the second user to another buyer after its token was made (as the users page records it).
  await db.updateTable('users').set({ buyer_id: second.id }).where('id', '=', moved).execute()
  await db
    .insertInto('audit_events')
    .values({
      at: '2026-12-02T00:00:00.000Z',
      actor_user_id: null,
      action: 'user.roles_changed',
      entity_type: 'user',
      entity_id: String(moved),
      before_json: JSON.stringify({ roles: ['buyer'], company: `buyer #${first.id}`, companyAdmin: true }),
      after_json: JSON.stringify({ roles: ['buyer'], company: `buyer #${second.id}`, companyAdmin: true }),
      note: null,
    })
    .execute()

  await migrateToLatest(db)
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'holder_kind', 'buyer_id', 'seller_id', 'revoked_at'])
    .where('id', 'in', [stayedToken, movedToken])
    .orderBy('id')
    .execute()
  expect(rows).toEqual([
    { id: stayedToken, holder_kind: 'buyer', buyer_id: first.id, seller_id: null, revoked_at: null },
    { id: movedToken, holder_kind: 'buyer', buyer_id: first.id, seller_id: null, revoked_at: expect.any(String) },
  ])
  const entry = await db
    .selectFrom('audit_events')
    .select('note')
    .where('entity_type', '=', 'api_token')
    .where('entity_id', '=', String(movedToken))
    .where('action', '=', 'api_token.revoked')
    .executeTakeFirstOrThrow()
  expect(entry.note).toBe('its user no longer belongs to the company (or staff) it was made for')
})
