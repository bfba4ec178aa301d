import { expect, test, type Locator, type Page } from '@playwright/test'
import { demoValue } from '../../seed/qc'
import { dbRow, dbValue, signInAs } from './support'

// Keyboard only (issue 17): placing an order, approving a seller order and submitting an
// inspection with Tab, Shift+Tab, typing, arrows, Space and Enter — no pointer. Each step moves
// focus the way a keyboard user would, from wherever it is, so a control out of the tab order, a
// trap or a lost focus after a page change fails the journey.

/** Tabs (forwards) from wherever focus is until the control has it; fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 400) {
  await expect(target).toBeVisible()
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${target} never took the focus in ${max} presses of Tab`)
}

// The order placed by the first journey is the one whose seller order the second approves.
test.describe.configure({ mode: 'serial' })
let placed = 0

test('an order is placed from the cart with the keyboard alone', { tag: '@js-only' }, async ({ page }) => {
  // Admin's own cart (the orders journey uses the internal user's), for a buyer with both default addresses.
  const sku = dbRow<{ code: string; buyer: string; buyer_id: number }>(
    `select b.buyer_code as code, y.name as buyer, y.id as buyer_id from buyer_skus b
       join buyers y on y.id = b.buyer_id and y.status = 'active'
       join seller_skus s on s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null
       join sellers x on x.id = s.seller_id and x.status = 'active'
      where b.status = 'active'
        and exists (select 1 from addresses a where a.buyer_id = y.id and a.kind = 'shipping' and a.is_default = 1)
        and exists (select 1 from addresses a where a.buyer_id = y.id and a.kind = 'billing' and a.is_default = 1)
        -- The cart's first choice (the cheapest live offer) is a seller whose orders wait for approval.
        and s.id = (select s2.id from seller_skus s2 join sellers x2 on x2.id = s2.seller_id and x2.status = 'active'
                     where s2.product_sku_id = b.product_sku_id and s2.status = 'live' and s2.cost_minor is not null order by s2.cost_minor, s2.id limit 1)
        and x.auto_approve_orders = 0
        -- A buyer with credit to spare (none of its orders was ever held): the order goes to its seller.
        and not exists (select 1 from master_orders h where h.buyer_id = y.id and h.credit_hold != 'none')
      order by b.buyer_id, b.id limit 1 offset 3`,
  )
  const before = dbValue<number>('select count(*) from master_orders where buyer_id = ?', sku.buyer_id)
  await signInAs(page, 'admin@example.com', '/admin')
  await page.goto('/master_order_cart')

  // The buyer: typed, chosen in the picker's list with the arrow and Enter, the cart opened with Enter.
  await tabTo(page, page.getByLabel('Buyer', { exact: true }))
  await page.keyboard.type(sku.buyer)
  await expect(page.getByRole('option', { name: new RegExp(sku.buyer) }).first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeHidden()
  await tabTo(page, page.getByRole('button', { name: 'Open the cart' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Master order cart: ${sku.buyer}` })).toBeVisible()

  // The SKU, the same way, then "Add to cart".
  await tabTo(page, page.getByLabel('Add a buyer SKU'))
  await page.keyboard.type(sku.code)
  await expect(page.getByRole('option', { name: new RegExp(sku.code) }).first()).toBeVisible()
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('button', { name: 'Add to cart' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').getByText(`${sku.code} is added`)).toBeVisible()

  // The date it is needed by, typed into the date field (month, day, year), then "Place the order".
  const row = page.getByRole('row').filter({ hasText: sku.code })
  await tabTo(page, row.getByLabel(`Date ${sku.code} is needed by`))
  await page.keyboard.type(`0215${new Date().getFullYear() + 1}`)
  await tabTo(page, page.getByRole('button', { name: 'Place the order' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /^Order MO-\d{4}-\d{6}$/ })).toBeVisible()
  expect(dbValue<number>('select count(*) from master_orders where buyer_id = ?', sku.buyer_id)).toBe(before + 1)
  placed = Number(new URL(page.url()).pathname.split('/').pop())
})

test(
  'the supplier team admin approves a seller order with the keyboard alone',
  { tag: '@js-only' },
  async ({ page }) => {
    // The seller order of the order the journey above placed: nobody else's journey touches it.
    expect(placed).toBeGreaterThan(0)
    const order = dbRow<{ id: number; code: string }>(
      `select id, code from seller_orders where master_order_id = ? and status = 'pending_approval'`,
      placed,
    )
    await signInAs(page, 'supplier_admin@example.com', '/supplier_team/admin')
    await page.goto('/supplier_team/admin/approvals/seller_orders')
    const card = page
      .locator('section.seller-order')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${order.code} · `) }) })
    await tabTo(page, card.getByRole('checkbox'))
    await page.keyboard.press('Space')
    await expect(card.getByRole('checkbox')).toBeChecked()
    await tabTo(page, page.getByRole('button', { name: 'Approve the ticked seller orders' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').getByText(`Approved ${order.code}.`)).toBeVisible()
    expect(dbValue<string>('select status from seller_orders where id = ?', order.id)).toBe('approved')
  },
)

test('the field operator submits an inspection with the keyboard alone', { tag: '@js-only' }, async ({ page }) => {
  // Today's scheduled inspection (the QC journeys take the overdue one and those furthest ahead).
  const inspection = dbRow<{ id: number; code: string }>(
    `select i.id, i.code from qc_inspections i join users u on u.id = i.operator_id where u.email = 'field_operator@example.com' and i.status = 'scheduled' order by i.scheduled_on, i.id limit 1 offset 1`,
  )
  const lines = JSON.parse(
    dbValue<string>(
      `select json_group_array(json_object('id', l.id, 'q', l.quantity_milli, 'c', l.category_id)) from sub_orders l join qc_inspections i on i.seller_order_id = l.seller_order_id where i.id = ?`,
      inspection.id,
    ),
  ) as { id: number; q: number; c: number }[]
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAs(page, 'field_operator@example.com', '/field_operator')
  await page.goto(`/field_operator/orders/${inspection.id}`)
  await expect(page.getByRole('heading', { name: new RegExp(`^${inspection.code} · `) })).toBeVisible()

  // Every measured value and the accepted quantity, typed into each field in turn.
  for (const line of lines) {
    const conditions = JSON.parse(
      dbValue<string>(
        `select json_group_array(json_object('id', id, 'operator', operator, 'min_value', min_value, 'max_value', max_value, 'values_json', values_json)) from conditions where category_id = ? and active = 1`,
        line.c,
      ),
    ) as {
      id: number
      operator: string
      min_value: string | null
      max_value: string | null
      values_json: string | null
    }[]
    for (const condition of conditions) {
      const field = page.locator(`#value-${line.id}-${condition.id}`)
      await tabTo(page, field)
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT')
        await field.selectOption(demoValue(condition as never))
      else await page.keyboard.type(demoValue(condition as never))
    }
    // A lot by AQL not counted in pieces: its size in units (cones, cartons), so the plan can be drawn.
    if (await page.locator(`#lot-${line.id}`).count()) {
      await tabTo(page, page.locator(`#lot-${line.id}`))
      await page.keyboard.type('60')
    }
    await tabTo(page, page.locator(`#line-${line.id}-accepted`))
    await page.keyboard.press('Control+A')
    await page.keyboard.type(String(line.q / 1000))
    await tabTo(page, page.locator(`#line-${line.id}-rejected`))
    await page.keyboard.press('Control+A')
    await page.keyboard.type('0')
  }
  // Online, without a photo: the review page (this once hung at "Sending…": the phone's script sent the form from inside its own submit event).
  await tabTo(page, page.getByRole('button', { name: 'Review the results' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Check before you send' })).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: 'Send the results' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /^Received at \d\d:\d\d$/ })).toBeVisible()
  expect(dbValue<string>('select status from qc_inspections where id = ?', inspection.id)).toBe('submitted')
})
