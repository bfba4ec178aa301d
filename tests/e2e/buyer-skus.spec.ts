import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

const STAFF = 'internal@example.com'
const ADMIN = 'admin@example.com'

test('staff add a buyer SKU and propose a new price (a bad one first); an admin changes it; compare versions 1 and 3', async ({
  page,
}, info) => {
  // A code no other run or project uses: buyer codes are unique per buyer.
  const buyerCode = `E2E-${info.project.name.toUpperCase()}-${Date.now()}`
  const productSkuCode = dbValue<string>("select code from product_skus where status = 'active' order by id limit 1")
  await signInAs(page, STAFF, '/dashboard')

  await page.goto('/skus/buyer_skus')
  await page.getByRole('link', { name: 'Add a buyer SKU' }).click()
  await expect(page).toHaveURL('/skus/buyer_skus/create')
  await page.getByLabel('Buyer', { exact: true }).fill('#1')
  await page.getByLabel('Product SKU', { exact: true }).fill(productSkuCode.toLowerCase())
  await page.getByLabel('Buyer’s code').fill(buyerCode)
  await page.getByLabel('Price (₹)').fill('500')
  await page.getByLabel('Minimum order quantity').fill('250')
  await page.getByLabel('Note (optional)').fill('Agreed at onboarding')
  await page.getByRole('button', { name: 'Add buyer SKU' }).click()
  await expect(page).toHaveURL(/\/skus\/buyer_skus\/\d+\/edit$/)
  await expect(page.getByText(`Buyer SKU ${buyerCode} is created with version 1`)).toBeVisible()
  const editUrl = page.url()
  const summary = page.getByRole('region', { name: 'In force now' })
  await expect(summary.getByText('₹500.00')).toBeVisible()

  // A bad price: the message is at the field and every typed value stays.
  await page.getByLabel('Price (₹)').fill('5 hundred')
  await page.getByLabel('Minimum order quantity (m)').fill('300')
  await page.getByLabel('Note (optional)').fill('Cotton price revision')
  await page.getByRole('button', { name: 'Save as a new version' }).click()
  await expect(formMessage(page, 'Enter the price in rupees')).toBeVisible()
  await expect(page.getByLabel('Price (₹)')).toHaveValue('5 hundred')
  await expect(page.getByLabel('Minimum order quantity (m)')).toHaveValue('300')
  await expect(page.getByLabel('Note (optional)')).toHaveValue('Cotton price revision')
  await expect(page.getByLabel('Buyer’s code')).toHaveValue(buyerCode)
  expect(
    dbValue<number>('select current_version from buyer_skus where buyer_id = 1 and buyer_code = ?', buyerCode),
  ).toBe(1)

  // An internal user's change of an agreed price waits for an admin's decision (issue 51): the MOQ is
  // saved as version 2 at the price in force, the new price becomes a request listed on the page.
  await page.getByLabel('Price (₹)').fill('545.50')
  await page.getByRole('button', { name: 'Save as a new version' }).click()
  await expect(page).toHaveURL(editUrl)
  await expect(
    page.getByText(/The new price needs an admin’s decision .* price-change request #\d+ is made/),
  ).toBeVisible()
  await expect(page.getByText('Your other changes are saved as version 2.', { exact: false })).toBeVisible()
  await expect(summary.getByText('₹500.00')).toBeVisible()
  await expect(summary.getByRole('link', { name: 'Version 2' })).toBeVisible()
  const waiting = page.getByRole('table', { name: 'Pending price-change requests' })
  await expect(
    waiting
      .getByRole('row')
      .filter({ hasText: '₹545.50' })
      .getByRole('link', { name: /^#\d+$/ }),
  ).toBeVisible()
  const skuId = Number(editUrl.match(/buyer_skus\/(\d+)\/edit/)![1])
  expect(
    dbValue<number>(
      "select proposed_price_minor from price_change_requests where buyer_sku_id = ? and status = 'pending'",
      skuId,
    ),
  ).toBe(54_550)

  // An admin changes the price at once: version 3.
  await signInAs(page, ADMIN, /\/admin/)
  await page.goto(editUrl)
  await page.getByLabel('Price (₹)').fill('545.50')
  await page.getByRole('button', { name: 'Save as a new version' }).click()
  await expect(page).toHaveURL(editUrl)
  await expect(page.getByText('Saved as version 3, in force now.')).toBeVisible()
  await expect(summary.getByText('₹545.50')).toBeVisible()
  await expect(summary.getByRole('link', { name: 'Version 3' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Changed', { exact: true }).first(),
  ).toBeVisible()

  await page.getByRole('link', { name: 'Versions and compare' }).click()
  await expect(page.getByRole('heading', { name: /Viewing version 3/ })).toBeVisible()
  await page.getByLabel('Compare version', { exact: true }).selectOption('1')
  await page.getByLabel('with version', { exact: true }).selectOption('3')
  await page.getByRole('button', { name: 'Compare', exact: true }).click()
  await expect(page).toHaveURL(/[?&]a=1&b=3/)
  const priceRow = page.locator('table.compare tr', { has: page.getByRole('rowheader', { name: /^Price/ }) }).first()
  await expect(priceRow).toHaveClass(/diff/)
  await expect(priceRow).toContainText('changed')
  await expect(priceRow).toContainText('₹500.00')
  await expect(priceRow).toContainText('₹545.50')
  await expect(page.getByRole('row', { name: /Price difference/ })).toContainText('+₹45.50 (+9.1 %)')
  await expect(
    page.locator('table.compare tr', { has: page.getByRole('rowheader', { name: /^Buyer’s code/ }) }),
  ).not.toHaveClass(/diff/)

  await page.getByRole('link', { name: 'Version 1', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Viewing version 1' })).toBeVisible()
  await expect(page.getByRole('region', { name: /Viewing version 1/ }).getByText('Agreed at onboarding')).toBeVisible()
})

test('the list finds a buyer SKU by its buyer and code, and an unknown version is a message', async ({ page }) => {
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/skus/buyer_skus')
  await page.getByLabel('Buyer', { exact: true }).fill('#1')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/buyer=%231/)
  const code = dbValue<string>(
    "select buyer_code from buyer_skus where buyer_id = 1 and status = 'active' order by id limit 1",
  )
  await page.getByLabel('Search').fill(code)
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.getByRole('link', { name: code, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Buyer SKU ${code}` })).toBeVisible()
  await page.goto(`${page.url().replace(/\/edit$/, '')}/versions?v=999`)
  await expect(page.getByText('There is no version “999” of this buyer SKU')).toBeVisible()
})
