import { expect, test } from '@playwright/test'
import { signInAs } from './support'

// The Content-Security-Policy must never stop the app's own scripts: with JavaScript on, pages
// hydrate and not one script or style is refused.
test('pages run their scripts under the nonce policy, and nothing is refused', async ({ page, javaScriptEnabled }) => {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  await signInAs(page, 'admin@example.com', '/admin')
  for (const path of ['/buyers/manage', '/admin/users/manage', '/skus/buyer_skus', '/no/such/page']) {
    await page.goto(path)
    if (javaScriptEnabled) {
      // Hydrated: client navigation works (the page stays a single document).
      await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true))
      await page
        .getByRole('link', { name: /Sourcing Platform|Go to my portal/ })
        .first()
        .click()
      await expect(page).toHaveURL(/\/(admin|dashboard)$/)
      expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true)
    }
  }
  expect(refused).toEqual([])
})

test('a hostile redirect after sign-in that only a URL parser sees stays on the site', async ({ page }) => {
  await page.goto(`/login?redirectTo=${encodeURIComponent('/a/..//evil.example/phish')}`)
  await page.getByLabel('E-mail').fill('biz_fin@example.com')
  await page.getByLabel('Password').fill('demo-pass-2026')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/biz_fin')
})
