import { expect, test } from '@playwright/test'
import { dbRow, dbValue, signInAs } from './support'

// Issue 34: the logistics team and business finance work from their own portals in the main
// portal's logistics and money sections (docs/domain.md, the role x section table), JavaScript off.

const day = (offset: number) => new Date(Date.now() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10)

test('@js-off-only the logistics team opens transport requests from its menu, books one and sees the bills due', async ({
  page,
}) => {
  // The demo's oldest first mile still open (journeys create their own requests, newer ones).
  const request = dbRow<{ id: number; code: string; order_code: string; master_order_id: number }>(
    `select id, code, order_code, master_order_id from transport_requests where status = 'open' and master_order_id is not null order by id limit 1`,
  )
  await signInAs(page, 'logistics@example.com', '/logistics_team')
  // Its home: its own work, no company counts.
  await expect(page.locator('[data-figure="Transport requests to book"]')).toBeVisible()
  await expect(page.locator('[data-figure="Active buyers"]')).toHaveCount(0)

  const menu = page.getByRole('navigation', { name: 'Logistics team menu' })
  await menu.getByRole('link', { name: 'Transport requests' }).click()
  await expect(page).toHaveURL('/logistics/transport_requests')
  // Shown in its own portal: its menu, its breadcrumbs from its home.
  await expect(page.getByRole('navigation', { name: 'Logistics team menu' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Logistics team' }),
  ).toHaveAttribute('href', '/logistics_team')

  await page.goto('/logistics/transport_requests?status=open')
  await page.getByRole('link', { name: request.code, exact: true }).click()
  await page.getByLabel('Transporter', { exact: true }).fill('Konkan Road Carriers')
  await page.getByLabel('Pickup', { exact: true }).fill(`${day(1)}T10:30`)
  await page.getByLabel('Expected delivery').fill(`${day(3)}T17:00`)
  await page.getByLabel('Freight (₹)').fill('9,800')
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(page.getByRole('status').getByText(/^TB-\d{4}-\d{6}: Konkan Road Carriers is booked\.$/)).toBeVisible()
  expect(dbValue<string>('select status from transport_requests where id = ?', request.id)).toBe('booked')
  // Its order opens in its own portal, whose shipping lens links the request back.
  await page.getByRole('link', { name: new RegExp(`^${request.code} `) }).click()
  await expect(page).toHaveURL(`/logistics/transport_requests/${request.id}/edit`)
  await page.getByRole('link', { name: request.order_code, exact: true }).first().click()
  await expect(page).toHaveURL(`/logistics_team/master_orders/${request.master_order_id}`)
  await expect(page.getByRole('link', { name: request.code, exact: true })).toHaveAttribute(
    'href',
    `/logistics/transport_requests/${request.id}/edit`,
  )

  // The bills due: from its home's figure to the filtered dues, where it may mark them paid.
  await page.getByRole('navigation', { name: 'Logistics team menu' }).getByRole('link', { name: 'Overview' }).click()
  await expect(page).toHaveURL('/logistics_team')
  await page.locator('a', { has: page.locator('[data-figure^="Transporter bills overdue"]') }).click()
  await expect(page).toHaveURL('/logistics/transport_payment_dues?bucket=overdue')
  await expect(page.getByRole('heading', { name: 'Payment dues' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark the ticked bills paid' })).toBeVisible()
  expect(
    dbValue<number>(`select count(*) from transport_bookings where bill_state = 'unpaid' and bill_due_on < ?`, day(0)),
  ).toBeGreaterThan(0)
  await expect(page.locator('tbody tr.overdue').first()).toBeVisible()
  await expect(page.locator('tbody tr:not(.overdue)')).toHaveCount(0)
  // Buyers' money is not its job: no way in.
  const buyer = dbValue<number>('select buyer_id from buyer_invoices order by id limit 1')
  expect((await page.request.get(`/logistics/settlements/buyers/${buyer}`)).status()).toBe(403)
})

test('@js-off-only business finance opens a buyer’s settlement and an invoice PDF from its order page, and reads a transporter’s bill', async ({
  page,
}) => {
  const invoice = dbRow<{ id: number; number: string; buyer_id: number; master_order_id: number }>(
    'select id, number, buyer_id, master_order_id from buyer_invoices where master_order_id is not null order by id desc limit 1',
  )
  const buyer = dbValue<string>('select name from buyers where id = ?', invoice.buyer_id)
  await signInAs(page, 'biz_fin@example.com', '/biz_fin')
  await expect(page.locator('[data-figure="Outstanding from buyers"]')).toBeVisible()
  await expect(page.locator('[data-figure="Buyers waiting for approval"]')).toHaveCount(0)

  // Its menu lists the buyers' settlements; a buyer's settlement is shown in its own portal.
  await page
    .getByRole('navigation', { name: 'Business finance menu' })
    .getByRole('link', { name: 'Buyer settlements' })
    .click()
  await expect(page).toHaveURL('/logistics/settlements')
  await page.getByRole('link', { name: buyer, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Settlement: ${buyer}` })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Business finance menu' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Record a payment received' })).toBeVisible()
  // The buyer's record is the main portal's: not linked for finance.
  await expect(page.getByRole('link', { name: 'The buyer', exact: true })).toHaveCount(0)

  // Its order page lists the invoice as links it may follow: the invoice's page (its notes) and the PDF.
  await page.goto(`/biz_fin/master_orders/${invoice.master_order_id}`)
  const money = page.getByRole('region', { name: 'Invoices and payments' })
  const link = money.getByRole('link', { name: invoice.number })
  await expect(link).toHaveAttribute('href', `/logistics/settlements/buyers/${invoice.buyer_id}/invoices/${invoice.id}`)
  const pdf = await page.request.get(`${(await link.getAttribute('href'))!}.pdf`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await expect(money.getByRole('link', { name: 'The buyer’s settlement' })).toHaveAttribute(
    'href',
    `/logistics/settlements/buyers/${invoice.buyer_id}`,
  )

  // A transporter's bill: finance reads it from the dues, without the form to change it.
  const bill = dbRow<{ request_id: number; id: number; bill_number: string }>(
    `select request_id, id, bill_number from transport_bookings where bill_state = 'unpaid' order by bill_due_on, id limit 1`,
  )
  await page.goto('/logistics/transport_payment_dues')
  await page.getByRole('link', { name: bill.bill_number, exact: true }).click()
  await expect(page).toHaveURL(
    `/logistics/transport_requests/${bill.request_id}/transport_bookings/${bill.id}/edit/billing_details`,
  )
  await expect(page.getByText('The logistics team enters and corrects the bill.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save the bill' })).toHaveCount(0)
  // Transport itself is not finance's: no way in, and no link drawn to it.
  await expect(page.getByRole('link', { name: /^TB-/ })).toHaveCount(0)
  expect((await page.request.get('/logistics/transport_requests')).status()).toBe(403)
})
