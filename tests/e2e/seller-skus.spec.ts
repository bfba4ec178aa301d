import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

const STAFF = 'internal@example.com'

test('staff create a draft offer (a bad cost first), see what publishing needs, complete it, publish it, find it live and unpublish it', async ({
  page,
}, info) => {
  // A demo seller and one of its product SKUs it has no open offer of, picked at random so the two
  // projects (and reruns) do not collide.
  const seller = dbValue<string>('select name from sellers where id = 1')
  const skuCode = dbValue<string>(
    `select code from product_skus where status = 'active'
       and id not in (select product_sku_id from seller_skus where seller_id = 1 and status != 'archived')
     order by random() limit 1`,
  )
  const unit = dbValue<string>(
    'select p.unit from product_skus s join products p on p.id = s.product_id where s.code = ?',
    skuCode,
  )
  const sellerCode = `E2E-${info.project.name}-${Date.now()}`.toUpperCase()

  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/skus/seller_skus/draft')
  await page.getByRole('link', { name: 'Add a seller SKU' }).click()
  await expect(page).toHaveURL('/skus/seller_skus/create')

  await page.getByLabel('Seller', { exact: true }).fill(seller)
  await page.getByLabel('Product SKU', { exact: true }).fill(skuCode.toLowerCase())
  await page.getByLabel('Seller’s code').fill(sellerCode)
  await page.getByLabel('Cost price (₹)').fill('12,34x')
  await page.getByLabel(/^MOQ/).fill('250')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(formMessage(page, 'Enter the cost price in rupees')).toBeVisible()
  await expect(page.getByLabel('Seller', { exact: true })).toHaveValue(seller)
  await expect(page.getByLabel('Product SKU', { exact: true })).toHaveValue(skuCode.toLowerCase())
  await expect(page.getByLabel('Seller’s code')).toHaveValue(sellerCode)
  await expect(page.getByLabel('Cost price (₹)')).toHaveValue('12,34x')
  await expect(page.getByLabel(/^MOQ/)).toHaveValue('250')

  await page.getByLabel('Cost price (₹)').fill('845.50')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/skus\/seller_skus\/\d+\/edit$/)
  const offerUrl = page.url()
  await expect(page.getByText('The offer is saved as a draft.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `${skuCode} from ${seller}` })).toBeVisible()
  await expect(page.getByText('Still missing to publish: monthly capacity, lead time.')).toBeVisible()

  // "Save and publish" with the lead time still empty: refused at that field, nothing saved, and what
  // was just typed stays in the form (issue 51: Publish used to throw it away).
  await page.getByLabel(/^Monthly capacity/).fill('12,000')
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByRole('alert')).toContainText('Enter the lead time in days to publish')
  await expect(page.getByLabel('Lead time (days)')).toHaveAccessibleDescription(
    /Enter the lead time in days to publish/,
  )
  await expect(page.getByLabel(/^Monthly capacity/)).toHaveValue('12,000')
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('A draft')
  await expect(page.getByText('Still missing to publish: lead time.')).toBeVisible()

  // Completed, saved and published in the one click.
  await page.getByLabel('Lead time (days)').fill('30')
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByText('The offer is saved and live.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

  // The live list finds it by the seller's code.
  await page.goto('/skus/seller_skus/live')
  await page.getByLabel('Search').fill(sellerCode)
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/[?&]q=/)
  const row = page.getByRole('row').filter({ hasText: sellerCode })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('₹845.50')
  await expect(row).toContainText(`12,000 ${unit}`)
  await expect(row).toContainText('30 days')
  await row.getByRole('link', { name: skuCode }).click()
  await expect(page).toHaveURL(offerUrl)

  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('The offer is back in draft.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save and publish' })).toBeVisible()
  const history = page.getByRole('region', { name: 'History of this offer' })
  await expect(history.getByText('Unpublished', { exact: true })).toBeVisible()
  await expect(history.getByText('Published', { exact: true })).toBeVisible()
  await page.goto(`/skus/seller_skus/draft?q=${encodeURIComponent(sellerCode)}`)
  await expect(page.getByRole('row').filter({ hasText: sellerCode })).toContainText('Ready')
})
