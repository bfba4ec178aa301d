import { expect, test } from '@playwright/test'
import { dbValue, signInAs } from './support'

const STAFF = 'internal@example.com'

function productSku() {
  const id = dbValue<number>("select id from product_skus where status = 'active' order by id limit 1")
  return { id, code: dbValue<string>('select code from product_skus where id = ?', id) }
}

test(
  'without JavaScript, a picker checks what was typed on submit and offers the matches to choose from',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const sku = productSku()
    const buyerId = dbValue<number>("select id from buyers where name = 'Indigo Threads Retail'")
    const buyerCode = `PICK-${Date.now()}`
    await signInAs(page, STAFF, '/dashboard')
    await page.goto('/skus/buyer_skus/create')
    // Part of a name is not a reference yet: the server lists what it matches.
    await page.getByLabel('Buyer', { exact: true }).fill('indigo thr')
    // An exact code, in any case, is a reference on its own.
    await page.getByLabel('Product SKU', { exact: true }).fill(sku.code.toLowerCase())
    await page.getByLabel('Buyer’s code').fill(buyerCode)
    await page.getByLabel('Price (₹)').fill('410')
    await page.getByLabel('Minimum order quantity').fill('100')
    await page.getByRole('button', { name: 'Add buyer SKU' }).click()

    const buyerChoices = page.getByRole('group', { name: 'Choose one, then send the form again' })
    await expect(buyerChoices).toHaveCount(1)
    await expect(page.getByText('Is it this buyer? Choose it below').first()).toBeVisible()
    await expect(page.getByLabel('Buyer', { exact: true })).toHaveValue('indigo thr')
    await expect(page.getByLabel('Buyer’s code')).toHaveValue(buyerCode)
    await buyerChoices.getByRole('radio', { name: /Indigo Threads Retail/ }).check()
    expect(dbValue<number>('select count(*) from buyer_skus where buyer_code = ?', buyerCode)).toBe(0)
    await page.getByRole('button', { name: 'Add buyer SKU' }).click()

    await expect(page).toHaveURL(/\/skus\/buyer_skus\/\d+\/edit$/)
    expect(dbValue<number>('select buyer_id from buyer_skus where buyer_code = ?', buyerCode)).toBe(buyerId)
    expect(dbValue<number>('select product_sku_id from buyer_skus where buyer_code = ?', buyerCode)).toBe(sku.id)
  },
)

test(
  'without JavaScript, a list filter names a record by words and links each match',
  { tag: '@js-off-only' },
  async ({ page }) => {
    await signInAs(page, STAFF, '/dashboard')
    await page.goto('/skus/buyer_skus')
    await page.getByLabel('Buyer', { exact: true }).fill('indigo')
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page.getByText('Is it this buyer? Choose it below')).toBeVisible()
    await page.getByRole('link', { name: 'Indigo Threads Retail' }).click()
    await expect(page.getByLabel('Buyer', { exact: true })).toHaveValue(/^Indigo Threads Retail \(#\d+\)$/)
    await expect(page.locator('table tbody tr').first()).toContainText('Indigo Threads Retail')
  },
)

test(
  'with JavaScript, a picker searches as you type and fills in the chosen record',
  { tag: '@js-only' },
  async ({ page }) => {
    const sku = productSku()
    const sellerName = dbValue<string>(
      "select name from sellers where status = 'active' and id not in (select seller_id from seller_skus where product_sku_id = ? and status != 'archived') order by id limit 1",
      sku.id,
    )
    const sellerId = dbValue<number>('select id from sellers where name = ?', sellerName)
    await signInAs(page, STAFF, '/dashboard')
    await page.goto('/skus/seller_skus/create')

    const seller = page.getByRole('combobox', { name: 'Seller', exact: true })
    await seller.pressSequentially(sellerName.split(' ')[0].slice(0, 4).toLowerCase(), { delay: 30 })
    const list = page.getByRole('listbox')
    await expect(list.getByRole('option', { name: new RegExp(sellerName) })).toBeVisible()
    await expect(seller).toHaveAttribute('aria-expanded', 'true')
    await list.getByRole('option', { name: new RegExp(sellerName) }).click()
    await expect(seller).toHaveValue(`${sellerName} (#${sellerId})`)
    await expect(list).toHaveCount(0)

    // The keyboard: arrows move through the matches, Enter chooses without sending the form.
    const product = page.getByRole('combobox', { name: 'Product SKU', exact: true })
    await product.pressSequentially(sku.code.toLowerCase(), { delay: 20 })
    await expect(page.getByRole('option').first()).toBeVisible()
    await product.press('ArrowDown')
    await product.press('ArrowUp')
    await expect(page.getByRole('option', { selected: true })).toContainText(sku.code)
    await product.press('Enter')
    await expect(product).toHaveValue(sku.code)
    await expect(page).toHaveURL('/skus/seller_skus/create')

    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(page).toHaveURL(/\/skus\/seller_skus\/\d+\/edit$/)
    expect(
      dbValue<number>(
        "select count(*) from seller_skus where seller_id = ? and product_sku_id = ? and status = 'draft'",
        sellerId,
        sku.id,
      ),
    ).toBe(1)
  },
)
