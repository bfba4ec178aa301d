import { expect, test } from '@playwright/test'
import { signInAs, signOut } from './support'

test('a hash link puts its target below the header (header height plus 20 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 360 })
  await page.goto('/privacy')
  await page.getByRole('link', { name: 'Cookies' }).click()
  await expect(page).toHaveURL(/#cookies$/)
  const heading = page.locator('#cookies')
  // Smooth scrolling takes a moment: wait until it has settled.
  await expect.poll(async () => Math.round((await heading.boundingBox())!.y), { timeout: 5000 }).toBe(56 + 20)
})

test('a toast shows after an action and is gone after 5 seconds', async ({ page }) => {
  await signInAs(page, 'supplier_agent@example.com', '/supplier_team/agent')
  await signOut(page)
  const toast = page.getByText('You are signed out.')
  await expect(toast).toBeVisible()
  await page.waitForTimeout(5500)
  await expect(toast).toBeHidden()
})

test("a page carries the menu of the portal it is shown in, and no other portal's", async ({ page }) => {
  await signInAs(page, 'admin@example.com', '/admin')
  const data = await (await page.request.get('/admin/master_orders.data')).text()
  expect(data).toContain('/admin/users/manage')
  expect(data).not.toContain('/dev_admin/products')
  expect(data).not.toContain('/skus/seller_skus/live')
  // The profile is shown in the portal it was opened from: its sidebar is that portal's menu.
  await page.goto('/profile?portal=dev_admin')
  await expect(page.locator('aside.sidebar').getByRole('link', { name: 'Products' })).toHaveAttribute(
    'href',
    '/dev_admin/products',
  )
  await page.goto('/profile?portal=main')
  await expect(page.locator('aside.sidebar').getByRole('link', { name: 'Seller SKUs (live)' })).toBeVisible()
})
