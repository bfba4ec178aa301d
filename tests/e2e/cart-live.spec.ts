import { expect, test } from '@playwright/test'
import { dbValue, signInAs } from './support'

// The cart says what saving would say (issue 51): with JavaScript, the lines ready, the value and the
// total follow the dates as they are typed and the "Enter the date" messages go as each date comes;
// without it, saving shows the same. One rule decides both (app/features/orders/cart-rule.ts).

const BUYER = 3

test('typed needed-by dates make both lines ready, with the total saving gives', async ({ page }, info) => {
  const js = info.project.name !== 'no-js'
  // Each project its own cart (a cart is one per user and buyer), away from the other journeys' carts.
  const user = js ? 'admin@example.com' : 'internal@example.com'
  const skus = [0, 1].map((offset) =>
    dbValue<string>(
      `select b.buyer_code from buyer_skus b
        where b.buyer_id = ? and b.status = 'active'
          and exists (select 1 from buyer_sku_versions v where v.buyer_sku_id = b.id)
          and exists (select 1 from seller_skus s join sellers x on x.id = s.seller_id and x.status = 'active'
                       where s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null)
        order by b.id limit 1 offset ?`,
      BUYER,
      offset,
    ),
  )
  // Each line comes filled in with the MOQ in force: its value is the MOQ at the price in force.
  const valueMinor = skus
    .map((code) =>
      dbValue<number>(
        `select (v.moq_milli * v.price_minor + 500) / 1000 from buyer_skus b
           join buyer_sku_versions v on v.buyer_sku_id = b.id
          where b.buyer_id = ? and b.buyer_code = ? order by v.number desc limit 1`,
        BUYER,
        code,
      ),
    )
    .reduce((a, b) => a + Number(b), 0)
  const rupees = (paise: number) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100)
  const needed = dbValue<string>(`select date('now', '+400 days')`)

  await signInAs(page, user, /./)
  await page.goto(`/master_order_cart?buyer=${BUYER}`)
  if (js)
    await page.waitForFunction(() => {
      const form = document.querySelector('form.cart-form')
      return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
    })
  for (const code of skus) {
    await page.getByLabel('Add a buyer SKU').fill(code)
    if (js) {
      await page
        .getByRole('option', { name: new RegExp(code) })
        .first()
        .click()
      await expect(page.getByRole('listbox')).toBeHidden()
    }
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible()
  }
  const summary = page.locator('.cart-totals')
  await expect(summary).toContainText('0 of 2 lines ready to order')
  await expect(page.getByText('Enter the date it is needed by')).toHaveCount(2)

  for (const code of skus) await page.getByLabel(`Date ${code} is needed by`).fill(needed)

  if (js) {
    // Before saving: the page agrees with what saving will do.
    await expect(summary).toContainText('2 lines ready to order')
    await expect(summary.getByRole('definition').first()).toHaveText(rupees(valueMinor))
    await expect(page.getByText('Enter the date it is needed by')).toHaveCount(0)
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)
  }
  const totalBefore = js ? await summary.locator('dd strong').textContent() : null

  await page.getByRole('button', { name: 'Save the cart' }).click()
  await expect(page.getByRole('status').getByText('The cart is saved.')).toBeVisible()
  await expect(summary).toContainText('2 lines ready to order')
  await expect(summary.getByRole('definition').first()).toHaveText(rupees(valueMinor))
  await expect(page.getByText('Enter the date it is needed by')).toHaveCount(0)
  if (js) await expect(summary.locator('dd strong')).toHaveText(totalBefore!)
  await page.screenshot({ path: info.outputPath('cart-after-save.png'), fullPage: true })

  // Leave the cart empty for the next run.
  for (const code of skus) {
    await page.getByRole('button', { name: `Remove ${code}` }).click()
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0)
  }
})
