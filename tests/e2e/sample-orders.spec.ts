import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs, signOut } from './support'

const INTERNAL = 'internal@example.com'

// The demo buyer user's company: one of the demo KAM's buyers.
const buyerCompany = () => dbValue<number>("select buyer_id from users where email = 'buyer@example.com'")

test('@js-off-only samples go from the cart to the buyer’s feedback: requested, approved by the KAM, dispatched and delivered by business operations, closed by the buyer', async ({
  page,
}) => {
  const buyerId = buyerCompany()
  const buyer = dbValue<string>('select name from buyers where id = ?', buyerId)
  const sampleId = dbValue<number>(
    'select id from sample_skus where active = 1 and stock >= 5 and charge_minor > 0 order by id desc limit 1',
  )
  const sample = dbValue<string>('select code from sample_skus where id = ?', sampleId)
  const stock = dbValue<number>('select stock from sample_skus where id = ?', sampleId)

  // The internal user requests one piece (more than is in stock first: refused at the line, kept as typed).
  await signInAs(page, INTERNAL, '/dashboard')
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Samples order cart' }).click()
  await page.getByLabel('Buyer', { exact: true }).fill(buyer)
  await page.getByRole('button', { name: 'Open the cart' }).click()
  await expect(page.getByRole('heading', { name: `Samples order cart: ${buyer}` })).toBeVisible()
  await page.getByLabel('Add a sample').fill(sample)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('status').getByText(`is in the cart`)).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: sample })
  await row.getByLabel(`Pieces of ${sample}`).fill(String(stock + 1))
  await page.getByLabel(/^Note for the team/).fill('For the summer range review')
  await page.getByRole('button', { name: 'Request the samples' }).click()
  await expect(formMessage(row, `Only ${stock} in stock`)).toBeVisible()
  await expect(row.getByLabel(`Pieces of ${sample}`)).toHaveValue(String(stock + 1))
  await expect(page.getByLabel(/^Note for the team/)).toHaveValue('For the summer range review')
  await row.getByLabel(`Pieces of ${sample}`).fill('2')
  await page.getByRole('button', { name: 'Request the samples' }).click()
  const toast = page.getByRole('status').getByText(/^Sample order SMP-\d{4}-\d{6} is requested/)
  await expect(toast).toBeVisible()
  const code = (await toast.textContent())!.match(/SMP-\d{4}-\d{6}/)![0]
  const id = dbValue<number>('select id from sample_orders where code = ?', code)
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Requested')
  await signOut(page)

  // The buyer's KAM finds it waiting on its home and approves it.
  await signInAs(page, 'demand_kam@example.com', '/demand_kam')
  await expect(page.getByRole('heading', { name: 'Your buyers’ sample requests waiting longest' })).toBeVisible()
  await page.goto(`/demand_kam/sample_orders?q=${code}`)
  await page.getByRole('link', { name: code }).click()
  await expect(page.getByText('For the summer range review')).toBeVisible()
  await page.getByRole('button', { name: `Approve ${code}` }).click()
  await expect(page.getByRole('status').getByText(`${code} is approved.`)).toBeVisible()
  await signOut(page)

  // Business operations dispatch it (the courier is needed) and mark it delivered; stock goes down.
  await signInAs(page, 'biz_ops@example.com', '/biz_ops_team')
  await page.goto(`/biz_ops_team/sample_orders/${id}`)
  await page.getByRole('button', { name: `Dispatch ${code}` }).click()
  await expect(formMessage(page, 'Enter the courier')).toBeVisible()
  await page.getByLabel('Courier').fill('Blue Dart')
  await page.getByLabel('Tracking number').fill('BD99887766IN')
  await page.getByRole('button', { name: `Dispatch ${code}` }).click()
  await expect(page.getByRole('status').getByText(`${code} is dispatched.`)).toBeVisible()
  expect(dbValue<number>('select stock from sample_skus where id = ?', sampleId)).toBe(stock - 2)
  // Dispatching invoiced the sample charges to the buyer.
  const invoice = dbValue<string>('select number from buyer_invoices where sample_order_id = ?', id)
  await expect(page.getByRole('region', { name: 'Sample order' }).getByText(invoice, { exact: true })).toBeVisible()
  // And its history tells it.
  await expect(page.getByRole('insertion').filter({ hasText: invoice })).toBeVisible()
  await page.getByRole('button', { name: `Mark delivered ${code}` }).click()
  await expect(page.getByRole('status').getByText(`${code} is delivered.`)).toBeVisible()
  await signOut(page)

  // The buyer rates it (a rating is needed), which closes the order.
  await signInAs(page, 'buyer@example.com', '/buyer')
  await page.getByRole('link', { name: code }).click()
  await expect(page.getByText('Blue Dart, tracking number BD99887766IN')).toBeVisible()
  await expect(page.getByText('For the summer range review')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(formMessage(page, 'Rate this sample from 1 to 5')).toBeVisible()
  await page.getByLabel('Rating').selectOption('4')
  await page.getByLabel('Comment (optional)').fill('Good hand feel, a shade darker than the card')
  await page.getByRole('button', { name: 'Send feedback' }).click()
  await expect(page.getByRole('status').getByText(`your feedback on ${code} is sent`)).toBeVisible()
  await expect(page.getByRole('heading', { name: `Sample order ${code}` })).toBeVisible()
  expect(dbValue<string>('select status from sample_orders where id = ?', id)).toBe('closed')
  // The buyer follows the order to the invoice of its charges, and finds it among its invoices.
  await page.getByRole('link', { name: invoice }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${invoice}` })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Sample ${sample}` })).toBeVisible()
  await page.goto('/buyer/invoices')
  await expect(page.getByRole('row').filter({ hasText: invoice })).toContainText(`Sample order ${code}`)
  await signOut(page)

  // The KAM reads the feedback on the order; admin sees it closed in the list.
  await signInAs(page, 'demand_kam@example.com', '/demand_kam')
  await page.goto(`/demand_kam/sample_orders/${id}`)
  await expect(page.getByText('Good hand feel, a shade darker than the card')).toBeVisible()
  await expect(page.getByLabel('Rated 4 of 5')).toBeVisible()
  await signOut(page)
  await signInAs(page, 'admin@example.com', '/admin')
  await page.goto(`/admin/sample_orders?q=${code}`)
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Closed')
})

test('@js-only the samples cart adds, changes and removes lines without a full page load', async ({ page }) => {
  // Another of the KAM's buyers than the journey's, so the two never share a cart.
  const buyerId = dbValue<number>(
    "select b.id from buyers b join users k on k.id = b.kam_user_id and k.email = 'demand_kam@example.com' where b.status = 'active' and b.id != ? order by b.id limit 1",
    buyerCompany(),
  )
  const samples = [
    dbValue<string>('select code from sample_skus where active = 1 and stock >= 3 order by id limit 1'),
    dbValue<string>('select code from sample_skus where active = 1 and stock >= 3 order by id limit 1 offset 1'),
  ]
  await signInAs(page, INTERNAL, '/dashboard')
  await page.goto(`/samples_order_cart?buyer=${buyerId}`)
  // Once React has taken over the add form (a click before that would post the old way)…
  await page.waitForFunction(() => {
    const form = document.querySelector('form.cart-add')
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
  // …a marker on the window survives only if the page is never loaded again.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
  for (const code of samples) {
    // Typed, then chosen in the picker's list (the list opening under the field moves the button).
    await page.getByLabel('Add a sample').fill(code)
    await page.getByRole('option', { name: new RegExp(code) }).click()
    await expect(page.getByRole('listbox')).toBeHidden()
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible()
  }
  await page.getByRole('row').filter({ hasText: samples[0] }).getByLabel(`Pieces of ${samples[0]}`).fill('2')
  await page.getByRole('button', { name: 'Save the cart' }).click()
  await expect(page.getByRole('status').getByText('The cart is saved.')).toBeVisible()
  await page.getByRole('button', { name: `Remove ${samples[1]}` }).click()
  await expect(page.getByRole('row').filter({ hasText: samples[1] })).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: samples[0] }).getByLabel(`Pieces of ${samples[0]}`)).toHaveValue(
    '2',
  )
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
})
