import { z } from 'zod'
import { getDb } from '~/db.server'
import { cookieFor } from '../../tests/support/db'
import { api, tokenFor } from '../../tests/support/api'
import { Refused } from '~/utils/refusal.server'
import { answer, endpoint } from './endpoint'
import { makeDispatcher } from './dispatch.server'
import { pageOf, pageQuery } from '~/platform/api/cursor'

// The dispatcher's rules, on the real /api/v1 (GET /me) and on endpoints made for the test.

type Problem = {
  type: string
  status: number
  title: string
  detail: string
  errors?: { in: string; pointer: string; detail: string }[]
}

let calls = 0
const testEndpoints = [
  endpoint({
    id: 'testEcho',
    method: 'POST',
    path: '/echo/{n}',
    tag: 'Test',
    summary: 'Echo a number',
    scope: 'orders:write',
    portals: ['buyer', 'admin'],
    params: z.object({ n: z.coerce.number().int().positive() }),
    body: z.object({ quantity: z.number().int().positive('Quantity must be above zero'), note: z.string().optional() }),
    response: z.object({ n: z.number(), quantity: z.number(), call: z.number() }),
    status: 201,
    handle: async ({ params, body }) => {
      calls++
      if (body.note === 'refuse-field') throw new Refused('lines.0.quantity', 'Too many for this line')
      if (body.note === 'refuse-state') throw new Refused(undefined, 'Already approved by Meera at 10:04')
      if (body.note === 'missing') throw Refused.notFound('There is no such order.')
      return answer({ n: params.n, quantity: body.quantity, call: calls }, { location: `/api/v1/echo/${params.n}` })
    },
  }),
  endpoint({
    id: 'testLeak',
    method: 'GET',
    path: '/leak',
    tag: 'Test',
    summary: 'Answer more than declared',
    scope: 'orders:read',
    portals: ['buyer'],
    response: z.object({ id: z.number() }),
    handle: async () => ({ id: 1, cost: 123 }) as { id: number },
  }),
  endpoint({
    id: 'testList',
    method: 'GET',
    path: '/numbers',
    tag: 'Test',
    summary: 'List numbers',
    scope: 'orders:read',
    portals: ['buyer'],
    query: z.object({ ...pageQuery }),
    response: z.object({ data: z.array(z.object({ id: z.number() })), next_cursor: z.string().nullable() }),
    handle: async ({ query }) => {
      const after = query.cursor ? JSON.parse(Buffer.from(query.cursor, 'base64url').toString()).id : 100
      const rows = Array.from({ length: 7 }, (_, i) => ({ id: 7 - i })).filter((r) => r.id < after)
      return pageOf(rows.slice(0, query.limit + 1), query.limit, (r) => ({ id: r.id }))
    },
  }),
]
const testDispatch = makeDispatcher(testEndpoints)
async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const h = new Headers(headers)
  if (token) h.set('Authorization', `Bearer ${token}`)
  if (body !== undefined && !h.has('Content-Type')) h.set('Content-Type', 'application/json')
  const response = await testDispatch(
    new Request(`http://localhost/api/v1${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    getDb(),
  )
  const text = await response.text()
  return {
    response,
    status: response.status,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown> & Problem,
  }
}

describe('who may call', () => {
  it('answers 401 without a token, and a session cookie opens nothing', async () => {
    const none = await api<Problem>('GET', '/me')
    expect(none.status).toBe(401)
    expect(none.response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(none.response.headers.get('WWW-Authenticate')).toContain('Bearer')
    expect(none.json.type).toBe('/api/v1/problems/unauthorized')
    const cookie = await api<Problem>('GET', '/me', { headers: { Cookie: await cookieFor('buyer@example.com') } })
    expect(cookie.status).toBe(401)
    const wrong = await api<Problem>('GET', '/me', { token: 'sp_' + 'x'.repeat(43) })
    expect(wrong.status).toBe(401)
    expect(wrong.json.detail).toMatch(/not known/)
  })

  it('answers who a token acts for, with its scopes, and never the hash', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:read'])
    const me = await api<{ token: { scopes: string[]; name: string }; company: { kind: string; name: string } }>(
      'GET',
      '/me',
      { token },
    )
    expect(me.status).toBe(200)
    expect(me.json.token.scopes).toEqual(['orders:read'])
    expect(me.json.company).toMatchObject({ kind: 'buyer', name: 'Indigo Threads Retail' })
    expect(me.text).not.toContain('hash')
    const row = await getDb()
      .selectFrom('api_tokens')
      .select(['token_hash', 'prefix', 'last_used_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row.token_hash).not.toContain(token)
    expect(token.startsWith(row.prefix)).toBe(true)
    expect(row.last_used_at).not.toBeNull()
  })

  it('refuses a revoked or expired token, and a token whose user was disabled', async () => {
    const token = await tokenFor('seller@example.com', ['orders:read'])
    const db = getDb()
    const { id } = await db.selectFrom('api_tokens').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    await db.updateTable('api_tokens').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', id).execute()
    expect((await api<Problem>('GET', '/me', { token })).json.detail).toMatch(/expired on 2020-01-01/)
    await db
      .updateTable('api_tokens')
      .set({ expires_at: '2999-01-01T00:00:00.000Z', revoked_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', id)
      .execute()
    expect((await api<Problem>('GET', '/me', { token })).json.detail).toMatch(/revoked/)
  })

  it('checks the scope and the portal', async () => {
    const reader = await tokenFor('buyer@example.com', ['orders:read'])
    const refused = await call('POST', '/echo/3', reader, { quantity: 2 }, { 'Idempotency-Key': 'k-scope' })
    expect(refused.status).toBe(403)
    expect(refused.json.type).toBe('/api/v1/problems/insufficient-scope')
    expect(refused.response.headers.get('WWW-Authenticate')).toContain('scope="orders:write"')
    const seller = await tokenFor('seller@example.com', ['orders:write'])
    const notHis = await call('POST', '/echo/3', seller, { quantity: 2 }, { 'Idempotency-Key': 'k-portal' })
    expect(notHis.status).toBe(403)
    expect(notHis.json.type).toBe('/api/v1/problems/forbidden')
  })
})

describe('what is sent', () => {
  it('names each invalid field by its pointer, and a refusal of the features as the pages word it', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:write'])
    const bad = await call('POST', '/echo/3', token, { quantity: 0 }, { 'Idempotency-Key': 'k-bad' })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual([{ in: 'body', pointer: '/quantity', detail: 'Quantity must be above zero' }])
    const field = await call(
      'POST',
      '/echo/3',
      token,
      { quantity: 1, note: 'refuse-field' },
      { 'Idempotency-Key': 'k-f' },
    )
    expect(field.status).toBe(422)
    expect(field.json.errors).toEqual([{ in: 'body', pointer: '/lines/0/quantity', detail: 'Too many for this line' }])
    const state = await call(
      'POST',
      '/echo/3',
      token,
      { quantity: 1, note: 'refuse-state' },
      { 'Idempotency-Key': 'k-s' },
    )
    expect(state.status).toBe(409)
    expect(state.json.detail).toBe('Already approved by Meera at 10:04')
    const missing = await call('POST', '/echo/3', token, { quantity: 1, note: 'missing' }, { 'Idempotency-Key': 'k-m' })
    expect(missing.status).toBe(404)
    expect((await call('POST', '/echo/abc', token, { quantity: 1 }, { 'Idempotency-Key': 'k-id' })).status).toBe(404)
    const notJson = await testDispatch(
      new Request('http://localhost/api/v1/echo/3', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'k-nj' },
        body: '{"quantity": ',
      }),
      getDb(),
    )
    expect(notJson.status).toBe(400)
    const form = await testDispatch(
      new Request('http://localhost/api/v1/echo/3', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'k-form',
        },
        body: 'quantity=1',
      }),
      getDb(),
    )
    expect(form.status).toBe(415)
  })

  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:read'])
    expect((await api<Problem>('GET', '/nothing-here', { token })).status).toBe(404)
    const wrong = await api<Problem>('DELETE', '/me', { token })
    expect(wrong.status).toBe(405)
    expect(wrong.response.headers.get('Allow')).toBe('GET')
  })

  it('refuses to send fields its document does not declare', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:read'])
    const errors: unknown[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args))
    const leak = await call('GET', '/leak', token)
    spy.mockRestore()
    expect(leak.status).toBe(500)
    expect(JSON.stringify(leak.json)).not.toContain('123')
    expect(String(errors[0])).toContain('/cost')
  })
})

describe('Idempotency-Key', () => {
  it('is required on a POST; a retry gets the first answer; another body with the key is refused', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:write'])
    const none = await call('POST', '/echo/5', token, { quantity: 2 })
    expect(none.status).toBe(400)
    expect(none.json.type).toBe('/api/v1/problems/idempotency-key-missing')
    const before = calls
    const first = await call('POST', '/echo/5', token, { quantity: 2 }, { 'Idempotency-Key': 'order-77' })
    const retry = await call('POST', '/echo/5', token, { quantity: 2 }, { 'Idempotency-Key': 'order-77' })
    expect(first.status).toBe(201)
    expect(first.response.headers.get('Location')).toBe('/api/v1/echo/5')
    expect(retry.status).toBe(201)
    expect(retry.json).toEqual(first.json)
    expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true')
    expect(retry.response.headers.get('Location')).toBe('/api/v1/echo/5')
    expect(calls).toBe(before + 1)
    const other = await call('POST', '/echo/5', token, { quantity: 3 }, { 'Idempotency-Key': 'order-77' })
    expect(other.status).toBe(422)
    expect(other.json.type).toBe('/api/v1/problems/idempotency-key-reused')
    // Keys are per token: another token's same key is a new request.
    const token2 = await tokenFor('buyer@example.com', ['orders:write'])
    const theirs = await call('POST', '/echo/5', token2, { quantity: 2 }, { 'Idempotency-Key': 'order-77' })
    expect(theirs.json.call).toBe(before + 2)
  })

  it('tells a retry whose first request is still being answered to wait', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:write'])
    const db = getDb()
    const { id } = await db.selectFrom('api_tokens').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const { requestHashOf } = await import('~/platform/api/idempotency.server')
    await db
      .insertInto('api_idempotency')
      .values({
        token_id: id,
        key: 'slow-1',
        request_hash: requestHashOf('POST', '/api/v1/echo/9', JSON.stringify({ quantity: 1 })),
        locked_until: new Date(Date.now() + 30_000).toISOString(),
      })
      .execute()
    const waiting = await call('POST', '/echo/9', token, { quantity: 1 }, { 'Idempotency-Key': 'slow-1' })
    expect(waiting.status).toBe(409)
    expect(waiting.json.type).toBe('/api/v1/problems/idempotency-in-progress')
    // Its claim lapsed (the process answering it died): the retry runs it.
    await db
      .updateTable('api_idempotency')
      .set({ locked_until: '2020-01-01T00:00:00.000Z' })
      .where('key', '=', 'slow-1')
      .execute()
    expect((await call('POST', '/echo/9', token, { quantity: 1 }, { 'Idempotency-Key': 'slow-1' })).status).toBe(201)
  })
})

describe('reads', () => {
  it('pages by cursor and refuses a cursor it did not give', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:read'])
    const first = await call('GET', '/numbers?limit=3', token)
    expect(first.json.data).toEqual([{ id: 7 }, { id: 6 }, { id: 5 }])
    const second = await call('GET', `/numbers?limit=3&cursor=${first.json.next_cursor}`, token)
    expect(second.json.data).toEqual([{ id: 4 }, { id: 3 }, { id: 2 }])
    const last = await call('GET', `/numbers?limit=3&cursor=${second.json.next_cursor}`, token)
    expect(last.json).toEqual({ data: [{ id: 1 }], next_cursor: null })
    const bad = await call('GET', '/numbers?cursor=nonsense&limit=500', token)
    expect(bad.status).toBe(422)
    expect(bad.json.errors?.map((e) => e.pointer).sort()).toEqual(['/cursor', '/limit'])
    expect(bad.json.errors?.every((e) => e.in === 'query')).toBe(true)
  })

  it('answers 304 to If-None-Match with the ETag it gave', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:read'])
    const first = await api('GET', '/me', { token })
    const etag = first.response.headers.get('ETag')
    expect(etag).toMatch(/^W\/"/)
    const again = await api('GET', '/me', { token, headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
  })
})

describe('rate', () => {
  it('counts each token’s requests a minute and answers 429 with Retry-After past the limit', async () => {
    const token = await tokenFor('buyer@example.com', ['orders:read'])
    const first = await api('GET', '/me', { token })
    const limit = Number(first.response.headers.get('RateLimit-Limit'))
    expect(limit).toBeGreaterThan(0)
    expect(Number(first.response.headers.get('RateLimit-Remaining'))).toBe(limit - 1)
    const { apiRequestAllowance } = await import('~/auth/throttle.server')
    const db = getDb()
    const { id } = await db.selectFrom('api_tokens').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    for (let i = 1; i < limit; i++) await apiRequestAllowance(id)
    const over = await api<Problem>('GET', '/me', { token })
    expect(over.status).toBe(429)
    expect(Number(over.response.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another token is not slowed by this one.
    expect((await api('GET', '/me', { token: await tokenFor('buyer@example.com', ['orders:read']) })).status).toBe(200)
  })
})

describe('audit', () => {
  it('names the token on every audit entry written while a request of the API is answered', async () => {
    const { audit } = await import('~/platform/audit.server')
    const audited = makeDispatcher([
      endpoint({
        id: 'testAudit',
        method: 'POST',
        path: '/audited',
        tag: 'Test',
        summary: 'Write an audit entry',
        scope: 'orders:write',
        portals: ['buyer'],
        response: z.object({ ok: z.boolean() }),
        handle: async ({ db, viewer }) => {
          await db
            .transaction()
            .execute((trx) =>
              audit(trx, { actorUserId: viewer.userId, action: 'test.audited', entityType: 'test', entityId: 1 }),
            )
          return { ok: true }
        },
      }),
    ])
    const token = await tokenFor('buyer@example.com', ['orders:write'])
    const db = getDb()
    const { id } = await db.selectFrom('api_tokens').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    const response = await audited(
      new Request('http://localhost/api/v1/audited', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'audit-1' },
      }),
      db,
    )
    expect(response.status).toBe(200)
    const entry = await db
      .selectFrom('audit_events')
      .select(['api_token_id'])
      .where('action', '=', 'test.audited')
      .executeTakeFirstOrThrow()
    expect(entry.api_token_id).toBe(id)
    // Outside a request of the API (a page, a seed) no token is named.
    await db
      .transaction()
      .execute((trx) => audit(trx, { actorUserId: null, action: 'test.page', entityType: 'test', entityId: 2 }))
    const page = await db
      .selectFrom('audit_events')
      .select(['api_token_id'])
      .where('action', '=', 'test.page')
      .executeTakeFirstOrThrow()
    expect(page.api_token_id).toBeNull()
  })
})
