import { expect, test } from '@playwright/test'
import { signInAs } from './support'

test('a buyer asking for an admin page gets the 403 page with a way to its portal', async ({ page }) => {
  await signInAs(page, 'buyer@example.com', '/buyer')
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to my portal' }).click()
  await expect(page).toHaveURL('/buyer')
})

test('a buyer asking for admin data gets 403', async ({ page }) => {
  await signInAs(page, 'buyer@example.com', '/buyer')
  const response = await page.request.get('/admin.data')
  expect(response.status()).toBe(403)
})

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/there/is/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('staff see /404 inside the main layout', async ({ page }) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  const response = await page.goto('/404')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Operations menu' })).toBeVisible()
})

test('a user with several portals can switch between them', async ({ page }) => {
  await signInAs(page, 'admin@example.com', '/admin')
  await page.locator('.user-menu > summary').click()
  await page.getByRole('link', { name: 'Business finance' }).click()
  await expect(page).toHaveURL('/biz_fin')
  await expect(page.getByRole('heading', { level: 1, name: 'Business finance' })).toBeVisible()
})
