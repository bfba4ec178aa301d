import { expect, test } from '@playwright/test'
import { signInAs, signOut } from './support'

test('a hash link puts its target below the header (header height plus 20 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 360 })
  await page.goto('/privacy')
  await page.getByRole('link', { name: 'Cookies' }).click()
  await expect(page).toHaveURL(/#cookies$/)
  const heading = page.locator('#cookies')
  // Smooth scrolling takes a moment: wait until it has settled.
  await expect
    .poll(async () => Math.round((await heading.boundingBox())!.y), { timeout: 5000 })
    .toBe(56 + 20)
})

test('a toast shows after an action and is gone after 5 seconds', async ({ page }) => {
  await signInAs(page, 'supplier_agent@example.com', '/supplier_team/agent')
  await signOut(page)
  const toast = page.getByText('You are signed out.')
  await expect(toast).toBeVisible()
  await page.waitForTimeout(5500)
  await expect(toast).toBeHidden()
})
