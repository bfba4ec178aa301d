/// <reference types="vite/client" />
/**
 * Every route of the built app x every demo role (plus anonymous and a user of a pending company)
 * x {page GET, data request, POST}, against the real request handler. The route list comes from
 * the build, so a route that is missing from ROUTES below fails the test.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { homeFor, mayEnter } from '~/auth/portals'
import { DEMO_ROLES, PENDING_DEMO_EMAIL } from '#db/seed'
import type { Kind, Outcome, Rule, RouteRules, Who } from './access/rules'
import { cookieFor } from './support/db'

/** How each route should answer. Params routes name a concrete path. Areas add theirs in tests/access/routes-*.ts. */
const BASE_ROUTES: RouteRules = {
  'routes/_public+/_index': {
    path: '/',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'redirect' : who === 'pending' ? 'pending' : 'home'),
  },
  'routes/_public+/login': { path: '/login', expect: publicForm('home') },
  'routes/_public+/field_operator.login': { path: '/field_operator/login', expect: publicForm('home') },
  'routes/_public+/signup': { path: '/signup', expect: publicForm('home') },
  'routes/_public+/forgot_password': { path: '/forgot_password', expect: publicForm('ok') },
  'routes/_public+/reset_password': { path: '/reset_password', expect: publicForm('ok') },
  'routes/_public+/privacy': { path: '/privacy', expect: (_who, kind) => (kind === 'post' ? 'not-allowed' : 'ok') },
  'routes/_public+/logout': { path: '/logout', endsSession: true, expect: () => 'redirect' },
  'routes/_public+/pending_approval': {
    path: '/pending_approval',
    expect: (who, kind) => (kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'ok' : 'home'),
  },
  'routes/_main+/dashboard': { path: '/dashboard', portal: 'main' },
  'routes/_main+/profile': { path: '/profile', signedIn: true },
  'routes/_main+/404': { path: '/404', expect: (_w, kind) => (kind === 'post' ? 'not-allowed' : 'not-found') },
  'routes/_main+/$': { path: '/no/such/page', expect: () => 'not-found' },
  'routes/admin+/_index': { path: '/admin', portal: 'admin' },
  'routes/dev_admin+/_index': { path: '/dev_admin', portal: 'dev_admin' },
  'routes/catalog_manager+/_index': { path: '/catalog_manager', portal: 'catalog_manager' },
  'routes/demand_kam+/_index': { path: '/demand_kam', portal: 'demand_kam' },
  'routes/biz_ops_team+/_index': { path: '/biz_ops_team', portal: 'biz_ops' },
  'routes/biz_fin+/_index': { path: '/biz_fin', portal: 'biz_fin' },
  'routes/logistics_team+/_index': { path: '/logistics_team', portal: 'logistics' },
  'routes/supplier_team.admin+/_index': { path: '/supplier_team/admin', portal: 'supplier_admin' },
  'routes/supplier_team.agent+/_index': { path: '/supplier_team/agent', portal: 'supplier_agent' },
  'routes/field_operator+/_index': { path: '/field_operator', portal: 'field_operator' },
  'routes/buyer+/_index': { path: '/buyer', portal: 'buyer' },
  'routes/seller+/_index': { path: '/seller', portal: 'seller' },
  'routes/toolkit+/_index': { path: '/toolkit', portal: 'toolkit' },
  'routes/admin+/users.manage._index': { path: '/admin/users/manage?index', portal: 'admin' },
  'routes/admin+/users.manage.password': { path: '/admin/users/manage/password', portal: 'admin' },
  'routes/admin+/users.$userId': { path: '/admin/users/1', portal: 'admin' },
  'routes/_main+/buyers.manage': { path: '/buyers/manage', portal: 'main' },
  'routes/_main+/buyers.manage[.csv]': { path: '/buyers/manage.csv', portal: 'main' },
  'routes/_main+/buyers.$buyerId._index': { path: '/buyers/1', portal: 'main' },
  'routes/_main+/buyers.$buyerId.edit': { path: '/buyers/1/edit', portal: 'main' },
  'routes/_main+/sellers.manage': { path: '/sellers/manage', portal: 'main' },
  'routes/_main+/sellers.manage[.csv]': { path: '/sellers/manage.csv', portal: 'main' },
  'routes/_main+/sellers.add': { path: '/sellers/add', portal: 'main' },
  'routes/_main+/sellers.$sellerId._index': { path: '/sellers/1', portal: 'main' },
  'routes/_main+/sellers.$sellerId.edit': { path: '/sellers/1/edit', portal: 'main' },
  'routes/_main+/$product.addresses': { path: '/fabric/addresses', portal: 'main' },
  // Company 1 is the demo buyer's (and the demo seller's) own company; any other id answers 404.
  'routes/buyer+/$buyerCompanyId.company': { path: '/buyer/1/company', portal: 'buyer' },
  'routes/seller+/$sellerCompanyId.company': { path: '/seller/1/company', portal: 'seller' },
  // Buyer 1 is the demo buyer's own company: staff and its users are sent on, everyone else gets 404.
  'routes/redirect+/buyer.$buyerId': {
    path: '/redirect/buyer/1',
    expect: (who, kind) =>
      kind === 'post' ? 'not-allowed' : who === 'anonymous' ? 'login' : who === 'pending' ? 'pending' : ['admin', 'internal', 'buyer'].includes(who) ? 'redirect' : 'not-found',
  },
}

const areas = import.meta.glob<{ routes: RouteRules }>('./access/routes-*.ts', { eager: true })
const ROUTES: RouteRules = Object.assign({}, BASE_ROUTES, ...Object.values(areas).map((area) => area.routes))

/**
 * Sign-in style forms: open to all and a blank POST is bad input; where `signedIn` is 'home', a
 * signed-in visitor is sent to where it belongs instead (a document POST re-runs the loader).
 */
function publicForm(signedIn: 'home' | 'ok') {
  return (who: Who, kind: Kind): Outcome => {
    if (who === 'anonymous' || signedIn === 'ok') return kind === 'post' ? 'bad-input' : 'ok'
    return who === 'pending' ? 'pending' : 'home'
  }
}

function expected(rule: Rule, who: Who, kind: Kind, hasAction: boolean): Outcome {
  if ('expect' in rule) return rule.expect(who, kind)
  if (kind === 'post' && !hasAction) return 'not-allowed'
  if (who === 'anonymous') return 'login'
  if (who === 'pending') return 'pending'
  if ('portal' in rule && !mayEnter([who], rule.portal)) return 'forbidden'
  return kind === 'post' ? 'bad-input' : 'ok'
}

const BUILD = path.resolve('build/index.js')
let build: ServerBuild
let handle: (request: Request) => Promise<Response>
const cookies = new Map<Who, string>()

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) throw new Error('build/index.js is missing: run `npm run build` first (npm test does)')
  build = (await import(pathToFileURL(BUILD).href)) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  const context = { clientIp: '127.0.0.1', menus: (build.entry.module as any).buildMenus(build.routes) }
  handle = (request) => handler(request, context)
  for (const role of DEMO_ROLES) cookies.set(role, await cookieFor(role))
  cookies.set('pending', await cookieFor(PENDING_DEMO_EMAIL))
})

const identities: Who[] = ['anonymous', 'pending', ...DEMO_ROLES]

function requestFor(url: string, kind: Kind, who: Who, cookie = cookies.get(who)): Request {
  const headers = new Headers()
  if (cookie) headers.set('Cookie', cookie)
  if (kind === 'post') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    return new Request(`http://localhost${url}`, { method: 'POST', headers, body: '' })
  }
  if (kind === 'data') {
    const dataUrl = url === '/' ? '/_root.data' : `${url}.data`
    return new Request(`http://localhost${dataUrl}`, { headers })
  }
  return new Request(`http://localhost${url}`, { headers })
}

/** What the response tells a user, for documents and single-fetch data alike. */
async function outcomeOf(response: Response, kind: Kind, who: Who): Promise<{ outcome: Outcome; detail: string }> {
  let status = response.status
  let location = response.headers.get('Location')
  if (kind === 'data' && status === 202) {
    // Single fetch encodes redirects in the body: ["SingleFetchRedirect",1],{..."redirect","/login?..."}
    const body = await response.text()
    const match = body.match(/"redirect","([^"]*)"/)
    status = 302
    location = match?.[1] ?? null
  }
  const detail = `${status} ${location ?? ''}`
  if (status >= 300 && status < 400) {
    if (location?.startsWith('/login?redirectTo=')) return { outcome: 'login', detail }
    if (location === '/pending_approval') return { outcome: 'pending', detail }
    const home = who !== 'anonymous' && who !== 'pending' ? homeFor([who]) : null
    if (location && home && location === home) return { outcome: 'home', detail }
    return { outcome: 'redirect', detail }
  }
  if (kind === 'data' && status === 200) {
    // A data request may still carry a route error (e.g. 404 below an OK layout).
    const body = await response.clone().text()
    const error = body.match(/"status",(\d{3})/)
    if (error && body.includes('RouteErrorResponse')) status = Number(error[1])
  }
  const byStatus: Record<number, Outcome> = { 200: 'ok', 400: 'bad-input', 403: 'forbidden', 404: 'not-found', 405: 'not-allowed' }
  // Anything else (a 500, say) never passes for an expected outcome.
  return { outcome: byStatus[status] ?? 'unexpected', detail }
}


describe('access matrix', () => {
  it('has a rule for every route of the app', () => {
    const addressable = Object.entries(build.routes).filter(
      ([id, route]) => id !== 'root' && (route.module.loader || route.module.action || !Object.values(build.routes).some((r) => r.parentId === id)),
    )
    const missing = addressable.map(([id]) => id).filter((id) => !(id in ROUTES))
    expect(missing, 'routes without an access rule in tests/access-matrix.test.ts or tests/access/routes-*.ts').toEqual([])
    const stale = Object.keys(ROUTES).filter((id) => !(id in build.routes))
    expect(stale, 'rules for routes that no longer exist').toEqual([])
  })

  it('answers every route, identity and kind of request as the portal table says', async () => {
    const failures: string[] = []
    let checked = 0
    for (const [id, rule] of Object.entries(ROUTES)) {
      const hasAction = Boolean(build.routes[id]?.module.action)
      for (const who of identities) {
        for (const kind of ['page', 'data', 'post'] as Kind[]) {
          const want = expected(rule, who, kind, hasAction)
          // Signing out ends the session it is sent with: give it one of its own.
          const cookie = rule.endsSession && who !== 'anonymous' ? await cookieFor(who === 'pending' ? PENDING_DEMO_EMAIL : who) : undefined
          const response = await handle(requestFor(rule.path, kind, who, cookie ?? cookies.get(who)))
          const got = await outcomeOf(response, kind, who)
          checked++
          if (got.outcome !== want) failures.push(`${kind} ${rule.path} as ${who}: expected ${want}, got ${got.outcome} (${got.detail})`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(checked).toBe(Object.keys(ROUTES).length * identities.length * 3)
    // Thousands of requests: minutes on a loaded two-core machine.
  }, 180_000)
})
