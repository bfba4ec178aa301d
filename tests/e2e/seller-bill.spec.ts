import { expect, test } from '@playwright/test'
import { dbRow, signInAs } from './support'

// The seller side of money without JavaScript (issue 38): finance records a seller's bill against a
// delivered seller order (it matches, so it is approved, and the seller being over section 194Q's
// ₹50 lakh this year, TDS is deducted), pays it from the payables page with the day and the UTR, and
// the seller sees on its money page what was paid, when, the UTR and the TDS.
test(
  'finance records a seller bill, pays it with TDS, and the seller sees it',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const order = dbRow<{ code: string; seller: string }>(
      `select so.code, s.name as seller from seller_orders so join sellers s on s.id = so.seller_id
       join users u on u.seller_id = so.seller_id where u.email = 'seller@example.com' and so.status = 'delivered'
       and not exists (select 1 from seller_bills b where b.seller_order_id = so.id) order by so.id desc limit 1`,
    )
    const number = `E2E-${String(Date.now()).slice(-8)}`
    const utr = `UTR${String(Date.now()).slice(-10)}`

    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.goto('/logistics/settlements/seller_bills')
    await page.getByLabel('Record a bill against seller order').fill(order.code)
    await page.getByRole('button', { name: 'Record a bill' }).click()
    await expect(page.getByRole('heading', { name: `Record a bill: ${order.code}` })).toBeVisible()
    // The lines come filled with what was ordered and accepted, at the ordered cost and the expected tax.
    await page.getByLabel('Seller’s invoice number').fill(number)
    await page.getByRole('button', { name: 'Record the bill' }).click()
    await expect(page.getByRole('heading', { name: `Seller bill ${number}` })).toBeVisible()
    await expect(page.getByText('Approved', { exact: true })).toBeVisible()
    const bill = dbRow<{ id: number; tds: number; owed: number }>(
      `select id, tds_minor as tds, total_minor - paid_minor - debited_minor - tds_minor as owed from seller_bills where number = '${number}'`,
    )
    expect(Number(bill.tds)).toBeGreaterThan(0)

    await page.goto('/logistics/settlements/payables')
    const run = page.locator('form', { has: page.getByRole('heading', { name: order.seller }) })
    await run.getByRole('checkbox', { name: `Pay ${number}` }).check()
    await run.getByLabel('UTR').fill(utr)
    await run.getByRole('button', { name: `Pay ${order.seller}` }).click()
    await expect(page.getByText(`(UTR ${utr})`)).toBeVisible()

    await page.context().clearCookies()
    await signInAs(page, 'seller@example.com', '/seller')
    await page.goto('/seller/money')
    await expect(page.getByRole('heading', { name: 'Money: bills and payouts', level: 1 })).toBeVisible()
    const paid = page.getByRole('row', { name: new RegExp(utr) })
    await expect(paid).toBeVisible()
    const rupees = (paise: number) =>
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100)
    await expect(paid).toContainText(`${number}: ${rupees(Number(bill.owed))}, TDS ${rupees(Number(bill.tds))}`)
  },
)
