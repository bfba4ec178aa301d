import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs, signOut } from './support'

// The credit hold (docs/domain.md "Credit"), without JavaScript: staff place an order for a buyer
// already over its credit limit; the cart says so beforehand and the order waits on credit hold,
// unseen by its seller; business finance releases it with a reason from its portal.

test(
  'an order over the buyer’s limit waits on credit hold until business finance releases it',
  { tag: '@js-off-only' },
  async ({ page }) => {
    // The buyer of the demo's held order (over its limit), and one of its SKUs a live seller offers.
    const buyerId = dbValue<number>(`select buyer_id from master_orders where credit_hold = 'held' order by id limit 1`)
    const skuId = dbValue<number>(
      `select b.id from buyer_skus b
       join seller_skus s on s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null
       join sellers x on x.id = s.seller_id and x.status = 'active'
      where b.status = 'active' and b.buyer_id = ?
      order by b.id desc limit 1`,
      buyerId,
    )
    const code = dbValue<string>('select buyer_code from buyer_skus where id = ?', skuId)
    const buyer = dbValue<string>('select name from buyers where id = ?', buyerId)

    await signInAs(page, 'admin@example.com', '/admin')
    await page.goto('/master_order_cart')
    await page.getByLabel('Buyer', { exact: true }).fill(buyer)
    await page.getByRole('button', { name: 'Open the cart' }).click()
    await expect(page.getByRole('heading', { name: `Master order cart: ${buyer}` })).toBeVisible()
    // Beside the buyer: its limit, exposure, available credit and what is overdue.
    const credit = page.getByRole('region', { name: `Credit of ${buyer}` })
    await expect(credit.getByText('Credit limit')).toBeVisible()
    await expect(credit.locator('[data-credit="exposure"]')).toContainText('₹')
    await expect(credit.locator('[data-credit="available"]')).toContainText('-₹')

    await page.getByLabel('Add a buyer SKU').fill(code)
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('status').getByText(`${code} is added`)).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: code })
    await row.getByLabel(`Date ${code} is needed by`).fill(`${new Date().getFullYear() + 1}-03-15`)
    await page.getByRole('button', { name: 'Place the order' }).click()
    await expect(page).toHaveURL(/\/master_orders\/\d+$/)
    await expect(page.getByRole('status').getByText(/on credit hold/)).toBeVisible()
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    const orderCode = dbValue<string>('select code from master_orders where id = ?', orderId)
    expect(dbValue<string>('select credit_hold from master_orders where id = ?', orderId)).toBe('held')
    const sellerOrder = dbValue<string>(
      'select code from seller_orders where master_order_id = ? order by id limit 1',
      orderId,
    )
    expect(dbValue<number>(`select count(*) from outbox_emails where subject like ?`, `${sellerOrder}:%`)).toBe(0)

    await signOut(page)
    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.getByRole('link', { name: 'Credit holds' }).first().click()
    await expect(page.getByRole('heading', { name: 'Credit holds', level: 1 })).toBeVisible()
    const card = page.locator(`[data-hold="${orderCode}"]`)
    await expect(card).toContainText('over its limit')
    await card.getByRole('button', { name: 'Release the order' }).click()
    await expect(formMessage(page.locator(`[data-hold="${orderCode}"]`), /Say why/)).toBeVisible()
    await page
      .locator(`[data-hold="${orderCode}"]`)
      .getByLabel(/^Reason/)
      .fill('Advance received against the order')
    await page.locator(`[data-hold="${orderCode}"]`).getByRole('button', { name: 'Release the order' }).click()
    await expect(page.getByRole('status').getByText(`Order ${orderCode} is released from credit hold`)).toBeVisible()
    await expect(page.locator(`[data-hold="${orderCode}"]`)).toHaveCount(0)
    expect(dbValue<string>('select credit_hold from master_orders where id = ?', orderId)).toBe('released')
    expect(
      dbValue<number>(`select count(*) from outbox_emails where subject like ?`, `${sellerOrder}:%`),
    ).toBeGreaterThan(0)
    // The order's history tells finance who released it and why.
    await page.goto(`/biz_fin/master_orders/${orderId}`)
    await expect(page.getByText('Advance received against the order').first()).toBeVisible()
  },
)
