import { expect, test } from '@playwright/test'
import { dbValue, signInAs } from './support'

// The cart's seller choice shows each seller's cost, lead time, monthly capacity and QC pass rate,
// sorted by a link; a line needed sooner than its seller's lead time is warned about, not refused
// (docs/domain.md "Approval rules"). Without JavaScript: radios and links alone.

test('staff compare the sellers of a line, sort them, choose one, and are warned of its lead time @js-off-only', async ({
  page,
}) => {
  // A buyer with default addresses whose SKU at least two active sellers offer live.
  const skuId = dbValue<number>(
    `select b.id from buyer_skus b
       join buyers y on y.id = b.buyer_id and y.status = 'active'
      where b.status = 'active'
        and (select count(*) from seller_skus s join sellers x on x.id = s.seller_id and x.status = 'active'
              where s.product_sku_id = b.product_sku_id and s.status = 'live' and s.lead_time_days is not null) >= 2
      order by b.buyer_id desc, b.id limit 1`,
  )
  const code = dbValue<string>('select buyer_code from buyer_skus where id = ?', skuId)
  const buyerId = dbValue<number>('select buyer_id from buyer_skus where id = ?', skuId)
  const slowest = dbValue<string>(
    `select x.name from seller_skus s join sellers x on x.id = s.seller_id and x.status = 'active'
       join buyer_skus b on b.product_sku_id = s.product_sku_id
      where b.id = ? and s.status = 'live' and s.lead_time_days is not null
      order by s.lead_time_days desc, x.name limit 1`,
    skuId,
  )
  const slowestDays = dbValue<number>(
    `select max(s.lead_time_days) from seller_skus s join sellers x on x.id = s.seller_id and x.status = 'active'
       join buyer_skus b on b.product_sku_id = s.product_sku_id
      where b.id = ? and s.status = 'live'`,
    skuId,
  )

  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto(`/master_order_cart?buyer=${buyerId}`)
  await page.getByLabel('Add a buyer SKU').fill(code)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').getByText(`${code} is added`)).toBeVisible()

  const sellers = page.getByRole('table', { name: `Sellers of ${code}` })
  await expect(sellers.getByRole('columnheader')).toHaveText([
    'Seller',
    'Cost',
    'Lead time',
    'Capacity a month',
    'QC pass rate',
  ])
  // Every figure is there in full: a cost in rupees, days, and a pass rate or a word that there is none.
  const first = sellers.getByRole('row').nth(1)
  await expect(first.getByRole('cell').nth(0)).toHaveText(/^₹[\d,]+(\.\d\d)?\/\w+/)
  await expect(first.getByRole('cell').nth(1)).toHaveText(/^\d+ days?$/)
  await expect(first.getByRole('cell').nth(3)).toHaveText(/^(\d+% \(\d+ of \d+\)|no inspections yet)$/)

  // Sorted by lead time, the slowest is last.
  await page.getByRole('link', { name: 'lead time (shortest first)' }).click()
  await expect(page).toHaveURL(/sellers=lead/)
  await expect(sellers.getByRole('row').last().getByRole('rowheader')).toContainText(slowest)

  // Choose the slowest seller, needed tomorrow: a warning at the line, and the line still counts.
  const tomorrow = dbValue<string>(`select date('now', '+1 day')`)
  const row = page.getByRole('row').filter({ hasText: code }).first()
  await row.getByLabel(`Date ${code} is needed by`).fill(tomorrow)
  await sellers.getByRole('radio', { name: slowest }).check()
  await page.getByRole('button', { name: 'Save the cart' }).click()
  await expect(page.getByRole('status').getByText('The cart is saved.')).toBeVisible()
  await expect(sellers.getByRole('radio', { name: slowest })).toBeChecked()
  await expect(page.getByRole('note')).toContainText(`Warning: ${slowest} needs ${slowestDays} days: ready`)
  await expect(page.getByText('1 line ready to order')).toBeVisible()

  // Leave the cart empty for the other journeys.
  await page.getByRole('button', { name: `Remove ${code}` }).click()
  await expect(page.getByRole('status').getByText('The line is removed')).toBeVisible()
})
