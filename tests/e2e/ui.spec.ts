import { expect, test } from '@playwright/test'
import { signInAs } from './support'

const STAFF = 'internal@example.com'
const PHONE = { width: 390, height: 844 }

test('a refused form on a long page shows a summary at its top that takes focus and links to each field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/sellers/add')
  // A half-filled address at the bottom of the form; the button is below the fold.
  await page.getByLabel('Company name').fill('Half Address Mills')
  await page.getByLabel('Address line 1').fill('12 Loom Street')
  await page.getByRole('button', { name: 'Add seller' }).click()
  const summary = page.getByRole('alert').filter({ hasText: /things to fix:/ })
  await expect(summary).toBeVisible()
  await expect(summary).toBeFocused()
  await expect(summary).toBeInViewport()
  // Every message is a link to its field, and following one lands on its field.
  await expect(summary.getByRole('link')).toHaveCount(3)
  await expect(summary.getByRole('link', { name: /city/ })).toHaveAttribute('href', '#seller-add-addressCity')
  const pin = page.getByLabel('PIN code')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(pin).not.toBeInViewport()
  await summary.getByRole('link', { name: /PIN code/ }).click()
  await expect(pin).toBeInViewport()
  // What was typed is still there.
  await expect(page.getByLabel('Company name')).toHaveValue('Half Address Mills')
  await expect(page.getByLabel('Address line 1')).toHaveValue('12 Loom Street')
})

test('on a phone a list is a stack of cards: the title first, each value under its name', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/skus/fabric_skus?perPage=50')
  const rows = page.locator('table tbody tr')
  await expect(rows).toHaveCount(50)
  const first = rows.first()
  // No sideways scrolling: the card fits the phone's width.
  const box = (await first.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
  // The SKU code (the row's link) is the card's title, at its top.
  const title = first.locator('td.card-title')
  await expect(title.getByRole('link')).not.toBeEmpty()
  const titleBox = (await title.boundingBox())!
  expect(titleBox.y - box.y).toBeLessThan(20)
  // Values carry their column's name.
  const moq = first.locator('td[data-label="MOQ"]')
  expect(await moq.evaluate((td) => getComputedStyle(td, '::before').content)).toContain('MOQ')
  // Fifty rows are a handful of screens, not a sideways-scrolling wall.
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height).toBeLessThan(50 * 200 + 1500)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(PHONE.width)
})

test('a long name in the header gives way on a phone: the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize(PHONE)
  // The demo's logistics user has one of the longest names (and a company-less staff portal label).
  await signInAs(page, 'logistics@example.com', /./)
  await page.goto('/logistics/transport_payment_dues/transporters')
  const summary = page.locator('.user-menu > summary')
  await expect(summary).toBeVisible()
  const box = (await summary.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})

test('a sorted column says so to a screen reader, and its link says what it does', async ({ page }) => {
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/skus/fabric_skus?sort=code&dir=asc')
  const code = page.getByRole('columnheader', { name: /Code/ })
  await expect(code).toHaveAttribute('aria-sort', 'ascending')
  await expect(code.getByRole('link')).toHaveAccessibleName('Code, sort descending')
  await expect(page.getByRole('columnheader', { name: /Updated/ })).not.toHaveAttribute('aria-sort')
  await code.getByRole('link').click()
  await expect(page).toHaveURL(/dir=desc/)
  await expect(page.getByRole('columnheader', { name: /Code/ })).toHaveAttribute('aria-sort', 'descending')
})

test('on a phone the portal menu is a drawer that opens and keeps its groups', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, STAFF, '/dashboard')
  await expect(page.locator('aside.sidebar')).toBeHidden()
  const drawer = page.locator('details.menu-drawer')
  await expect(drawer.locator('summary')).toContainText('Menu')
  // The portal's name stays in the header.
  await expect(page.locator('.site-header .brand')).toContainText('Operations')
  const sellers = drawer.getByRole('link', { name: 'Sellers', exact: true })
  await expect(sellers).toBeHidden()
  await drawer.locator('summary').click()
  await expect(sellers).toBeVisible()
  await expect(drawer.getByRole('heading', { level: 2 }).first()).toBeVisible()
  await sellers.click()
  await expect(page).toHaveURL('/sellers/manage')
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Operations' }),
  ).toBeVisible()
})

test('a visitor sent to sign in is told why, and comes back to the page after', async ({ page }) => {
  await page.goto('/sellers/manage')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsellers%2Fmanage/)
  await expect(page.getByText('Sign in to continue.')).toBeVisible()
})

test('a field operator is sent to the field sign-in page, which offers no company sign-up', async ({ page }) => {
  await page.goto('/field_operator')
  await expect(page).toHaveURL(/\/field_operator\/login\?redirectTo=/)
  await expect(page.locator('.site-header')).toContainText('Field operator')
  await expect(page.getByText('Sign in to continue.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create a company account' })).toHaveCount(0)
})

test('the profile opens in the portal the user came from', async ({ page }) => {
  await signInAs(page, 'admin@example.com', '/admin')
  await page.locator('.user-menu > summary').click()
  await page.locator('.user-menu').getByRole('link', { name: 'My profile' }).click()
  await expect(page).toHaveURL('/profile?portal=admin')
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Admin' })).toBeVisible()
})

test('the signed-out page-not-found header shows its sign-in button', async ({ page }) => {
  await page.goto('/no-such-page')
  const signIn = page.locator('.site-header').getByRole('link', { name: 'Sign in' })
  await expect(signIn).toBeVisible()
  const [color, background] = await signIn.evaluate((a) => [
    getComputedStyle(a).color,
    getComputedStyle(a).backgroundColor,
  ])
  expect(color).not.toBe(background)
})
