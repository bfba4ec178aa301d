import { expect, test, type Page } from '@playwright/test'
import { dbRow, dbValue, formMessage, signInAs, signOut } from './support'

// Seller orders from approval to production, on the demo orders (seed/orders.ts): the supplier
// team admin approves, takes down a counter-offer and rejects; admin accepts the counter-offer; the
// rejected lines move to another seller; the seller moves its lines on; the buyer follows.

const SUPPLIER_ADMIN = 'supplier_admin@example.com'
const QUEUE = '/supplier_team/admin/approvals/seller_orders'

/** A demo seller order waiting for approval, of the given seller (1: the demo seller), with or without a counter-offer, of the given buyer (optional). */
const waiting = (seller: number, counter: boolean, options: { buyer?: number; not?: number } = {}) =>
  dbRow<{ id: number; code: string; master_order_id: number }>(
    `select s.id, s.code, s.master_order_id from seller_orders s join master_orders m on m.id = s.master_order_id
      where s.status = 'pending_approval' and s.seller_id = ? and s.counter_offer_json is ${counter ? 'not ' : ''}null
        and m.buyer_id = coalesce(?, m.buyer_id) and s.id <> coalesce(?, 0)
        -- Not an order on credit hold: it is not in the queue until business finance releases it.
        and m.credit_hold != 'held'
      order by s.id limit 1`,
    seller,
    options.buyer ?? null,
    options.not ?? null,
  )
const statusOf = (id: number) => dbValue<string>('select status from seller_orders where id = ?', id)
const card = (page: Page, code: string) =>
  page.locator('section.seller-order').filter({ has: page.getByRole('heading', { name: new RegExp(`^${code} · `) }) })

test(
  'the supplier team admin approves, rejects and takes a counter-offer; admin accepts it; the seller produces and the buyer follows',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const forBuyer = waiting(1, false, { buyer: 1 })
    const another = waiting(1, false, { not: forBuyer.id })
    const toReject = waiting(2, false)
    const sellerName = dbValue<string>('select name from sellers where id = 1')
    await signInAs(page, SUPPLIER_ADMIN, '/supplier_team/admin')
    await page.goto(QUEUE)
    await expect(page.getByRole('heading', { name: 'Seller orders to approve' })).toBeVisible()

    // Approve the buyer's seller order with the bulk form, ticking its card.
    await card(page, forBuyer.code).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Approve the ticked seller orders' }).click()
    await expect(page.getByRole('status').getByText(`Approved ${forBuyer.code}.`)).toBeVisible()
    expect(statusOf(forBuyer.id)).toBe('approved')
    await expect(card(page, forBuyer.code)).toHaveCount(0)

    // A counter-offer: a bad line is refused at the line, with what was typed kept; then recorded.
    const offerCard = card(page, another.code)
    await offerCard.getByText('Record a counter-offer').click()
    await offerCard
      .getByLabel(/^Quantity/)
      .first()
      .fill('a lot')
    await offerCard.getByRole('button', { name: 'Record the counter-offer' }).click()
    await expect(formMessage(card(page, another.code), /^Enter the quantity the seller offers, in /)).toBeVisible()
    await expect(
      card(page, another.code)
        .getByLabel(/^Quantity/)
        .first(),
    ).toHaveValue('a lot')
    await card(page, another.code)
      .getByLabel(/^Quantity/)
      .first()
      .fill('150')
    await card(page, another.code).getByRole('button', { name: 'Record the counter-offer' }).click()
    await expect(page.getByRole('status').getByText('The counter-offer is recorded')).toBeVisible()
    await expect(card(page, another.code).getByText(/Counter-offer recorded/)).toBeVisible()
    expect(dbValue<string>('select counter_offer_json from seller_orders where id = ?', another.id)).toContain(
      '"quantityMilli":150000',
    )

    // Reject with a reason: refused without one, then rejected.
    await card(page, toReject.code).locator('summary', { hasText: 'Reject' }).click()
    await card(page, toReject.code)
      .getByRole('button', { name: `Reject ${toReject.code}` })
      .click()
    await expect(formMessage(card(page, toReject.code), 'Say why: the seller and the team read it')).toBeVisible()
    await card(page, toReject.code).getByLabel('Why').fill('The mill is closed for maintenance')
    await card(page, toReject.code)
      .getByRole('button', { name: `Reject ${toReject.code}` })
      .click()
    await expect(page.getByRole('status').getByText(`${toReject.code} is rejected.`)).toBeVisible()
    expect(statusOf(toReject.id)).toBe('rejected')

    // Its lines move to the demo seller, from the order's page: a new seller order waits for approval.
    await page.goto(`/supplier_team/admin/master_orders/${toReject.master_order_id}`)
    await page.getByLabel(`Move the lines of ${toReject.code} to`).fill(sellerName)
    await page.getByRole('button', { name: 'Move the lines' }).click()
    const choice = page.getByRole('radio', { name: new RegExp(sellerName) })
    if (await choice.count()) {
      await choice.first().check()
      await page.getByRole('button', { name: 'Move the lines' }).click()
    }
    await expect(page.getByRole('status').getByText(/The lines are moved to .*waits for approval/)).toBeVisible()
    const moved = dbValue<number>('select moved_to_id from seller_orders where id = ?', toReject.id)
    expect(statusOf(moved)).toBe('pending_approval')

    // Admin accepts the counter-offer in its own queue: the line changes and the seller order is approved.
    await signOut(page)
    await signInAs(page, 'admin@example.com', '/admin')
    await page.goto('/admin/approvals/seller_orders?offer=with')
    // Fewer than ordered: the buyer's agreement first (an admin may record it), then the acceptance.
    await expect(card(page, another.code).getByText(/Waiting for the buyer’s agreement/)).toBeVisible()
    await card(page, another.code)
      .getByRole('button', { name: `Record the buyer’s agreement to the counter-offer on ${another.code}` })
      .click()
    await expect(page.getByRole('status').getByText(/agreement to the change .* is recorded/)).toBeVisible()
    await card(page, another.code)
      .getByRole('button', { name: `Accept the counter-offer on ${another.code}` })
      .click()
    await expect(page.getByRole('status').getByText(`${another.code} is approved with its lines`)).toBeVisible()
    expect(statusOf(another.id)).toBe('approved')
    expect(
      dbValue<number>(
        'select quantity_milli from sub_orders where seller_order_id = ? order by line_no limit 1',
        another.id,
      ),
    ).toBe(150_000)

    // The seller starts production and moves a line to its next stage.
    await signOut(page)
    await signInAs(page, 'seller@example.com', '/seller')
    await page.goto(`/seller/master_orders/${forBuyer.master_order_id}`)
    await page.getByRole('button', { name: `Start production ${forBuyer.code}` }).click()
    await expect(page.getByRole('status').getByText(`${forBuyer.code} is in production.`)).toBeVisible()
    await page
      .getByRole('button', { name: /^Move line \d+ to / })
      .first()
      .click()
    await expect(page.getByRole('status').getByText(/The line is now at “.+”/)).toBeVisible()
    expect(statusOf(forBuyer.id)).toBe('in_production')

    // The buyer sees its order in production, with the line's stage; no seller, no seller order and no cost.
    await signOut(page)
    await signInAs(page, 'buyer@example.com', '/buyer')
    await page.goto(`/buyer/master_orders/${forBuyer.master_order_id}`)
    await expect(page.getByText(/^In production: .+ \(1 of \d+\)$/).first()).toBeVisible()
    await expect(page.getByText(sellerName)).toHaveCount(0)
    // No seller order as such, anywhere on the page (its history included).
    await expect(page.locator('#seller-order-' + forBuyer.id)).toHaveCount(0)
    await expect(page.getByText(forBuyer.code)).toHaveCount(0)
  },
)

test(
  'with JavaScript, rejecting asks for the reason in a dialog, and a declined counter-offer leaves the order waiting',
  { tag: '@js-only' },
  async ({ page }) => {
    // Sellers 2 and 3's demo orders: the journey without JavaScript works on seller 1's and rejects one
    // without an offer of seller 2's; the counter-offer journey takes seller 3's for the first buyer.
    const withOffer = waiting(2, true)
    const toReject = waiting(3, false, { buyer: 3 })
    await signInAs(page, SUPPLIER_ADMIN, '/supplier_team/admin')
    await page.goto(QUEUE)

    await card(page, withOffer.code).getByRole('button', { name: 'Decline the counter-offer' }).click()
    const dialog = page.getByRole('dialog', { name: `Decline the counter-offer on ${withOffer.code}?` })
    await dialog.getByRole('button', { name: `Decline the counter-offer on ${withOffer.code}` }).click()
    await expect(formMessage(dialog, /Say why|The seller reads it/).first()).toBeVisible()
    await dialog.getByLabel('Why').fill('The price is above the rate contract')
    await dialog.getByRole('button', { name: `Decline the counter-offer on ${withOffer.code}` }).click()
    await expect(page.getByRole('status').getByText(`${withOffer.code} waits for approval as it stood`)).toBeVisible()
    expect(dbValue<string | null>('select counter_offer_json from seller_orders where id = ?', withOffer.id)).toBeNull()
    expect(statusOf(withOffer.id)).toBe('pending_approval')

    await card(page, toReject.code).getByRole('button', { name: 'Reject', exact: true }).click()
    const rejectDialog = page.getByRole('dialog', { name: `Reject ${toReject.code}?` })
    await rejectDialog.getByLabel('Why').fill('Capacity is booked')
    await rejectDialog.getByRole('button', { name: `Reject ${toReject.code}` }).click()
    await expect(page.getByRole('status').getByText(`${toReject.code} is rejected.`)).toBeVisible()
    await expect(card(page, toReject.code)).toHaveCount(0)
    expect(statusOf(toReject.id)).toBe('rejected')
  },
)
