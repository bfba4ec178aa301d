import AxeBuilder from '@axe-core/playwright'
import axe from 'axe-core'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { PUBLIC_PAGES, ROLES, visitPagesOf } from './pages'
import { signInAs } from './support'

/**
 * axe on every page `npm run screenshots` looks at: no serious or critical violation, with
 * JavaScript off on a phone (cards, the menu drawer, the plain fields a browser without scripts
 * gets) in one project and with JavaScript on on a desktop (sidebar, comboboxes, dialogs) in the
 * other. axe is a script: without JavaScript the crawl walks a scripted tab that is served every
 * page as the server sends it, with the scripts taken out (crawlTab).
 */
const PHONE = { width: 390, height: 844 }

/**
 * The rules whose every finding is minor or moderate (landmarks, heading order, `region`…): they
 * can never fail this test, and skipping them is a fifth of each page's check. Read from axe-core's
 * own rule table, so a rule that gains a serious check is run again.
 */
const impactRank: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 }
const NEVER_SERIOUS: string[] = (() => {
  const audit = (axe as unknown as { _audit?: { rules: AxeRule[]; checks: Record<string, { impact?: string }> } })
    ._audit
  if (!audit) return []
  const worst = (rule: AxeRule) =>
    Math.max(
      impactRank[rule.impact ?? ''] ?? 0,
      ...[...(rule.any ?? []), ...(rule.all ?? []), ...(rule.none ?? [])].map(
        (c) => impactRank[audit.checks[typeof c === 'string' ? c : c.id]?.impact ?? ''] ?? 0,
      ),
    )
  return audit.rules.filter((rule) => worst(rule) <= impactRank.moderate).map((rule) => rule.id)
})()
interface AxeRule {
  id: string
  impact?: string
  any?: (string | { id: string })[]
  all?: (string | { id: string })[]
  none?: (string | { id: string })[]
}
test.beforeEach(async ({ page }, info) => {
  await page.setViewportSize(info.project.name === 'no-js' ? PHONE : { width: 1280, height: 800 })
})

/**
 * The tab a crawl walks and axe checks. With JavaScript, the page itself. Without it, a tab of its
 * own where axe (a script) can run: every document it opens is fetched with the person's cookies
 * and served to it without its scripts and module preloads, exactly the markup a browser without
 * JavaScript gets, with styles and images loading as they do. One load per page, not two.
 */
let scriptless: BrowserContext | undefined
test.afterEach(async () => {
  await scriptless?.close()
  scriptless = undefined
})

async function crawlTab(page: Page): Promise<Page> {
  if (test.info().project.name !== 'no-js') return page
  scriptless = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: true,
      viewport: PHONE,
      baseURL: test.info().project.use.baseURL,
      storageState: await page.context().storageState(),
    })
  await scriptless.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue()
    const response = await route.fetch()
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return route.fulfill({ response })
    const html = (await response.text())
      .replace(/<script\b[\s\S]*?<\/script>/gi, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    return route.fulfill({ response, body: html })
  })
  return scriptless.newPage()
}

/** Serious and critical violations on the page as it is now. */
async function violationsHere(target: Page, path: string): Promise<string[]> {
  // Without JavaScript nothing of the app ran: the markup is the server's alone.
  if (test.info().project.name === 'no-js')
    expect(await target.locator('script, link[rel=modulepreload]').count(), `scripts left on ${path}`).toBe(0)
  // Legacy mode runs axe in the page itself. The default opens a blank page per check to merge
  // the frames' results, which doubled the crawl's time; these pages have no frames to merge.
  const { violations, passes } = await new AxeBuilder({ page: target })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(NEVER_SERIOUS)
    // Passed rules are counted below, not read: one node each is enough.
    .options({ resultTypes: ['violations'] })
    .analyze()
  // axe ran and checked something: a page it could not read would pass by saying nothing.
  expect(passes.length, `axe checked nothing on ${path}`).toBeGreaterThan(10)
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    )
}

test('skips only rules that cannot report a serious or critical violation', () => {
  expect(NEVER_SERIOUS).toContain('region')
  expect(NEVER_SERIOUS).not.toContain('color-contrast')
  expect(NEVER_SERIOUS).not.toContain('label')
  expect(NEVER_SERIOUS.length).toBeLessThan(40)
})

test('pages for people who are not signed in', async ({ page }) => {
  const tab = await crawlTab(page)
  const found: string[] = []
  for (const path of PUBLIC_PAGES) {
    await tab.goto(path)
    found.push(...(await violationsHere(tab, path)))
  }
  expect(found).toEqual([])
})

for (const role of ROLES) {
  test(`pages of ${role.key}`, async ({ page }, info) => {
    // The internal user's crawl is the longest: about a minute alone, more on a busy machine.
    test.setTimeout(240_000)
    await signInAs(page, role.email, new RegExp(role.home.replace(/\//g, '\\/')))
    const tab = await crawlTab(page)
    const found: string[] = []
    const visited = await visitPagesOf(
      tab,
      role,
      async (path) => void found.push(...(await violationsHere(tab, path))),
      {
        shared: role.key === 'admin',
        // Records and forms are the same markup on a phone: the phone pass looks at homes and lists.
        records: info.project.name === 'js',
      },
    )
    expect(visited.length).toBeGreaterThan(0)
    expect(found).toEqual([])
  })
}

/**
 * The rules the crawl skips because they are never serious, on the pages that once broke them, at
 * every impact: code blocks that scroll and cannot be reached by the keyboard (the API reference's
 * examples), two landmarks of one name (a section and the table frame inside it, both named by the
 * same words), and a heading level skipped (the field inspection form's h4 under its h1). And the
 * API reference, which no menu links to, gets the crawl's serious-and-critical check as well.
 */
const ONCE_BROKEN = ['scrollable-region-focusable', 'landmark-unique', 'heading-order']
const PAGES_ONCE_BROKEN: { email: string | null; paths: string[] }[] = [
  // The reference has no script of its own: looked at once, on the phone, where most blocks scroll.
  { email: null, paths: ['/api/docs'] },
  { email: 'internal@example.com', paths: ['/dashboard', '/reports/qc'] },
  { email: 'admin@example.com', paths: ['/admin/users/manage'] },
  { email: 'field_operator@example.com', paths: ['/field_operator/orders'] },
]

async function onceBrokenHere(target: Page, path: string): Promise<string[]> {
  const { violations, passes } = await new AxeBuilder({ page: target })
    .setLegacyMode()
    .withRules(ONCE_BROKEN)
    .options({ resultTypes: ['violations'] })
    .analyze()
  // The rules found something to look at: a page without its code blocks or headings proves nothing.
  const looked = [...passes, ...violations].map((r) => r.id)
  for (const rule of path === '/api/docs' ? ONCE_BROKEN : ['landmark-unique', 'heading-order'])
    expect(looked, `${rule} had nothing to check on ${path}`).toContain(rule)
  return violations.map(
    (v) =>
      `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  )
}

for (const { email, paths } of PAGES_ONCE_BROKEN) {
  test(`scroll, landmark and heading rules for ${email ?? 'people not signed in'}`, async ({ page }, info) => {
    test.skip(paths.includes('/api/docs') && info.project.name !== 'no-js', 'the API reference is read on the phone')
    test.setTimeout(120_000)
    if (email) await signInAs(page, email, /.*/)
    const tab = await crawlTab(page)
    const found: string[] = []
    for (const path of paths) {
      await tab.goto(path)
      if (path === '/field_operator/orders') {
        // The form of an inspection to do: its lines' sample and defects are headed under the line.
        await tab.goto((await tab.locator('.tasks a[href^="/field_operator/orders/"]').first().getAttribute('href'))!)
        expect(await tab.locator('form#inspection :is(h3, h4, h5, h6)').count()).toBeGreaterThan(0)
      }
      if (path === '/api/docs') {
        expect(await tab.locator('pre').count()).toBeGreaterThan(10)
        found.push(...(await violationsHere(tab, path)))
      }
      found.push(...(await onceBrokenHere(tab, new URL(tab.url()).pathname)))
    }
    expect(found).toEqual([])
  })
}
