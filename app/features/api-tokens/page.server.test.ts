import { getDb } from '~/db.server'
import { loadUserViewer } from '~/auth/session.server'
import { api } from '../../../tests/support/api'
import { viewerFor } from '../../../tests/support/db'
import { formOf } from '../../../tests/support/orders'
import { apiTokensPage, handleApiTokenAction } from './page.server'

// The API tokens page's forms, as its routes call them: a token's secret answered once, a repeated
// submit told the truth, scopes only of the holder's kind, revoking, and who manages whose tokens.

const createForm = (key: string, scopes: string[], name = 'ERP') =>
  formOf({ intent: 'create', idempotencyKey: key, name, scopes, days: '90' })

it('a buyer’s administrator makes a token: its secret once, then a repeat of the same submit makes nothing and says so', async () => {
  const db = getDb()
  const buyer = await viewerFor('buyer@example.com')
  const page = await apiTokensPage(db, buyer)
  expect(page.manages).toBe(true)
  expect(page.scopes.map((s) => s.value)).toEqual([
    'catalogue:read',
    'orders:read',
    'orders:write',
    'quality:read',
    'shipments:read',
    'invoices:read',
  ])
  const key = page.idempotencyKey
  const first = await handleApiTokenAction(db, buyer, createForm(key, ['orders:read']))
  expect(first.status).toBe('answer')
  const token = first.status === 'answer' && first.data && 'created' in first.data ? first.data.created.token : ''
  expect(token).toMatch(/^sp_/)
  expect((await api('GET', '/me', { token })).status).toBe(200)

  const again = await handleApiTokenAction(db, buyer, createForm(key, ['orders:read']))
  expect(again).toEqual({ status: 'answer', data: { repeated: { name: 'ERP', prefix: token.slice(0, 10) } } })
  const after = await apiTokensPage(db, buyer)
  expect(after.tokens.filter((t) => t.name === 'ERP')).toHaveLength(1)
  expect(after.tokens[0]).toMatchObject({
    name: 'ERP',
    scopes: ['orders:read'],
    status: 'active',
    lastUsedAt: expect.any(String),
  })
  expect(JSON.stringify(after)).not.toContain(token)
})

it('refuses a scope the holder may not have, and a form without scopes or with too many days, at the field', async () => {
  const db = getDb()
  const seller = await viewerFor('seller@example.com')
  const refused = await handleApiTokenAction(db, seller, createForm('k-1', ['invoices:read']))
  expect(refused.status).toBe('invalid')
  expect(JSON.stringify(refused)).toMatch(/cannot hold read invoices/)
  const empty = await handleApiTokenAction(db, seller, formOf({ intent: 'create', name: 'X', days: '900' }))
  expect(empty.status).toBe('invalid')
  expect(JSON.stringify(empty)).toMatch(/Choose at least one scope/)
  expect(JSON.stringify(empty)).toMatch(/at most 365 days/)
})

it('revokes with the second step’s POST; a second revoke is told it is done already; another company’s token is not found', async () => {
  const db = getDb()
  const buyer = await viewerFor('buyer@example.com')
  const made = await handleApiTokenAction(db, buyer, createForm('k-2', ['orders:read'], 'Warehouse'))
  const token = made.status === 'answer' && made.data && 'created' in made.data ? made.data.created.token : ''
  const id = (await apiTokensPage(db, buyer)).tokens.find((t) => t.name === 'Warehouse')!.id
  const seller = await viewerFor('seller@example.com')
  expect(await handleApiTokenAction(db, seller, formOf({ intent: 'revoke', tokenId: String(id) }))).toEqual({
    status: 'not-found',
  })
  const revoked = await handleApiTokenAction(db, buyer, formOf({ intent: 'revoke', tokenId: String(id) }))
  expect(revoked).toMatchObject({ status: 'done', toast: { kind: 'success' } })
  expect((await api('GET', '/me', { token })).status).toBe(401)
  expect((await apiTokensPage(db, buyer)).tokens.find((t) => t.id === id)?.status).toBe('revoked')
  const twice = await handleApiTokenAction(db, buyer, formOf({ intent: 'revoke', tokenId: String(id) }))
  expect(twice).toMatchObject({
    status: 'done',
    toast: { kind: 'info', message: expect.stringMatching(/already revoked/) },
  })
  const audit = await db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'api_token')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute()
  expect(audit.map((a) => a.action)).toEqual(['api_token.created', 'api_token.revoked'])
})

it('a company user who is not an administrator reads whom to ask, and its POST is refused', async () => {
  const db = getDb()
  const buyer = await viewerFor('buyer@example.com')
  const colleague = await db
    .selectFrom('users')
    .select('id')
    .where('buyer_id', '=', buyer.company!.id)
    .where('is_company_admin', '=', 0)
    .where('status', '=', 'active')
    .executeTakeFirst()
  const userId =
    colleague?.id ??
    (
      await db
        .insertInto('users')
        .values({
          email: 'desk@indigo.example',
          name: 'Desk',
          password_hash: 'x',
          status: 'active',
          buyer_id: buyer.company!.id,
          is_company_admin: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  if (!colleague) await db.insertInto('user_roles').values({ user_id: userId, role: 'buyer' }).execute()
  const viewer = (await loadUserViewer(db, userId))!
  const page = await apiTokensPage(db, viewer)
  expect(page.manages).toBe(false)
  expect(page.admins.map((a) => a.email)).toContain('buyer@example.com')
  expect(page.tokens).toEqual([])
  expect(await handleApiTokenAction(db, viewer, createForm('k-3', ['orders:read']))).toMatchObject({
    status: 'forbidden',
  })
})

it('staff see their own tokens; the developer admin sees every token and may revoke any', async () => {
  const db = getDb()
  const kam = await viewerFor('demand_kam@example.com')
  await handleApiTokenAction(db, kam, createForm('k-4', ['catalogue:write'], 'KAM sheet'))
  const kamPage = await apiTokensPage(db, kam)
  expect(kamPage.sees).toBe('own')
  expect(kamPage.tokens.map((t) => t.name)).toEqual(['KAM sheet'])
  const dev = await viewerFor('dev_admin@example.com')
  const devPage = await apiTokensPage(db, dev)
  expect(devPage.sees).toBe('all')
  expect(devPage.tokens.map((t) => t.name)).toEqual(expect.arrayContaining(['KAM sheet', 'ERP']))
  const id = kamPage.tokens[0]!.id
  expect(await handleApiTokenAction(db, dev, formOf({ intent: 'revoke', tokenId: String(id) }))).toMatchObject({
    status: 'done',
  })
  // Another staff user cannot reach the KAM's token.
  const logistics = await viewerFor('logistics@example.com')
  expect((await apiTokensPage(db, logistics)).tokens).toEqual([])
})
