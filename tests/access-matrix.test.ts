/// <reference types="vite/client" />
/**
 * Every route of the built app x every demo role (plus anonymous and a user of a pending company)
 * x {page GET, data request, POST}, against the real request handler. The route list comes from
 * the build, so a route that is missing from ROUTES below fails the test.
 */
import type { ServerBuild } from '@remix-run/node'
import { mayEnter, mayUseSection } from '~/auth/portals'
import { DEMO_ROLES, PENDING_DEMO_EMAIL } from '../seed/demo-users'
import { allRoutes } from './access/all'
import { loadBuiltApp, outcomeOf, requestOf } from './access/http'
import type { Kind, Outcome, Rule, RouteRules, Who } from './access/rules'
import { cookieFor } from './support/db'
import { getDb } from '~/db.server'

// How each route should answer: tests/access/routes-*.ts, one file per area (routes-base.ts for the shell).
const ROUTES: RouteRules = allRoutes()

function expected(rule: Rule, who: Who, kind: Kind, hasAction: boolean): Outcome {
  if ('expect' in rule) return rule.expect(who, kind)
  if (kind === 'post' && !hasAction) return 'not-allowed'
  if (who === 'anonymous') return 'login'
  if (who === 'pending') return 'pending'
  if ('portal' in rule && !mayEnter([who], rule.portal)) return 'forbidden'
  if ('section' in rule && !mayUseSection([who], rule.section, kind === 'post' ? 'act' : 'read')) return 'forbidden'
  return kind === 'post' ? 'bad-input' : 'ok'
}

let build: ServerBuild
let handle: (request: Request) => Promise<Response>
const cookies = new Map<Who, string>()

beforeAll(async () => {
  ;({ build, handle } = await loadBuiltApp())
  for (const role of DEMO_ROLES) cookies.set(role, await cookieFor(role))
  cookies.set('pending', await cookieFor(PENDING_DEMO_EMAIL))
})

const identities: Who[] = ['anonymous', 'pending', ...DEMO_ROLES]

/**
 * On PostgreSQL (the second pass) the same table is asked of the identities whose requests reach
 * the route's loader and action, where the database differs, plus one the portal turns away: the
 * others are answered by the gate alike on both databases (SQLite's pass asks them all).
 */
const onPostgres = Boolean(process.env.TEST_POSTGRES_URL)
function identitiesOnPostgres(rule: Rule, hasAction: boolean): Who[] {
  const turnedAway = identities.filter((who) => expected(rule, who, 'page', hasAction) === 'forbidden')
  return [...identities.filter((who) => !turnedAway.includes(who)), ...turnedAway.slice(0, 1)]
}

const requestFor = (url: string, kind: Kind, who: Who, cookie = cookies.get(who)) => requestOf(url, kind, cookie)

describe('access matrix', () => {
  it('has a rule for every route of the app', () => {
    const addressable = Object.entries(build.routes).filter(
      ([id, route]) =>
        id !== 'root' &&
        (route.module.loader || route.module.action || !Object.values(build.routes).some((r) => r.parentId === id)),
    )
    const missing = addressable.map(([id]) => id).filter((id) => !(id in ROUTES))
    expect(missing, 'routes without an access rule in tests/access-matrix.test.ts or tests/access/routes-*.ts').toEqual(
      [],
    )
    const stale = Object.keys(ROUTES).filter((id) => !(id in build.routes))
    expect(stale, 'rules for routes that no longer exist').toEqual([])
  })

  it('answers every route, identity and kind of request as the portal table says', async () => {
    const failures: string[] = []
    let checked = 0
    for (const [id, rule] of Object.entries(ROUTES)) {
      const hasAction = Boolean(build.routes[id]?.module.action)
      const asked = onPostgres ? identitiesOnPostgres(rule, hasAction) : identities
      for (const who of asked) {
        for (const kind of ['page', 'data', 'post'] as Kind[]) {
          const want = expected(rule, who, kind, hasAction)
          // Signing out ends the session it is sent with: give it one of its own.
          const cookie =
            rule.endsSession && who !== 'anonymous'
              ? await cookieFor(who === 'pending' ? PENDING_DEMO_EMAIL : who)
              : undefined
          const response = await handle(requestFor(rule.path, kind, who, cookie ?? cookies.get(who)))
          const got = await outcomeOf(response, kind, who)
          checked++
          if (got.outcome !== want)
            failures.push(`${kind} ${rule.path} as ${who}: expected ${want}, got ${got.outcome} (${got.detail})`)
        }
      }
    }
    expect(failures).toEqual([])
    // Every route as every identity; on PostgreSQL at least anonymous, pending and one more.
    if (onPostgres) expect(checked).toBeGreaterThanOrEqual(Object.keys(ROUTES).length * 3 * 3)
    else expect(checked).toBe(Object.keys(ROUTES).length * identities.length * 3)
    // Thousands of requests: minutes on a loaded two-core machine (the fuzz and upload suites run beside it).
  }, 360_000)

  it('answers a body that is not a form with 4xx on every route that takes a form, and changes nothing', async () => {
    const db = getDb()
    const auditRows = async () =>
      Number(
        (
          await db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await auditRows()
    const bodies: Record<string, { type: string; body: string }> = {
      JSON: { type: 'application/json', body: '{"intent":"delete","email":"admin@example.com","password":"x"}' },
      text: { type: 'text/plain', body: 'intent=delete' },
      'broken multipart': {
        type: 'multipart/form-data; boundary=zz',
        body: '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndel',
      },
      'multipart without a boundary': { type: 'multipart/form-data', body: 'intent=delete' },
    }
    const failures: string[] = []
    let posted = 0
    for (const [id, rule] of Object.entries(ROUTES)) {
      // Signing out reads no form: any POST from this site ends the session (cross-site ones are refused by the gate).
      if (!build.routes[id]?.module.action || rule.endsSession) continue
      const who: Who =
        'portal' in rule
          ? (DEMO_ROLES.find((role) => mayEnter([role], rule.portal)) ?? 'admin')
          : 'section' in rule
            ? 'internal'
            : 'anonymous'
      for (const [name, { type, body }] of Object.entries(bodies)) {
        const cookie = cookies.get(who)
        const headers = new Headers({ 'Content-Type': type })
        if (cookie) headers.set('Cookie', cookie)
        const response = await handle(new Request(`http://localhost${rule.path}`, { method: 'POST', headers, body }))
        posted++
        if (response.status < 300 || response.status >= 500)
          failures.push(`${rule.path} as ${who} with a ${name} body: ${response.status}`)
      }
    }
    expect(failures).toEqual([])
    expect(posted).toBeGreaterThan(60)
    expect(await auditRows()).toBe(before)
  }, 120_000)
})
