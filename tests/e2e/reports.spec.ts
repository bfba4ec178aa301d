import { expect, test } from '@playwright/test'
import { signInAs } from './support'

// Reports and the dashboard (issue 16), JavaScript off: the business report narrowed to a buyer
// by a click, its chart seen without scripts, its CSV; the dashboard's figures open their lists.

test('@js-off-only staff read the business report by buyer, drill into one and download its CSV', async ({ page }) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.getByRole('link', { name: 'Business', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Business report' })).toBeVisible()
  await page.getByLabel('From', { exact: true }).fill('2020-01-01')
  await page.getByLabel('By', { exact: true }).selectOption('buyer')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByRole('img', { name: /^Value and margin by buyer/ })).toBeVisible()
  const first = page.getByRole('table').getByRole('row').nth(1)
  const buyer = (await first.getByRole('link').textContent())!
  await first.getByRole('link').click()
  await expect(page.getByText(`Buyer: ${buyer}`)).toBeVisible()
  await expect(page.getByLabel('By', { exact: true })).toHaveValue('month')
  const csv = await page.request.get((await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!)
  expect(csv.headers()['content-type']).toContain('text/csv')
  expect((await csv.text()).split('\n')[0]).toContain('Group,Orders,Lines')
  // A date typed by hand that is no date (a browser's date field never sends one) is said at its field.
  await page.goto('/reports/master_order?from=2026-02-30&group=seller')
  await expect(page.getByText('Enter a date like 2027-01-31')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Value and margin by seller/ })).toBeVisible()
})

test('@js-off-only the dashboard’s figures open the lists behind them', async ({ page }) => {
  await signInAs(page, 'admin@example.com', '/admin')
  await page.goto('/dashboard')
  await page
    .getByRole('list', { name: 'Orders' })
    .getByRole('link', { name: /^Placed/ })
    .click()
  await expect(page).toHaveURL(/\/master_orders\?status=placed$/)
  await page.goto('/dashboard')
  await page
    .getByRole('list', { name: 'Waiting for a decision' })
    .getByRole('link', { name: /^Seller orders to approve/ })
    .click()
  await expect(page).toHaveURL(/\/admin\/approvals\/seller_orders$/)
})
