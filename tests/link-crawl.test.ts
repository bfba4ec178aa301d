/// <reference types="vite/client" />
/**
 * No dead ends (issue 34): as every demo identity, with JavaScript off (the server-rendered HTML
 * is exactly what such a user gets), start at the identity's home and follow every same-origin link
 * on every page reached, breadth-first, redirects followed. No link may lead to a 403, a 404 or a
 * 5xx; a link to a file (CSV, PDF, image) must answer 200 too. Every figure on every home is a link
 * to a page that answers 200.
 *
 * Each route pattern (numeric segments as `:n`, the query aside) is opened at most
 * VISITS_PER_PATTERN times per identity, so a list of a hundred orders costs three order pages.
 */
import path from 'node:path'
import { homeFor, portals, portalsFor } from '~/auth/portals'
import { DEMO_ROLES } from '../seed/demo-users'
import type { RoleKey } from '#db/types'
import { attribute } from './access/html'
import { loadBuiltApp } from './access/http'
import { cookieFor } from './support/db'

const VISITS_PER_PATTERN = 3
const MAX_REDIRECTS = 5

let handle: (request: Request) => Promise<Response>
/**
 * The demo's QC photos were stored when the template database was seeded (tests/support/global-setup.ts,
 * with the default configuration: data/uploads); this file's copy of the database reads them there, as
 * the demo server does beside its own database.
 */
const uploadsBefore = process.env.UPLOADS_DIR
beforeAll(async () => {
  process.env.UPLOADS_DIR = path.resolve('data', 'uploads')
  ;({ handle } = await loadBuiltApp())
})
afterAll(() => {
  if (uploadsBefore === undefined) delete process.env.UPLOADS_DIR
  else process.env.UPLOADS_DIR = uploadsBefore
})

/** Same-origin paths of the page's links (`a[href]`) as the browser resolves them on the page at `base`, entities decoded, the fragment dropped. */
export function linksOf(html: string, base = '/'): string[] {
  const links: string[] = []
  for (const [tag] of html.matchAll(/<a\s[^>]*>/gi)) {
    const href = attribute(tag, 'href')
    // A fragment stays on the page; mailto:, tel: and other sites are not the app's.
    if (!href || href.startsWith('#')) continue
    const url = new URL(href, `http://localhost${base}`)
    if (url.origin !== 'http://localhost') continue
    links.push(url.pathname + url.search)
  }
  return links
}

/** The route a path stands for: numeric segments are record ids. */
const patternOf = (path: string) =>
  path
    .split('?')[0]
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) ? ':n' : segment))
    .join('/')

/** Signing out ends the session (and is a POST anyway). */
const skipped = (path: string) => /^\/(?:[^?]*\/)?logout(?:[/?]|$)/.test(path)

interface Answer {
  status: number
  /** The path the redirects ended at. */
  at: string
  type: string
  body: string
}

/** A GET as the browser sends it, following redirects like the browser. */
async function open(path: string, cookie: string): Promise<Answer> {
  let at = path
  for (let hop = 0; ; hop++) {
    const response = await handle(new Request(`http://localhost${at}`, { headers: { Cookie: cookie } }))
    const location = response.headers.get('Location')
    if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
      await response.body?.cancel()
      const next = new URL(location, `http://localhost${at}`)
      if (next.origin !== 'http://localhost') return { status: 200, at: location, type: 'external', body: '' }
      at = next.pathname + next.search
      continue
    }
    const type = response.headers.get('Content-Type') ?? ''
    // Only pages are read for links; a file need only answer.
    const body = type.startsWith('text/html') ? await response.text() : (await response.body?.cancel(), '')
    return { status: response.status, at, type, body }
  }
}

/** Anything but a 200 at the end of the redirects is a dead end (403, 404, 5xx, or redirects that never end). */
const deadEnd = (status: number) => status !== 200

/** The figure elements of a page (the shared `Figures` markup): each with the href of the link around it, if any. */
export function figuresOf(html: string): { label: string; href: string | null }[] {
  const figures: { label: string; href: string | null }[] = []
  for (const match of html.matchAll(/<strong[^>]*\sdata-figure="([^"]*)"/g)) {
    const before = html.slice(0, match.index)
    const start = before.lastIndexOf('<a ')
    const inLink = start > before.lastIndexOf('</a>')
    const href = inLink ? attribute(before.slice(start, before.indexOf('>', start) + 1), 'href') : null
    figures.push({ label: match[1], href })
  }
  return figures
}

interface CrawlResult {
  failures: string[]
  pages: number
  links: number
  homeFigures: { label: string; href: string | null }[]
}

async function crawl(role: RoleKey): Promise<CrawlResult> {
  const cookie = await cookieFor(role)
  const home = homeFor([role])
  const failures: string[] = []
  const seen = new Set<string>([home])
  const visitsOf = new Map<string, number>()
  const queue: { path: string; from: string }[] = [{ path: home, from: '(home)' }]
  let pages = 0
  let homeFigures: CrawlResult['homeFigures'] = []
  while (queue.length > 0) {
    const { path, from } = queue.shift()!
    const answer = await open(path, cookie)
    pages++
    if (deadEnd(answer.status)) {
      failures.push(
        `${role}: ${from} links to ${path}${answer.at !== path ? ` (-> ${answer.at})` : ''}: ${answer.status}`,
      )
      continue
    }
    if (path === home) homeFigures = figuresOf(answer.body)
    for (const link of linksOf(answer.body, answer.at)) {
      if (seen.has(link) || skipped(link)) continue
      seen.add(link)
      const pattern = patternOf(link)
      const visits = visitsOf.get(pattern) ?? 0
      if (visits >= VISITS_PER_PATTERN) continue
      visitsOf.set(pattern, visits + 1)
      queue.push({ path: link, from: answer.at })
    }
  }
  return { failures, pages, links: seen.size, homeFigures }
}

describe('no dead ends', () => {
  it('reads links and figures out of HTML as a browser would', () => {
    const html =
      '<a href="/admin/master_orders?status=placed&amp;page=2#top" data-discover="true">x</a><a href="https://example.com">e</a><a href="//cdn">c</a><a name="x">n</a>' +
      '<a href="#main">skip</a><a href="?page=3">next</a><a href="mailto:a@b.c">mail</a>' +
      '<ul><li><a href="/a" class="figure-link"><span>A</span><strong data-figure="A">1</strong></a></li><li><span>B</span><strong data-figure="B">2</strong></li></ul>'
    expect(linksOf(html, '/admin/users/manage?q=x')).toEqual([
      '/admin/master_orders?status=placed&page=2',
      '/admin/users/manage?page=3',
      '/a',
    ])
    expect(figuresOf(html)).toEqual([
      { label: 'A', href: '/a' },
      { label: 'B', href: null },
    ])
    expect(patternOf('/seller/master_orders/12/seller_orders/3?x=1')).toBe('/seller/master_orders/:n/seller_orders/:n')
  })

  it('as every demo identity, every link on every page reached opens, and every home figure is a link that opens', async () => {
    const started = Date.now()
    const failures: string[] = []
    const summary: string[] = []
    for (const role of DEMO_ROLES) {
      const result = await crawl(role)
      failures.push(...result.failures)
      const cookie = await cookieFor(role)
      for (const figure of result.homeFigures) {
        if (!figure.href) {
          failures.push(`${role}: the figure "${figure.label}" on ${homeFor([role])} is not a link`)
          continue
        }
        const answer = await open(figure.href, cookie)
        if (answer.status !== 200)
          failures.push(
            `${role}: the figure "${figure.label}" on ${homeFor([role])} links to ${figure.href}: ${answer.status}`,
          )
      }
      // Each home shows the figures of its people's work (the toolkit's home is a list of tools).
      if (result.homeFigures.length === 0 && portalsFor([role])[0] !== 'toolkit')
        failures.push(`${role}: the home ${homeFor([role])} shows no figure of its work`)
      summary.push(
        `${role}: ${result.pages} pages and files opened, ${result.links} distinct links, ${result.homeFigures.length} home figures`,
      )
      // A crawl that reached nothing proves nothing.
      expect(result.pages, `${role} reached no page beyond its home`).toBeGreaterThan(3)
    }
    console.info(`link crawl: ${((Date.now() - started) / 1000).toFixed(1)} s\n${summary.join('\n')}`)
    expect(failures).toEqual([])
  }, 180_000)

  it('a page not found inside a portal keeps the portal’s layout: its header and menu around "Page not found"', async () => {
    const failures: string[] = []
    const check = async (role: RoleKey, path: string, menu: string | null) => {
      const response = await handle(
        new Request(`http://localhost${path}`, { headers: { Cookie: await cookieFor(role) } }),
      )
      const html = await response.text()
      const shown = [
        response.status === 404,
        html.includes('class="site-header"'),
        html.includes('Page not found'),
        menu === null || html.includes(`aria-label="${menu}"`),
      ]
      if (shown.includes(false))
        failures.push(
          `${role} at ${path}: status ${response.status}, header ${shown[1]}, message ${shown[2]}, menu ${menu} ${shown[3]}`,
        )
    }
    for (const role of DEMO_ROLES) {
      const portal = portalsFor([role])[0]
      if (portal === 'toolkit') continue
      const menu = portal === 'field_operator' ? 'Field operator menu' : `${portals[portal].title} menu`
      // A path no route claims, under the portal's home (the main portal's is the site's root).
      await check(role, portal === 'main' ? '/no-such-page' : `${portals[portal].base}/no-such-page`, menu)
    }
    // A record that is not there, in its portal's page.
    await check('seller', '/seller/master_orders/999999', 'Seller menu')
    await check('admin', '/admin/master_orders/999999', 'Admin menu')
    // A link for everybody (/redirect/...) that leads nowhere for this user: the shell, not a bare "Not found".
    await check('seller', '/redirect/buyer/1', null)
    await check('demand_kam', '/redirect/master_orders/999999', null)
    expect(failures).toEqual([])
  })
})
