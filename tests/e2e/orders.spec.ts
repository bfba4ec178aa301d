import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs, signOut } from './support'

const INTERNAL = 'internal@example.com'
const ADMIN = 'admin@example.com'

test('an internal user fills a cart (a bad line first), places the order once, and admin cancels it with a reason', async ({
  page,
}, info) => {
  // A buyer with both default addresses and a SKU a live seller offers; the two projects take
  // theirs from opposite ends, so their carts never meet.
  const order = info.project.name === 'js' ? 'desc' : 'asc'
  const skuId = dbValue<number>(
    `select b.id from buyer_skus b
       join buyers y on y.id = b.buyer_id and y.status = 'active'
       join seller_skus s on s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null
       join sellers x on x.id = s.seller_id and x.status = 'active'
      where b.status = 'active'
        and exists (select 1 from addresses a where a.buyer_id = y.id and a.kind = 'shipping' and a.is_default = 1)
        and exists (select 1 from addresses a where a.buyer_id = y.id and a.kind = 'billing' and a.is_default = 1)
      order by b.buyer_id ${order}, b.id limit 1`,
  )
  const code = dbValue<string>('select buyer_code from buyer_skus where id = ?', skuId)
  const buyerId = dbValue<number>('select buyer_id from buyer_skus where id = ?', skuId)
  const buyer = dbValue<string>('select name from buyers where id = ?', buyerId)
  const ordersBefore = dbValue<number>('select count(*) from master_orders where buyer_id = ?', buyerId)

  await signInAs(page, INTERNAL, '/dashboard')
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Master order cart' }).click()
  await page.getByLabel('Buyer', { exact: true }).fill(buyer)
  await page.getByRole('button', { name: 'Open the cart' }).click()
  await expect(page.getByRole('heading', { name: `Master order cart: ${buyer}` })).toBeVisible()

  await page.getByLabel('Add a buyer SKU').fill(code)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').getByText(`${code} is added`)).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: code })
  // The MOQ and the cheapest live offer are filled in; the date is not: placing says so at the line.
  await expect(
    row.getByRole('group', { name: `Sellers of ${code}` }).getByRole('radio', { checked: true }),
  ).toHaveCount(1)
  await page.getByRole('button', { name: 'Place the order' }).click()
  await expect(formMessage(page, /The order is not placed/)).toBeVisible()
  await expect(formMessage(row, 'Enter the date it is needed by')).toBeVisible()
  expect(dbValue<number>('select count(*) from master_orders where buyer_id = ?', buyerId)).toBe(ordersBefore)

  const nextYear = `${new Date().getFullYear() + 1}-02-15`
  await row.getByLabel(`Date ${code} is needed by`).fill(nextYear)
  await page.getByRole('button', { name: 'Place the order' }).click()
  await expect(page).toHaveURL(/\/master_orders\/\d+$/)
  const heading = page.getByRole('heading', { name: /^Order MO-\d{4}-\d{6}$/ })
  await expect(heading).toBeVisible()
  await expect(page.getByText('Pending approval').first()).toBeVisible()
  const orderId = Number(new URL(page.url()).pathname.split('/').pop())
  expect(dbValue<number>('select count(*) from master_orders where buyer_id = ?', buyerId)).toBe(ordersBefore + 1)
  expect(dbValue<string>('select required_by from master_orders where id = ?', orderId)).toBe(nextYear)
  // The cart is gone with the order.
  expect(
    dbValue<number>(
      'select count(*) from order_carts c join users u on u.id = c.user_id where u.email = ? and c.buyer_id = ?',
      INTERNAL,
      buyerId,
    ),
  ).toBe(0)

  await signOut(page)
  await signInAs(page, ADMIN, '/admin')
  await page.goto(`/admin/master_orders/${orderId}`)
  await page.getByRole('button', { name: 'Cancel the whole order' }).click()
  await expect(formMessage(page, 'Say why the order is cancelled')).toBeVisible()
  await page.getByLabel(/^Why is MO-.* cancelled\?$/).fill('The buyer changed its plan')
  await page.getByRole('button', { name: 'Cancel the whole order' }).click()
  await expect(page.getByRole('status').getByText(/is cancelled/)).toBeVisible()
  await expect(page.getByText('The buyer changed its plan').first()).toBeVisible()
  expect(dbValue<string>('select status from master_orders where id = ?', orderId)).toBe('cancelled')
})
