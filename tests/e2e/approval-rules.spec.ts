import { expect, test, type Page } from '@playwright/test'
import { dbRow, dbValue, formMessage, signInAs, signOut } from './support'

// The approval rules (docs/domain.md "Approval rules"), without JavaScript: admin sets a category's
// margin floor and second-approval threshold; a big seller order of it needs two different
// approvers; a direct price edit below the floor becomes a price-change request (below cost is
// refused), which admin weighs on its page with the cost, the margins and the open orders. The
// category's rules are cleared at the end: the other journeys share the demo database.

const ADMIN = 'admin@example.com'
const SUPPLIER_ADMIN = 'supplier_admin@example.com'
const STAFF = 'internal@example.com'

const card = (page: Page, code: string) =>
  page.locator('section.seller-order').filter({ has: page.getByRole('heading', { name: new RegExp(`^${code} · `) }) })
const rupees = (paise: number) => (paise / 100).toFixed(2)

test(
  'admin sets a floor and a threshold; a big order needs two approvers; a price edit below the floor becomes a request',
  { tag: '@js-off-only' },
  async ({ page }) => {
    // Seller 1's waiting demo order for buyer 2, of one category: the approvals journey decides seller 1's
    // orders for buyer 1 and its first one, and only rejects the one above this one's value in its
    // category (seller 2's). The threshold set just below its value is cleared once it is approved.
    const order = dbRow<{ id: number; code: string; value_minor: number; category_id: number }>(
      `select s.id, s.code, s.value_minor, min(l.category_id) as category_id
         from seller_orders s join sub_orders l on l.seller_order_id = s.id
         join master_orders m on m.id = s.master_order_id
        where s.status = 'pending_approval' and s.seller_id = 1 and s.counter_offer_json is null and m.buyer_id = 2
        group by s.id, s.code, s.value_minor having count(distinct l.category_id) = 1
        order by s.id limit 1`,
    )
    // A buyer SKU of that category priced well above its lowest live seller cost, with no request waiting.
    const sku = dbRow<{ id: number; price: number; cost: number }>(
      `select b.id, v.price_minor as price, min(o.cost_minor) as cost
         from buyer_skus b join product_skus p on p.id = b.product_sku_id
         join buyer_sku_versions v on v.buyer_sku_id = b.id and v.number = b.current_version
         join seller_skus o on o.product_sku_id = b.product_sku_id and o.status = 'live' and o.cost_minor is not null
         join sellers se on se.id = o.seller_id and se.status = 'active'
        where p.category_id = ? and b.status = 'active' and v.effective_from <= ?
          and not exists (select 1 from price_change_requests r where r.buyer_sku_id = b.id and r.status = 'pending')
        group by b.id, v.price_minor having v.price_minor > 1.25 * min(o.cost_minor)
        order by b.id desc limit 1`,
      order.category_id,
      new Date().toISOString(),
    )
    const threshold = rupees(order.value_minor - 100)

    // Admin sets the rules: a bad floor is refused at its field, keeping what was typed.
    await signInAs(page, ADMIN, /\/admin/)
    await page.goto(`/admin/categories/${order.category_id}/edit`)
    await page.getByLabel('Margin floor (%)').fill('150')
    await page.getByLabel('Second approver above (₹)').fill(threshold)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(formMessage(page, /^Enter the margin floor as a percentage from 0 to 100/)).toBeVisible()
    await expect(page.getByLabel('Margin floor (%)')).toHaveValue('150')
    await page.getByLabel('Margin floor (%)').fill('10')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('status').getByText(/ is saved\.$/)).toBeVisible()
    await expect(page.getByTestId('approval-rules')).toContainText('margin floor 10 %')
    await expect(page.getByTestId('approval-rules')).toContainText('second approver above ₹')

    // The first approval is recorded and the order still waits; the same person again is refused.
    await page.goto('/admin/approvals/seller_orders?perPage=100')
    await card(page, order.code)
      .getByRole('button', { name: `Approve ${order.code}` })
      .click()
    await expect(
      page.getByRole('status').getByText(`Your first approval of ${order.code} is recorded`, { exact: false }),
    ).toBeVisible()
    await expect(card(page, order.code).getByText(/a different person approves it next/)).toBeVisible()
    await card(page, order.code)
      .getByRole('button', { name: `Approve ${order.code}` })
      .click()
    await expect(page.getByText(`You gave ${order.code} its first approval`, { exact: false })).toBeVisible()
    expect(dbValue<string>('select status from seller_orders where id = ?', order.id)).toBe('pending_approval')
    await signOut(page)

    // A different person approves it.
    await signInAs(page, SUPPLIER_ADMIN, '/supplier_team/admin')
    await page.goto('/supplier_team/admin/approvals/seller_orders?perPage=100')
    await card(page, order.code)
      .getByRole('button', { name: `Approve ${order.code}` })
      .click()
    await expect(page.getByRole('status').getByText(`${order.code} is approved.`)).toBeVisible()
    const decided = dbRow<{ first_approved_by: number; decided_by: number }>(
      'select first_approved_by, decided_by from seller_orders where id = ?',
      order.id,
    )
    expect(decided.first_approved_by).not.toBe(decided.decided_by)
    await signOut(page)

    // Admin clears the threshold at once (other journeys approve orders), keeping the floor.
    await signInAs(page, ADMIN, /\/admin/)
    await page.goto(`/admin/categories/${order.category_id}/edit`)
    await page.getByLabel('Second approver above (₹)').fill('')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByTestId('approval-rules')).toContainText('margin floor 10 %; second approver never needed')
    await signOut(page)

    // Staff: a price below cost is refused at the field; one below the floor becomes a request.
    await signInAs(page, STAFF, '/dashboard')
    await page.goto(`/skus/buyer_skus/${sku.id}/edit`)
    await page.getByLabel('Price (₹)').fill(rupees(sku.cost - 100))
    await page.getByRole('button', { name: 'Save as a new version' }).click()
    await expect(formMessage(page, /is below the cost/)).toBeVisible()
    const low = Math.ceil((sku.cost * 1.02) / 100) * 100
    await page.getByLabel('Price (₹)').fill(rupees(low))
    await page.getByRole('button', { name: 'Save as a new version' }).click()
    await expect(page.getByText(/so it was not saved: price-change request #\d+ is made for you/)).toBeVisible()
    const requestId = dbValue<number>(
      "select id from price_change_requests where buyer_sku_id = ? and status = 'pending'",
      sku.id,
    )
    expect(
      dbValue<number>(
        'select v.price_minor from buyer_sku_versions v join buyer_skus b on b.id = v.buyer_sku_id and v.number = b.current_version where b.id = ?',
        sku.id,
      ),
    ).toBe(sku.price)
    await signOut(page)

    // Admin weighs it (cost, margins, open orders), rejects it, and clears the category's rules.
    await signInAs(page, ADMIN, /\/admin/)
    await page.goto(`/admin/approvals/buyer_skus/pricing_requests/${requestId}`)
    const margins = page.getByRole('region', { name: 'Cost and margin' })
    await expect(margins).toContainText('the lowest live seller cost')
    await expect(margins).toContainText('Below the floor')
    await expect(page.getByTestId('open-orders')).toHaveText(/^(none|\d+ master orders? not yet invoiced: .+)$/)
    await page.getByLabel('Why it is rejected').fill('Below our floor for this category')
    await page.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect(page.getByRole('status').getByText(/rejected/i)).toBeVisible()
    await page.goto(`/admin/categories/${order.category_id}/edit`)
    await page.getByLabel('Margin floor (%)').fill('')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByTestId('approval-rules')).toContainText('margin floor none; second approver never needed')
  },
)
