import { expect, test } from '@playwright/test'
import { formatMoney, kolkataDay } from '../../app/utils/format'
import { dbValue, formMessage, signInAs, signOut } from './support'

// The credit hold (docs/domain.md "Credit"), without JavaScript: staff place an order for a buyer
// already over its credit limit; the cart says so beforehand and the order waits on credit hold,
// unseen by its seller; business finance releases it with a reason from its portal, whole or in
// part. The demo's held order shows its hold to finance in figures and to its buyer in its own
// words; finance's queue reads the buyer's credit today; a cancel needs its box ticked.

/** The demo's order left on credit hold (seed/orders.ts), the first held. */
const demoHeld = () => {
  const id = dbValue<number>(`select id from master_orders where credit_hold = 'held' order by id limit 1`)
  return {
    id,
    code: dbValue<string>('select code from master_orders where id = ?', id),
    buyerId: dbValue<number>('select buyer_id from master_orders where id = ?', id),
  }
}

/** What a buyer owes today on invoices past their due date (India's day), as its pages read it. */
const overdueToday = (buyerId: number) =>
  dbValue<number>(
    `select coalesce(sum(total_minor + debited_minor - paid_minor - credited_minor), 0) from buyer_invoices
      where buyer_id = ? and status = 'open' and due_on < ?`,
    buyerId,
    kolkataDay(),
  )

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
      .getByLabel(/^Reason for release/)
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

test(
  'a held order shows its hold to finance in figures and to its buyer as waiting for payment',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const held = demoHeld()
    const overdue = overdueToday(held.buyerId)
    // The demo buyer has an invoice past its due date: the buyer's words name it.
    expect(overdue).toBeGreaterThan(0)

    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.goto(`/biz_fin/master_orders/${held.id}`)
    await expect(page.locator('[data-credit-hold]')).toHaveText(
      /^Credit hold: (overdue ₹[\d,.]+|over limit by ₹[\d,.]+)( \/ over limit by ₹[\d,.]+)? — held since \d{1,2} \w{3} \d{4}$/,
    )
    await signOut(page)

    await signInAs(page, 'buyer@example.com', /\/buyer/)
    await page.goto(`/buyer/master_orders/${held.id}`)
    const banner = page.locator('[data-credit-hold]')
    await expect(banner).toContainText(`Waiting for payment of overdue invoices: ${formatMoney(overdue)} overdue.`)
    await expect(banner.getByRole('link', { name: 'See your invoices' })).toHaveAttribute(
      'href',
      '/buyer/invoices?status=overdue',
    )
    // None of the platform's words for its credit anywhere on the buyer's page.
    await expect(page.locator('body')).not.toContainText(/credit hold|exposure|grace period/i)
    // Its list row says the same in short.
    await page.goto(`/buyer/master_orders?q=${held.code}`)
    await expect(page.getByRole('row').filter({ hasText: held.code })).toContainText('Waiting for payment')
  },
)

test(
  'finance’s queue reads the buyer’s credit today, and refuses a cancel whose box is not ticked',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const held = demoHeld()
    const buyer = dbValue<string>('select name from buyers where id = ?', held.buyerId)
    const limit = dbValue<number>('select credit_limit_minor from buyers where id = ?', held.buyerId)

    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.goto('/biz_fin/credit_holds')
    const card = page.locator(`[data-hold="${held.code}"]`)
    const figures = card.getByRole('table', { name: `Credit of ${buyer} when held and today` })
    // Today's column: the buyer's limit, what is overdue now, and an exposure in rupees.
    await expect(figures.locator('[data-figure="limit"] td').last()).toHaveText(formatMoney(limit))
    await expect(figures.locator('[data-figure="overdue-all"] td').last()).toHaveText(
      formatMoney(overdueToday(held.buyerId)),
    )
    await expect(figures.locator('[data-figure="exposure"] td').last()).toHaveText(/^₹[\d,]+\.\d\d$/)
    await expect(card.getByRole('link', { name: `Ledger and ageing of ${buyer}` })).toHaveAttribute(
      'href',
      `/logistics/settlements/buyers/${held.buyerId}`,
    )

    // Cancel without ticking the box: refused at the box, the order still held and placed.
    await card.getByText('Cancel the order…').click()
    await card.getByLabel(/^Reason for cancelling/).fill('The buyer has stopped paying')
    await card.getByRole('button', { name: 'Cancel the order' }).click()
    await expect(formMessage(page.locator(`[data-hold="${held.code}"]`), /Tick the box/)).toBeVisible()
    await expect(
      page.locator(`[data-hold="${held.code}"]`).getByLabel(`Yes, cancel ${held.code} for ${buyer}`),
    ).not.toBeChecked()
    expect(dbValue<string>('select credit_hold from master_orders where id = ?', held.id)).toBe('held')
    expect(dbValue<string>('select status from master_orders where id = ?', held.id)).toBe('placed')

    // The ledger and ageing the card links opens for finance.
    await page
      .locator(`[data-hold="${held.code}"]`)
      .getByRole('link', { name: `Ledger and ageing of ${buyer}` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/logistics/settlements/buyers/${held.buyerId}$`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(buyer)
  },
)

test(
  'finance releases part of a held order: the seller orders not ticked are cancelled',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const { buyerId } = demoHeld()
    // Two of the held buyer's SKUs, each offered live by a different active seller.
    const pick = (exceptSeller: number) =>
      dbValue<string>(
        `select b.id || ':' || x.id || ':' || x.name from buyer_skus b
           join seller_skus s on s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null
           join sellers x on x.id = s.seller_id and x.status = 'active'
          where b.status = 'active' and b.buyer_id = ? and x.id != ?
          order by b.id, x.id limit 1`,
        buyerId,
        exceptSeller,
      ).split(':')
    const [skuA, sellerA, sellerAName] = pick(0)
    const [skuB, , sellerBName] = dbValue<string>(
      `select b.id || ':' || x.id || ':' || x.name from buyer_skus b
         join seller_skus s on s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null
         join sellers x on x.id = s.seller_id and x.status = 'active'
        where b.status = 'active' and b.buyer_id = ? and x.id != ? and b.id != ?
        order by b.id desc, x.id limit 1`,
      buyerId,
      Number(sellerA),
      Number(skuA),
    ).split(':')
    const codeA = dbValue<string>('select buyer_code from buyer_skus where id = ?', Number(skuA))
    const codeB = dbValue<string>('select buyer_code from buyer_skus where id = ?', Number(skuB))

    // Another staff member's cart than the first journey's, so the two never share one.
    await signInAs(page, 'internal@example.com', '/dashboard')
    await page.goto(`/master_order_cart?buyer=${buyerId}`)
    for (const code of [codeA, codeB]) {
      await page.getByLabel('Add a buyer SKU').fill(code)
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await expect(page.getByRole('status').getByText(`${code} is added`)).toBeVisible()
    }
    const needed = `${new Date().getFullYear() + 1}-04-20`
    for (const [code, seller] of [
      [codeA, sellerAName],
      [codeB, sellerBName],
    ] as const) {
      await page.getByRole('row').filter({ hasText: code }).first().getByLabel(`Date ${code} is needed by`).fill(needed)
      await page
        .getByRole('table', { name: `Sellers of ${code}` })
        .getByRole('radio', { name: seller })
        .check()
    }
    await page.getByRole('button', { name: 'Place the order' }).click()
    await expect(page).toHaveURL(/\/master_orders\/\d+$/)
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    const orderCode = dbValue<string>('select code from master_orders where id = ?', orderId)
    expect(dbValue<string>('select credit_hold from master_orders where id = ?', orderId)).toBe('held')
    const sellerOrderOf = (name: string) =>
      dbValue<string>(
        `select o.code from seller_orders o join sellers x on x.id = o.seller_id
          where o.master_order_id = ? and x.name = ?`,
        orderId,
        name,
      )
    const [goes, stays] = [sellerOrderOf(sellerAName), sellerOrderOf(sellerBName)]
    await signOut(page)

    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.goto('/biz_fin/credit_holds')
    const card = page.locator(`[data-hold="${orderCode}"]`)
    await card.getByRole('checkbox', { name: new RegExp(`^${stays} `) }).uncheck()
    await card.getByLabel(/^Reason for release/).fill('Half the order is covered by the advance')
    await card.getByRole('button', { name: 'Release the order' }).click()
    await expect(page.getByRole('status').getByText(new RegExp(`${stays} is cancelled`))).toBeVisible()
    expect(dbValue<string>('select credit_hold from master_orders where id = ?', orderId)).toBe('released')
    expect(dbValue<string>('select status from seller_orders where code = ?', goes)).toMatch(
      /^(pending_approval|approved)$/,
    )
    expect(dbValue<string>('select status from seller_orders where code = ?', stays)).toBe('cancelled')
    // The cancelled part's seller never heard of it; the released part's did.
    expect(dbValue<number>(`select count(*) from outbox_emails where subject like ?`, `${stays}:%`)).toBe(0)
    expect(dbValue<number>(`select count(*) from outbox_emails where subject like ?`, `${goes}:%`)).toBeGreaterThan(0)
  },
)
