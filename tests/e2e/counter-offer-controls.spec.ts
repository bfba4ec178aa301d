import { expect, test, type Page } from '@playwright/test'
import { dbRow, dbValue, signInAs, signOut } from './support'

// A counter-offer as the controls of issue 37 meet it, without JavaScript (docs/domain.md "Orders":
// counter-offer controls): the supplier team admin records the seller's offer (fewer, later) on an
// order's page and reads it beside the order, but is not offered to accept its own offer; the buyer
// agrees to the change in its portal; an admin reads the comparison with the margin and accepts it;
// the buyer's history then tells what changed.

const section = (page: Page, code: string) =>
  page.locator('section.seller-order').filter({ has: page.getByRole('heading', { name: new RegExp(`^${code}`) }) })

test(
  'a counter-offer is compared, agreed by the buyer in its portal and accepted by another person',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const buyerId = dbValue<number>(`select buyer_id from users where email = 'buyer@example.com'`)
    // The demo buyer's seller order of a third seller waiting for approval (approvals.spec.ts takes the
    // first two sellers'; journeys that place orders place them later, so the seed's comes first).
    const target = dbRow<{ id: number; code: string; master_order_id: number }>(
      `select s.id, s.code, s.master_order_id from seller_orders s join master_orders m on m.id = s.master_order_id
      where s.status = 'pending_approval' and s.counter_offer_json is null and m.buyer_id = ? and s.seller_id not in (1, 2)
      order by s.id limit 1`,
      buyerId,
    )
    const line = dbRow<{ quantity_milli: number; required_by: string; buyer_code: string }>(
      `select l.quantity_milli, l.required_by, b.buyer_code from sub_orders l join buyer_skus b on b.id = l.buyer_sku_id
      where l.seller_order_id = ? order by l.line_no limit 1`,
      target.id,
    )
    const fewer = String(Math.max(1, Math.floor(line.quantity_milli / 2000)))
    const later = new Date(Date.parse(`${line.required_by}T00:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10)

    // The supplier team admin records the seller's offer on the order's page.
    await signInAs(page, 'supplier_admin@example.com', '/supplier_team/admin')
    await page.goto(`/supplier_team/admin/master_orders/${target.master_order_id}`)
    const card = section(page, target.code)
    await card.getByText('Record a counter-offer').click()
    await card
      .getByLabel(/^Quantity/)
      .first()
      .fill(fewer)
    await card.getByLabel('Ready by').first().fill(later)
    await card.getByRole('button', { name: 'Record the counter-offer' }).click()
    await expect(page.getByRole('status').getByText('The counter-offer is recorded')).toBeVisible()
    // Beside the order: fewer, later than needed-by, waiting for the buyer; who recorded it is not offered to accept it.
    const comparison = section(page, target.code).getByRole('table', {
      name: `Counter-offer on ${target.code} beside the order`,
    })
    await expect(comparison).toBeVisible()
    await expect(comparison.getByText('later than needed-by')).toBeVisible()
    await expect(section(page, target.code).getByText(/Waiting for the buyer’s agreement/)).toBeVisible()
    await expect(section(page, target.code).getByText(/you recorded it, so another colleague accepts it/)).toBeVisible()
    await expect(
      section(page, target.code).getByRole('button', { name: `Accept the counter-offer on ${target.code}` }),
    ).toHaveCount(0)

    // The buyer reads the proposed change (no seller, no cost) and agrees to it.
    await signOut(page)
    await signInAs(page, 'buyer@example.com', '/buyer')
    await page.goto(`/buyer/master_orders/${target.master_order_id}`)
    const proposal = page.getByRole('region', { name: 'A change to your order needs your agreement' })
    await expect(proposal).toContainText(line.buyer_code)
    await expect(proposal).toContainText('Order total (with GST)')
    await expect(proposal.getByText(/cost|margin/i)).toHaveCount(0)
    await proposal.getByRole('button', { name: `Agree to the change to ${line.buyer_code}` }).click()
    await expect(page.getByRole('status').getByText(/agreement to the change .* is recorded/)).toBeVisible()
    // Agreed: no longer asked (the demo's other change on this order still waits for the buyer).
    await expect(page.getByRole('button', { name: `Agree to the change to ${line.buyer_code}` })).toHaveCount(0)

    // An admin reads the comparison with the margin and the buyer's total, and accepts it.
    await signOut(page)
    await signInAs(page, 'admin@example.com', '/admin')
    await page.goto(`/admin/master_orders/${target.master_order_id}`)
    const adminCard = section(page, target.code)
    await expect(adminCard.getByText(/^Margin: ₹/)).toBeVisible()
    await expect(adminCard.getByText(/^Buyer’s total \(with GST\): ₹/)).toBeVisible()
    await expect(adminCard.getByText(/^The buyer agreed/)).toBeVisible()
    await adminCard.getByRole('button', { name: `Accept the counter-offer on ${target.code}` }).click()
    await expect(page.getByRole('status').getByText(`${target.code} is approved with its lines`)).toBeVisible()
    expect(dbValue<string>('select status from seller_orders where id = ?', target.id)).toBe('approved')

    // The buyer's order page tells what changed.
    await signOut(page)
    await signInAs(page, 'buyer@example.com', '/buyer')
    await page.goto(`/buyer/master_orders/${target.master_order_id}`)
    await expect(page.getByText(new RegExp(`^Quantity of ${line.buyer_code} changed from`))).toBeVisible()
  },
)
