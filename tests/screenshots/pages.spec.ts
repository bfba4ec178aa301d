import fs from 'node:fs'
import path from 'node:path'
import { test } from '@playwright/test'
import { PUBLIC_PAGES, ROLES, visitPagesOf } from '../e2e/pages'
import { signInAs } from '../e2e/support'

// npm run screenshots: every page each demo role reaches from its menu (home, lists, the first
// record of each list, each "Add" form), and the signed-out pages, in each of the four looks of
// playwright.screenshots.config.ts, as full-page PNGs under screenshots/<look>/<role>/.
// Nothing is asserted: the pictures are for people to look at after changing a shared piece.

const ROOT = path.resolve('screenshots')

const fileOf = (look: string, who: string, page: string) => {
  const name = page.replace(/^\//, '').replace(/[/?&=]+/g, '_') || 'home'
  return path.join(ROOT, look, who, `${name}.png`)
}

test('signed-out pages', async ({ page }, info) => {
  for (const url of PUBLIC_PAGES) {
    await page.goto(url)
    await page.screenshot({ path: fileOf(info.project.name, 'public', url), fullPage: true })
  }
})

for (const role of ROLES) {
  test(`pages of ${role.key}`, async ({ page }, info) => {
    test.setTimeout(300_000)
    await signInAs(page, role.email, new RegExp(role.home.replace(/\//g, '\\/')))
    const taken = await visitPagesOf(page, role, async (url) => {
      await page.screenshot({ path: fileOf(info.project.name, role.key, url), fullPage: true })
    }, { shared: role.key === 'admin' })
    fs.writeFileSync(path.join(ROOT, info.project.name, role.key, 'pages.txt'), `${taken.join('\n')}\n`)
  })
}
