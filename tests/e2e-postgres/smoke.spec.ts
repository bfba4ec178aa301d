// The app on PostgreSQL, in the browser with JavaScript off: a fresh copy of the database the
// PostgreSQL pass migrated and filled with the demo data (npm run test:postgres makes it); the
// server checks its migrations on start-up. Loading the demo data into an empty database is the
// same seedDemo, run on PostgreSQL by the pass's template and on SQLite by the browser suite's server.
import { expect, test } from '@playwright/test'
import { formMessage, signInAs } from '../e2e/support'

test('staff sign in, search a list, add a seller (a bad GSTIN first) and find it in the list', async ({ page }) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // A list with a search and a filter, read from PostgreSQL.
  await page.goto('/buyers/manage')
  const rows = page.locator('tbody tr')
  expect(await rows.count()).toBeGreaterThan(10)
  await page.getByLabel('Search').fill('blue lot')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/q=blue\+lot/)
  await expect(rows.first()).toContainText('Blue Lotus Fashions')

  // A form: refused with the typed values kept, then saved.
  const name = `Postgres Looms ${Date.now()}`
  await page.goto('/sellers/add')
  await page.getByLabel('Company name').fill(name)
  await page.getByLabel('GSTIN').fill('27ABCDE1234F1ZA')
  await page.getByLabel('Address line 1').fill('7 Spindle Road')
  await page.getByLabel('City').fill('Surat')
  await page.getByLabel('State').selectOption('Gujarat')
  await page.getByLabel('PIN code').fill('395003')
  await page.getByRole('button', { name: 'Add seller' }).click()
  await expect(formMessage(page, 'the last character is a check character')).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue(name)
  await page.getByLabel('GSTIN').fill('')
  await page.getByRole('button', { name: 'Add seller' }).click()
  await expect(page).toHaveURL(/\/sellers\/\d+$/)
  // Without a GSTIN, a legal name and an agent it cannot be active yet (issue 37): added, waiting, with what it needs.
  await expect(page.getByText(`Seller ${name} is added and waiting for approval. To activate it:`)).toBeVisible()

  await page.goto(`/sellers/manage?q=${encodeURIComponent('postgres looms')}`)
  await expect(page.getByRole('link', { name })).toBeVisible()
})

test('every demo account signs in', async ({ page }) => {
  const roles = [
    'admin',
    'dev_admin',
    'catalog_manager',
    'demand_kam',
    'biz_ops',
    'biz_fin',
    'logistics',
    'field_operator',
    'supplier_admin',
    'supplier_agent',
    'internal',
    'buyer',
    'seller',
  ]
  for (const role of roles) {
    await page.context().clearCookies()
    await signInAs(page, `${role}@example.com`, /^http:\/\/localhost:\d+\/(?!login)/)
    await expect(page.locator('.user-menu > summary')).toBeVisible()
  }
})
