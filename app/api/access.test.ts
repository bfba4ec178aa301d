import { getDb } from '~/db.server'
import { scopesFor, type ApiScope } from '~/auth/api-scopes'
import { hashApiToken, holderOf } from '~/auth/api-tokens.server'
import { mayEnter } from '~/auth/portals'
import type { RoleKey } from '#db/types'
import { DEMO_ROLES, demoEmail, PENDING_DEMO_EMAIL } from '../../seed/demo-users'
import { api, tokenFor } from '../../tests/support/api'
import { buyerMarkers, sellerMarkers } from '../../tests/support/confidential-markers'
import { viewerFor } from '../../tests/support/db'
import { MarkerFinder } from '../../tests/support/markers'
import type { Endpoint, Example } from './endpoint'
import { examplePath } from './openapi.server'
import { endpoints } from './v1/index'

// The API's access, scope and lens matrix (issue 40), over every endpoint registered in v1/index.ts
// and every demo identity (README's accounts): no token is 401; a user whose roles reach none of the
// endpoint's portals is 403 forbidden whatever its scopes; a token without the endpoint's scope is
// 403 insufficient-scope; and every GET example, run with a buyer's and a seller's token, answers
// nothing of the other side (tests/support/confidential-markers.ts, as the pages are checked).

type Problem = { type: string; status: number; detail: string }

const identities: { who: string; email: string; roles: RoleKey[] }[] = DEMO_ROLES.map((role) => ({
  who: role,
  email: demoEmail(role),
  roles: [role],
}))

const tokens = new Map<string, string>()
async function tokenOf(email: string, scopes: readonly ApiScope[]): Promise<string> {
  const key = `${email} ${[...scopes].sort().join(',')}`
  let token = tokens.get(key)
  if (!token) tokens.set(key, (token = await tokenFor(email, scopes)))
  return token
}

/** A request as the endpoint's first example makes it (any request reaches the checks before the handler). */
function requestOf(endpoint: Endpoint): { path: string; body?: unknown } {
  const example: Partial<Example> = endpoint.examples?.[0] ?? {}
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], example.params?.[m[1]] ?? 1]),
  )
  return { path: examplePath(endpoint.path, { params, query: example.query }), body: example.body }
}

beforeAll(async () => {
  // The identities' roles as the tokens will carry them (a demo account may hold more than its name says).
  for (const identity of identities) identity.roles = (await viewerFor(identity.email)).roles
})

it('has endpoints and identities to check', () => {
  expect(endpoints.length).toBeGreaterThan(0)
  expect(identities.length).toBe(DEMO_ROLES.length)
})

describe.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_name, endpoint) => {
  const { path, body } = requestOf(endpoint)

  it('answers 401 without a token, and with a session cookie alone', async () => {
    const none = await api<Problem>(endpoint.method, path, { body })
    expect(none.status).toBe(401)
    expect(none.json.type).toBe('/api/v1/problems/unauthorized')
  })

  it('refuses every identity whose roles reach none of its portals (403 forbidden), whatever the token’s scopes', async () => {
    const failures: string[] = []
    for (const identity of identities) {
      if (endpoint.portals.some((p) => mayEnter(identity.roles, p))) continue
      const token = await tokenOf(identity.email, scopesFor(holderOf(identity.roles)))
      const got = await api<Problem>(endpoint.method, path, { token, body })
      if (got.status !== 403 || got.json.type !== '/api/v1/problems/forbidden')
        failures.push(`${identity.who}: ${got.status} ${got.json?.type}`)
    }
    expect(failures).toEqual([])
  })

  it('refuses a token without its scope (403 insufficient-scope) for every identity that may call it', async () => {
    const failures: string[] = []
    let asked = 0
    for (const identity of identities) {
      if (!endpoint.portals.some((p) => mayEnter(identity.roles, p))) continue
      const others = scopesFor(holderOf(identity.roles)).filter((s) => s !== endpoint.scope)
      const token = await tokenOf(identity.email, others)
      const got = await api<Problem>(endpoint.method, path, { token, body })
      asked++
      if (endpoint.scope) {
        if (got.status !== 403 || got.json.type !== '/api/v1/problems/insufficient-scope')
          failures.push(`${identity.who}: ${got.status} ${got.json?.type}`)
        else if (got.response.headers.get('WWW-Authenticate')?.includes(endpoint.scope) !== true)
          failures.push(`${identity.who}: WWW-Authenticate names no scope`)
      } else if (got.status === 403 || got.status === 401)
        failures.push(`${identity.who}: ${got.status} with no scope needed`)
    }
    expect(failures).toEqual([])
    expect(asked).toBeGreaterThan(0)
  })

  it('refuses a user of a company waiting for approval (403), whatever its token', async () => {
    const db = getDb()
    const viewer = await viewerFor(PENDING_DEMO_EMAIL)
    // Its company is not active, so no page would make it one: a token made as kept, then given to that
    // user and its company (a token is refused, 401, where its user does not belong: issue 50).
    const pendingToken = await tokenFor('buyer@example.com', scopesFor('buyer'))
    await db
      .updateTable('api_tokens')
      .set({ user_id: viewer.userId, buyer_id: viewer.company!.id })
      .where('token_hash', '=', hashApiToken(pendingToken))
      .execute()
    const got = await api<Problem>(endpoint.method, path, { token: pendingToken, body })
    expect(got.status).toBe(403)
    expect(got.json.type).toBe('/api/v1/problems/forbidden')
    expect(got.json.detail).toMatch(/not active/)
  })
})

describe('the lens: every GET example, as a buyer and as a seller, answers nothing of the other side', () => {
  const reads = endpoints
    .filter((e) => e.method === 'GET' && !e.produces)
    .flatMap((e) => (e.examples ?? []).map((ex) => ({ endpoint: e, ex })))

  it('has reads to check', () => expect(reads.length).toBeGreaterThan(0))

  it.each([
    ['buyer', 'buyer@example.com'],
    ['seller', 'seller@example.com'],
  ] as const)('as the %s', async (kind, email) => {
    const viewer = await viewerFor(email)
    const markers = kind === 'buyer' ? await buyerMarkers(viewer.company!.id) : await sellerMarkers(viewer.company!.id)
    const finder = new MarkerFinder(markers)
    // The markers are the real ones: the other side's demo company is among them.
    expect(finder.find(kind === 'buyer' ? 'Tiruppur Knit Works' : 'Indigo Threads Retail')).toHaveLength(1)
    const token = await tokenOf(email, scopesFor(kind))
    const found: string[] = []
    for (const { endpoint, ex } of reads) {
      const got = await api(endpoint.method, examplePath(endpoint.path, ex), { token })
      for (const marker of finder.find(got.text))
        found.push(`${endpoint.id} ${ex.name} (${got.status}): ${marker.what} "${marker.text}"`)
    }
    expect(found).toEqual([])
  })
})
