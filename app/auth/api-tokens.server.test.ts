import { describe, expect, it } from 'vitest'
import type { RoleKey } from '#db/types'
import { scopesFor } from '~/auth/api-scopes'
import { holderOf } from '~/auth/api-tokens.server'
import { loadUserViewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { createApiToken } from '~/features/api-tokens/mutations.server'
import { apiTokensPage } from '~/features/api-tokens/page.server'
import { disableUser, enableUser } from '~/features/users/access.server'
import { changeUserRoles } from '~/features/users/mutations.server'
import { api } from '../../tests/support/api'
import { userIdOf, viewerFor } from '../../tests/support/db'

// Issue 50: a token belongs to the company (or the platform's staff) it was made for. It is refused
// (401) once its user no longer belongs there, whichever way the user left; the users page revokes
// it when staff move the user, and disabling a user revokes its tokens for good.

type Problem = { type: string; detail: string }
let made = 0

/** A new user of a company (its administrator) or of staff, with a token of every scope its holder may have. */
async function userWithToken(roles: RoleKey[], company?: { kind: 'buyer' | 'seller'; id: number }) {
  const db = getDb()
  made++
  const user = await db
    .insertInto('users')
    .values({
      email: `holder-${made}@tokens.example`,
      name: `Holder ${made}`,
      password_hash: 'x',
      status: 'active',
      buyer_id: company?.kind === 'buyer' ? company.id : null,
      seller_id: company?.kind === 'seller' ? company.id : null,
      is_company_admin: company ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: user.id, role })))
    .execute()
  const viewer = (await loadUserViewer(db, user.id))!
  const created = await createApiToken(db, viewer, {
    name: `ERP of holder ${made}`,
    scopes: scopesFor(holderOf(roles)),
    days: 30,
  })
  if (!created.ok || !created.value.token) throw new Error('no token')
  return { userId: user.id, token: created.value.token, tokenId: created.value.id }
}

const versionOf = async (userId: number) =>
  (await getDb().selectFrom('users').select('updated_at').where('id', '=', userId).executeTakeFirstOrThrow()).updated_at

/** Staff change a user's roles (and company) on the users page. */
async function moveUser(userId: number, roles: RoleKey[], company?: number) {
  const admin = await viewerFor('admin@example.com')
  const saved = await changeUserRoles(getDb(), admin, userId, {
    version: await versionOf(userId),
    roles,
    company: company ? `#${company}` : undefined,
    companyAdmin: company ? true : undefined,
    ownPassword: 'demo-pass-2026',
  })
  if (!saved.ok) throw new Error(saved.message)
}

async function buyers() {
  const indigo = (await viewerFor('buyer@example.com')).company!.id
  const other = await getDb()
    .selectFrom('buyers')
    .select('id')
    .where('id', '!=', indigo)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return { indigo, other: other.id }
}

describe('a token belongs to the company (or staff) it was made for', () => {
  it('a buyer administrator moved to another buyer: its token is refused there (401), and its company still lists it, revoked', async () => {
    const { indigo, other } = await buyers()
    const holder = await userWithToken(['buyer'], { kind: 'buyer', id: indigo })
    expect((await api('GET', '/master-orders', { token: holder.token })).status).toBe(200)

    await moveUser(holder.userId, ['buyer'], other)
    const refused = await api<Problem>('GET', '/master-orders', { token: holder.token })
    expect(refused.status).toBe(401)
    expect((await api('GET', '/invoices', { token: holder.token })).status).toBe(401)

    // Indigo still sees the token it made, revoked; the new company never sees it.
    const indigoAdmin = await viewerFor('buyer@example.com')
    const listed = (await apiTokensPage(getDb(), indigoAdmin)).tokens.find((t) => t.id === holder.tokenId)
    expect(listed).toMatchObject({ status: 'revoked' })
    const newAdmin = (await loadUserViewer(getDb(), holder.userId))!
    expect((await apiTokensPage(getDb(), newAdmin)).tokens.map((t) => t.id)).not.toContain(holder.tokenId)
    const entry = await getDb()
      .selectFrom('audit_events')
      .select(['action', 'note'])
      .where('entity_type', '=', 'api_token')
      .where('entity_id', '=', String(holder.tokenId))
      .where('action', '=', 'api_token.revoked')
      .executeTakeFirstOrThrow()
    expect(entry.note).toBe('its user left the company (or staff) it was made for')

    // Moved back, the token stays revoked: it never comes back.
    await moveUser(holder.userId, ['buyer'], indigo)
    expect((await api('GET', '/master-orders', { token: holder.token })).status).toBe(401)
  })

  it('a buyer administrator made logistics staff: its token lists no order (401)', async () => {
    const { indigo } = await buyers()
    const holder = await userWithToken(['buyer'], { kind: 'buyer', id: indigo })
    await moveUser(holder.userId, ['logistics'])
    const refused = await api<Problem>('GET', '/master-orders', { token: holder.token })
    expect(refused.status).toBe(401)
  })

  it('a staff user made a seller’s administrator: its staff token is refused (401)', async () => {
    const seller = (await viewerFor('seller@example.com')).company!.id
    const holder = await userWithToken(['logistics'])
    expect((await api('GET', '/master-orders', { token: holder.token })).status).toBe(200)
    await moveUser(holder.userId, ['seller'], seller)
    expect((await api('GET', '/master-orders', { token: holder.token })).status).toBe(401)
  })

  it('a change that keeps the user where it is (another staff role, company admin or not) keeps its token', async () => {
    const { indigo } = await buyers()
    const buyer = await userWithToken(['buyer'], { kind: 'buyer', id: indigo })
    const admin = await viewerFor('admin@example.com')
    const saved = await changeUserRoles(getDb(), admin, buyer.userId, {
      version: await versionOf(buyer.userId),
      roles: ['buyer'],
      company: `#${indigo}`,
      companyAdmin: false,
      ownPassword: 'demo-pass-2026',
    })
    expect(saved.ok).toBe(true)
    expect((await api('GET', '/master-orders', { token: buyer.token })).status).toBe(200)
    const staff = await userWithToken(['logistics'])
    await moveUser(staff.userId, ['logistics', 'biz_fin'])
    expect((await api('GET', '/master-orders', { token: staff.token })).status).toBe(200)
  })

  it('the API refuses a token whose user belongs elsewhere, however the user got there (the shared check)', async () => {
    const { indigo, other } = await buyers()
    const holder = await userWithToken(['buyer'], { kind: 'buyer', id: indigo })
    // Not through the users page: nothing revoked the token, the API's own check refuses it.
    await getDb().updateTable('users').set({ buyer_id: other }).where('id', '=', holder.userId).execute()
    const refused = await api<Problem>('GET', '/master-orders', { token: holder.token })
    expect(refused.status).toBe(401)
    expect(refused.json.detail).toMatch(
      /^This token was made for .+, and the user it acts for no longer belongs there\.$/,
    )
    const staff = await userWithToken(['logistics'])
    await getDb().deleteFrom('user_roles').where('user_id', '=', staff.userId).execute()
    await getDb().insertInto('user_roles').values({ user_id: staff.userId, role: 'buyer' }).execute()
    await getDb().updateTable('users').set({ buyer_id: indigo }).where('id', '=', staff.userId).execute()
    expect((await api('GET', '/master-orders', { token: staff.token })).status).toBe(401)
  })
})

describe('disabling a user revokes its tokens', () => {
  it('enabling the user again gives none of them back (401), and each revocation is in the history', async () => {
    const { indigo } = await buyers()
    const holder = await userWithToken(['buyer'], { kind: 'buyer', id: indigo })
    const admin = await viewerFor('admin@example.com')
    const adminId = await userIdOf('admin@example.com')
    expect(await disableUser(getDb(), admin, holder.userId)).toEqual({
      ok: true,
      value: { sessionsEnded: 0, tokensRevoked: 1 },
    })
    expect((await api('GET', '/master-orders', { token: holder.token })).status).toBe(401)
    expect((await enableUser(getDb(), admin, holder.userId)).ok).toBe(true)
    expect((await api('GET', '/master-orders', { token: holder.token })).status).toBe(401)
    const row = await getDb()
      .selectFrom('api_tokens')
      .select(['revoked_at', 'revoked_by'])
      .where('id', '=', holder.tokenId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ revoked_at: expect.any(String), revoked_by: adminId })
    const entry = await getDb()
      .selectFrom('audit_events')
      .select('note')
      .where('entity_type', '=', 'api_token')
      .where('entity_id', '=', String(holder.tokenId))
      .where('action', '=', 'api_token.revoked')
      .executeTakeFirstOrThrow()
    expect(entry.note).toBe('its user was disabled')
  })
})
