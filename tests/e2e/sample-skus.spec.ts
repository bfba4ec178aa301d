import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs, signOut } from './support'

// A 1x1 PNG, uploaded as a person would pick a file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test('a catalog manager creates a sample SKU with an image and edits its stock; the demand KAM sees it, read-only', async ({
  page,
}, info) => {
  const code = `SMP-E2E-${info.project.name.toUpperCase()}-${Date.now()}`
  const name = `Poplin swatch card ${info.project.name} ${Date.now()}`

  await signInAs(page, 'catalog_manager@example.com', '/catalog_manager')
  await page.goto('/catalog_manager/sample_skus')
  await page.getByRole('link', { name: 'Add a sample SKU' }).click()
  await expect(page).toHaveURL('/catalog_manager/sample_skus/create')

  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Cotton shirting' })
  await page.getByLabel('Sample charge (₹)').fill('-25')
  await page.getByLabel('Stock', { exact: true }).fill('40')
  await page.getByRole('button', { name: 'Add sample SKU' }).click()
  await expect(formMessage(page, 'The sample charge cannot be negative: enter 0 for a free sample')).toBeVisible()
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code)
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('1')
  await expect(page.getByLabel('Sample charge (₹)')).toHaveValue('-25')
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('40')

  await page.getByLabel('Sample charge (₹)').fill('150')
  await page.getByLabel('Image (optional)').setInputFiles({ name: 'swatch.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Add sample SKU' }).click()
  await expect(page.getByText(`Sample SKU ${code} is created.`)).toBeVisible()
  await expect(page).toHaveURL(/\/catalog_manager\/sample_skus\?/)
  const row = page.getByRole('row').filter({ hasText: code })
  await expect(row).toContainText(name)
  await expect(row).toContainText('₹150.00')
  const thumbnail = row.getByRole('img', { name: `Image of ${name}` })
  await expect(thumbnail).toBeVisible()
  // The thumbnail really loaded from /images/{id}.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
  expect(dbValue<number>('select stock from sample_skus where code = ?', code)).toBe(40)

  await row.getByRole('link', { name: code }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${code}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByText('Added', { exact: true })).toBeVisible()
  await page.getByLabel('Stock', { exact: true }).fill('7')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(`Sample SKU ${code} is saved.`)).toBeVisible()
  await expect(
    page.getByRole('row').filter({ hasText: code }).getByRole('cell', { name: '7', exact: true }),
  ).toBeVisible()
  expect(dbValue<number>('select stock from sample_skus where code = ?', code)).toBe(7)
  await signOut(page)

  await signInAs(page, 'demand_kam@example.com', '/demand_kam')
  await page.goto('/demand_kam/skus/sample_skus')
  await expect(page.getByRole('link', { name: 'Add a sample SKU' })).toHaveCount(0)
  await page.getByLabel('Search').fill(code)
  await page.getByRole('button', { name: 'Filter' }).click()
  const seen = page.getByRole('row').filter({ hasText: code })
  await expect(seen).toContainText(name)
  await expect(seen.getByRole('img', { name: `Image of ${name}` })).toBeVisible()
  await expect(seen.getByRole('link')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /edit/i })).toHaveCount(0)
})
