import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { PUBLIC_PAGES, ROLES, visitPagesOf } from './pages'
import { signInAs } from './support'

/**
 * axe on every page `npm run screenshots` looks at: no serious or critical violation, on a phone
 * (cards, the menu drawer) in one project and on a desktop (sidebar) in the other. axe runs as a
 * script in the page, so both run with JavaScript on; the markup is the server's either way.
 */
test.use({ javaScriptEnabled: true })
test.beforeEach(async ({ page }, info) => {
  await page.setViewportSize(info.project.name === 'no-js' ? { width: 390, height: 844 } : { width: 1280, height: 800 })
})

/** Serious and critical violations on the page as it is now. */
async function violationsHere(page: Page, path: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default opens a blank page per check to merge
  // the frames' results, which doubled the crawl's time; these pages have no frames to merge.
  const { violations, passes } = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  // axe ran and checked something: a page it could not read would pass by saying nothing.
  expect(passes.length, `axe checked nothing on ${path}`).toBeGreaterThan(10)
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
}

test('pages for people who are not signed in', async ({ page }) => {
  const found: string[] = []
  for (const path of PUBLIC_PAGES) {
    await page.goto(path)
    found.push(...(await violationsHere(page, path)))
  }
  expect(found).toEqual([])
})

for (const role of ROLES) {
  test(`pages of ${role.key}`, async ({ page }, info) => {
    // The internal user's crawl is the longest: about a minute alone, more on a busy machine.
    test.setTimeout(240_000)
    await signInAs(page, role.email, new RegExp(role.home.replace(/\//g, '\\/')))
    const found: string[] = []
    const visited = await visitPagesOf(page, role, async (path) => void found.push(...(await violationsHere(page, path))), {
      shared: role.key === 'admin',
      // Records and forms are the same markup on a phone: the phone pass looks at homes and lists.
      records: info.project.name === 'js',
    })
    expect(visited.length).toBeGreaterThan(0)
    expect(found).toEqual([])
  })
}
