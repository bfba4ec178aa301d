/**
 * The real server (`node server.js` on the built app), as an attacker and a browser see it: forms
 * posted from another site, bodies too large to read, and the headers every page carries.
 */
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { mayEnter, type PortalKey } from '~/auth/portals'
import { getDb } from '~/db.server'
import { DEMO_PASSWORD, DEMO_ROLES } from '../seed/demo-users'
import type { RoleKey } from '#db/types'
import { allRoutes } from './access/all'
import { cookieFor } from './support/db'
import { startServer, type RunningServer } from './support/server'

let server: RunningServer
let build: ServerBuild
const cookies = new Map<RoleKey, string>()

beforeAll(async () => {
  build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
  server = await startServer()
  for (const role of DEMO_ROLES) cookies.set(role, await cookieFor(role))
}, 90_000)

afterAll(async () => {
  await server?.stop()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One raw request: headers exactly as given (Host, Origin, Sec-Fetch-Site), nothing added but the length. */
function send(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<Answer> {
  const url = new URL(target, server.url)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
      },
    )
    request.on('error', reject)
    if (body !== undefined) request.write(body)
    request.end()
  })
}

const form = 'application/x-www-form-urlencoded'
const port = () => new URL(server.url).port

/** Rows a refused request must not have added to or taken from. */
async function footprint() {
  const db = getDb()
  const count = async (table: 'audit_events' | 'sessions' | 'outbox_emails' | 'users' | 'idempotency_keys') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    audit: await count('audit_events'),
    sessions: await count('sessions'),
    outbox: await count('outbox_emails'),
    users: await count('users'),
    keys: await count('idempotency_keys'),
  }
}

/** A demo role that may use the route's form (its portal's first role), else the admin. */
function roleFor(rule: ReturnType<typeof allRoutes>[string]): RoleKey {
  if ('portal' in rule) return DEMO_ROLES.find((role) => mayEnter([role], rule.portal as PortalKey)) ?? 'admin'
  if ('section' in rule) return 'internal'
  return 'admin'
}

describe('forms posted from another site', () => {
  it('are refused for every route that takes a form, with a valid session, and change nothing', async () => {
    const before = await footprint()
    const posted: string[] = []
    const failures: string[] = []
    for (const [id, rule] of Object.entries(allRoutes())) {
      if (!build.routes[id]?.module.action) continue
      const cookie = cookies.get(roleFor(rule))!
      const body = 'intent=delete&email=buyer%40example.com&password=demo-pass-2026&name=Changed'
      const variants: Record<string, Record<string, string>> = {
        'Sec-Fetch-Site: cross-site': { 'Sec-Fetch-Site': 'cross-site' },
        'a foreign Origin': { Origin: 'https://evil.example' },
        'Origin: null': { Origin: 'null' },
        // No Origin and no Sec-Fetch-Site (an older browser, a client dropping them): the Referer tells.
        'a foreign Referer': { Referer: 'https://evil.example/csrf.html' },
      }
      for (const [name, extra] of Object.entries(variants)) {
        const answer = await send(
          'POST',
          rule.path,
          { Host: `localhost:${port()}`, Cookie: cookie, 'Content-Type': form, ...extra },
          body,
        )
        if (answer.status !== 403 || !answer.body.includes('another site'))
          failures.push(`${rule.path} with ${name}: ${answer.status}`)
      }
      posted.push(rule.path)
    }
    expect(failures).toEqual([])
    // The login, sign-up and sign-out forms are among them.
    expect(posted).toEqual(
      expect.arrayContaining(['/login', '/signup', '/logout', '/forgot_password', '/admin/users/manage/password']),
    )
    expect(await footprint()).toEqual(before)
    // The session posted to /logout from another site still works.
    expect((await send('GET', '/admin', { Cookie: cookies.get('admin')! })).status).toBe(200)
  }, 120_000)

  it('cannot sign anyone in (login CSRF), while the same form from this site can', async () => {
    const credentials = `email=buyer%40example.com&password=${DEMO_PASSWORD}`
    const crossSite = await send(
      'POST',
      '/login',
      {
        Host: `localhost:${port()}`,
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
        'Content-Type': form,
      },
      credentials,
    )
    expect(crossSite.status).toBe(403)
    expect(crossSite.headers['set-cookie']).toBeUndefined()

    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`]) {
      const sameSite = await send(
        'POST',
        '/login',
        { Host: host, Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': form },
        credentials,
      )
      expect(sameSite.status, host).toBe(302)
      expect(String(sameSite.headers['set-cookie']), host).toContain('__session=')
    }
    // Reached at another address, a form from the configured APP_URL is this site too.
    const fromAppUrl = await send(
      'POST',
      '/login',
      { Host: `127.0.0.1:${port()}`, Origin: `http://localhost:${port()}`, 'Content-Type': form },
      credentials,
    )
    expect(fromAppUrl.status).toBe(302)
  })
})

describe('redirects after sign-in', () => {
  const hostile = [
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    '/a/..\\\\evil.example',
    '/\t/evil.example',
    '//evil.example',
  ]

  it('never leave the site, from the login action or the login page of a signed-in user', async () => {
    for (const target of hostile) {
      const body = new URLSearchParams({
        email: 'buyer@example.com',
        password: DEMO_PASSWORD,
        redirectTo: target,
      }).toString()
      const action = await send('POST', '/login', { 'Content-Type': form }, body)
      expect(action.status, target).toBe(302)
      expect(action.headers.location, target).toBe('/buyer')

      const page = await send('GET', `/login?${new URLSearchParams({ redirectTo: target })}`, {
        Cookie: cookies.get('admin')!,
      })
      expect(page.status, target).toBe(302)
      expect(page.headers.location, target).toBe('/admin')
    }
    const local = await send('GET', `/login?redirectTo=${encodeURIComponent('/buyers/manage?status=pending')}`, {
      Cookie: cookies.get('admin')!,
    })
    expect(local.headers.location).toBe('/buyers/manage?status=pending')
  })
})

describe('request bodies', () => {
  it('answers 413 to a form larger than the limit and 411 to one without a length, before reading it', async () => {
    const big = await send('POST', '/login', { 'Content-Type': form }, `email=${'a'.repeat(1_200_000)}`)
    expect(big.status).toBe(413)
    const chunked = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: port(),
          path: '/login',
          method: 'POST',
          headers: { 'Content-Type': form, 'Transfer-Encoding': 'chunked' },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      request.on('error', reject)
      request.end('email=a')
    })
    expect(chunked).toBe(411)
  })
})

describe('addresses holding control characters', () => {
  it('reads filters, ids and slugs without them: a page, never a 500 (PostgreSQL cannot store NUL)', async () => {
    const cookie = cookies.get('internal')!
    const targets = [
      '/sellers/manage?city=%00',
      '/master_order_cart?buyer=%00',
      '/master_orders?q=MO%00%1F%7F-2026',
      '/skus/fabric_skus?q=cot%00ton',
      '/buyers/manage?q=%00&city=Mum%01bai',
      '/skus/fab%00ric_skus',
    ]
    for (const target of targets) {
      const answer = await send('GET', target, { Cookie: cookie })
      expect(answer.status, target).toBeLessThan(500)
      expect(answer.status, target).not.toBe(400)
    }
    // Percent signs that are not control characters are left as they are.
    expect((await send('GET', '/master_orders?q=%2500', { Cookie: cookie })).status).toBe(200)
  })
})

describe('addresses whose percent-escapes do not decode', () => {
  it('answer 400, as a problem document under /api and a plain page elsewhere, never a 500', async () => {
    const cookie = cookies.get('admin')!
    for (const target of ['/%ZZ', '/%', '/buyer/%E0%A4%A', '/master_orders/%C0%AF', '/%ZZ.data', '/_root%.data']) {
      for (const method of ['GET', 'POST']) {
        const answer = await send(
          method,
          target,
          { Cookie: cookie, 'Content-Type': form },
          method === 'POST' ? 'a=1' : undefined,
        )
        expect(answer.status, `${method} ${target}`).toBe(400)
        expect(answer.headers['content-type'], target).toContain('text/html')
        expect(answer.body, target).toContain('Not a valid address')
      }
    }
    for (const target of ['/api/v1/%', '/api/v1/master-orders/%ZZ', '/api/v1/%E0%A4%A?limit=1']) {
      const answer = await send('GET', target, { Authorization: 'Bearer nonsense' })
      expect(answer.status, target).toBe(400)
      expect(answer.headers['content-type'], target).toBe('application/problem+json')
      expect(JSON.parse(answer.body), target).toMatchObject({ status: 400, title: 'Not a valid address' })
    }
    // An escape that decodes is a page like any other (here: not found).
    expect((await send('GET', '/%E0%A4%A8', { Cookie: cookie })).status).toBe(404)
  })
})

describe('headers', () => {
  it('gives every page a nonce policy for scripts that its scripts carry, and keeps signed-in pages out of caches', async () => {
    const page = await send('GET', '/admin', { Cookie: cookies.get('admin')! })
    expect(page.status).toBe(200)
    const policy = String(page.headers['content-security-policy'])
    const nonce = policy.match(/script-src 'self' 'nonce-([^']+)'/)?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(policy.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline')
    expect(policy).toContain("frame-ancestors 'none'")
    const scripts = page.body.match(/<script[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
    expect(page.headers['cache-control']).toBe('private, no-store')

    const data = await send('GET', '/admin.data', { Cookie: cookies.get('admin')! })
    expect(data.status).toBe(200)
    expect(data.headers['cache-control']).toBe('private, no-store')

    // Another response, another nonce.
    const again = await send('GET', '/admin', { Cookie: cookies.get('admin')! })
    expect(again.headers['content-security-policy']).not.toBe(policy)
  })

  it('gives the not-found page a title, signed in or not', async () => {
    for (const cookie of [undefined, cookies.get('admin')!]) {
      const page = await send('GET', '/no/such/page', cookie ? { Cookie: cookie } : {})
      expect(page.status).toBe(404)
      expect(page.body).toContain('<title>Page not found · Sourcing Platform</title>')
    }
  })
})

describe('demo mode', () => {
  it('says the demo password is public and listens on this machine only', () => {
    expect(server.output()).toContain('DEMO MODE')
    expect(server.output()).toContain('listening on 127.0.0.1 only')
  })
})

// The middleware's own cases (forwarded hosts behind a proxy, HSTS) are in app/http/security.server.test.ts.
