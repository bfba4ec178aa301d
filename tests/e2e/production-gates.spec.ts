import { expect, test } from '@playwright/test'
import { dbRow, dbValue, signInAs } from './support'

// Production gates (docs/domain.md "Orders"), without JavaScript: the demo seller's order in production
// cannot be marked ready for QC while its lines are short of the QC gate (the button is disabled, with
// the lines and their stages said beside it); the seller moves each line through its stages, and then it can.

test(
  'the seller marks an order ready for QC only once its lines have passed every stage before the QC gate',
  { tag: '@js-off-only' },
  async ({ page }) => {
    // The demo seller's first order in production (seed/orders.ts: two stages done of each line).
    const order = dbRow<{ id: number; code: string; master_order_id: number }>(
      `select s.id, s.code, s.master_order_id from seller_orders s
      where s.status = 'in_production' and s.seller_id = (select seller_id from users where email = 'seller@example.com')
      order by s.id limit 1`,
    )
    await signInAs(page, 'seller@example.com', '/seller')
    await page.goto(`/seller/master_orders/${order.master_order_id}`)
    const card = page.locator(`#seller-order-${order.id}`)

    // Held: the button is there but disabled, and says which lines are where.
    const ready = card.getByRole('button', { name: `Ready for QC ${order.code}` })
    await expect(ready).toBeDisabled()
    await expect(
      card.getByText(/^Line \d+ is at .+ \(\d+ of \d+\).*: every stage before QC must be passed first\.$/),
    ).toBeVisible()
    expect(dbValue<string>('select status from seller_orders where id = ?', order.id)).toBe('in_production')

    // The seller moves its lines on, one stage at a time, until each is held at its QC gate.
    for (let moves = 0; moves < 20; moves++) {
      const move = card.getByRole('button', { name: /^Move line \d+ to / })
      if ((await move.count()) === 0) break
      await move.first().click()
      await expect(page.getByRole('status').getByText(/The line is now at “.+”/)).toBeVisible()
    }
    await expect(card.getByText('QC gate: held here until QC passes.').first()).toBeVisible()
    await expect(card.getByText(/every stage before QC must be passed first/)).toHaveCount(0)

    // Now the step is offered, and taken.
    await card.getByRole('button', { name: `Ready for QC ${order.code}` }).click()
    await expect(page.getByRole('status').getByText(new RegExp(order.code))).toBeVisible()
    expect(dbValue<string>('select status from seller_orders where id = ?', order.id)).toBe('ready_for_qc')
    // Every line stands at its category's first QC gate.
    expect(
      dbValue<number>(
        `select count(*) from sub_orders l where l.seller_order_id = ? and l.stage_position <
        (select min(w.position) from workflow_stages w where w.category_id = l.category_id and w.qc_gate = 1)`,
        order.id,
      ),
    ).toBe(0)
  },
)
