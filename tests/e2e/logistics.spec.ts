import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { PDFParse } from 'pdf-parse'
import { dbRow, dbValue, formMessage, signInAs } from './support'

// Logistics and money (issue 15) with JavaScript off: a request booked, moved, billed and paid;
// and a delivery that raises the buyer's invoice, paid down on the settlement page, with the
// statement downloaded as a PDF.

const INTERNAL = 'internal@example.com'
const day = (offset: number) => new Date(Date.now() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10)
/** Ten minutes ago in India, as a datetime-local input takes it. */
const justNow = () => new Date(Date.now() + 5.5 * 3_600_000 - 600_000).toISOString().slice(0, 16)

test('@js-off-only a first mile is requested, booked, picked up, delivered, billed and paid', async ({ page }) => {
  // The oldest seller order that passed QC and waits for its first mile (the demo's QC approvals).
  const order = dbRow<{ id: number; code: string }>(
    `select id, code from seller_orders where status = 'qc_passed' and not exists (select 1 from transport_requests r where r.seller_order_id = seller_orders.id) order by id limit 1`,
  )
  await signInAs(page, INTERNAL, '/dashboard')
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Transport requests' }).click()
  await page.getByText('New request').click()
  await page.getByRole('link', { name: 'First mile', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'New first mile request' })).toBeVisible()
  await page.getByRole('link', { name: order.code, exact: true }).click()

  // Prefilled from the order; a weight left out comes back at its field with the rest as typed.
  await expect(page.getByLabel('Pick up from')).not.toHaveValue('')
  await expect(page.getByLabel('Deliver to')).toContainText('Platform warehouse')
  await page.getByLabel('Packages').fill('3')
  await page.getByLabel(/^Notes/).fill('Gate 2, after 10:00')
  await page.getByRole('button', { name: 'Create the request' }).click()
  await expect(formMessage(page, 'Enter the weight in kg')).toBeVisible()
  await expect(page.getByLabel(/^Notes/)).toHaveValue('Gate 2, after 10:00')
  await page.getByLabel('Weight (kg)').fill('150.5')
  await page.getByRole('button', { name: 'Create the request' }).click()
  const created = page
    .getByRole('status')
    .getByText(new RegExp(`^TR-\\d{4}-\\d{6}: first mile transport of ${order.code} requested`))
  await expect(created).toBeVisible()
  const requestCode = (await created.textContent())!.match(/TR-\d{4}-\d{6}/)![0]
  const request = dbRow<{ id: number; weight_grams: number; packages: number }>(
    'select id, weight_grams, packages from transport_requests where code = ?',
    requestCode,
  )
  expect(request).toMatchObject({ weight_grams: 150_500, packages: 3 })

  // Book a transporter.
  await page.getByLabel('Transporter', { exact: true }).fill('Konkan Road Carriers')
  await page.getByLabel('LR / AWB number (optional)').fill('KRC-55123')
  await page.getByLabel('Pickup', { exact: true }).fill(`${day(1)}T10:30`)
  await page.getByLabel('Expected delivery').fill(`${day(3)}T17:00`)
  await page.getByLabel('Freight (₹)').fill('12,500')
  await page.getByLabel('Distance in km (optional)').fill('120')
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  const booked = page.getByRole('status').getByText(/^TB-\d{4}-\d{6}: Konkan Road Carriers is booked\.$/)
  await expect(booked).toBeVisible()
  const bookingCode = (await booked.textContent())!.match(/TB-\d{4}-\d{6}/)![0]
  const bookingId = dbValue<number>('select id from transport_bookings where code = ?', bookingCode)

  // The calendar shows it on its pickup day (a GET page).
  await page.goto(`/logistics/transport_bookings/calendar?month=${day(1).slice(0, 7)}&day=${day(1)}`)
  await expect(
    page.getByRole('complementary', { name: 'The chosen day' }).getByRole('link', { name: bookingCode }),
  ).toBeVisible()
  await page.getByRole('link', { name: bookingCode }).click()

  // Its goods are worth more than ₹50,000: the e-way bill is recorded before the pickup (tests/e2e/eway-bill.spec.ts),
  // from the mill's own invoice to the platform, entered first (issue 52).
  await page.getByLabel('Mill’s invoice number').fill('KM/26-27/0042')
  await page.getByLabel('Mill’s invoice date').fill(day(0))
  await page.getByRole('button', { name: 'Save the mill’s invoice' }).click()
  await expect(page.getByRole('status').getByText(/moves on the mill’s invoice KM\/26-27\/0042\.$/)).toBeVisible()
  await page.getByLabel('E-way bill number').fill('331000000001')
  await page.getByLabel('Generated at').fill(justNow())
  await page.getByRole('button', { name: 'Record the e-way bill' }).click()
  await expect(page.getByRole('status').getByText(/e-way bill 331000000001 recorded/)).toBeVisible()

  // Picked up: the seller order is dispatched with it; delivered to the warehouse.
  await page.getByRole('button', { name: 'Picked up' }).click()
  await expect(
    page.getByRole('status').getByText(`${bookingCode} is picked up; ${order.code} dispatched.`),
  ).toBeVisible()
  expect(dbValue<string>('select status from seller_orders where id = ?', order.id)).toBe('dispatched')
  await page.getByRole('button', { name: 'Delivered' }).click()
  await expect(page.getByRole('status').getByText(`${bookingCode} is delivered.`)).toBeVisible()
  expect(dbValue<string>('select status from transport_requests where id = ?', request.id)).toBe('delivered')

  // The transporter's bill: a due date before the invoice date is refused at its field.
  await page.getByRole('link', { name: 'Billing details' }).click()
  await page.getByLabel('Transporter’s invoice number').fill('KRC/2026/881')
  await page.getByLabel('Invoice date').fill(day(0))
  await page.getByLabel('Amount before GST (₹)').fill('12500')
  await page.getByLabel('GST (₹)', { exact: true }).fill('1500')
  await page.getByLabel('Due date').fill(day(-3))
  await page.getByRole('button', { name: 'Save the bill' }).click()
  await expect(formMessage(page, 'The due date cannot be before the invoice date')).toBeVisible()
  // A goods transport agency under reverse charge charges no GST: the platform pays it (issue 52).
  await expect(formMessage(page, /This transporter is under reverse charge/)).toBeVisible()
  await expect(page.getByLabel('Transporter’s invoice number')).toHaveValue('KRC/2026/881')
  await page.getByLabel('GST (₹)', { exact: true }).fill('0')
  await page.getByLabel('Due date').fill(day(4))
  await page.getByRole('button', { name: 'Save the bill' }).click()
  await expect(
    page.getByRole('status').getByText(`${bookingCode}: the bill KRC/2026/881 for ₹12,500.00 is due ${day(4)}.`),
  ).toBeVisible()

  // Payment dues: it is due this week; ticked and marked paid.
  await page.goto('/logistics/transport_payment_dues?bucket=this_week')
  const row = page.getByRole('row').filter({ hasText: bookingCode })
  await expect(row).toContainText('₹12,500.00')
  await row.getByRole('checkbox').check()
  await page.getByLabel('Payment reference').fill('UTR-KRC-0001')
  await page.getByRole('button', { name: 'Mark the ticked bills paid' }).click()
  await expect(
    page.getByRole('status').getByText(`${bookingCode} marked paid (₹12,500.00, UTR-KRC-0001).`),
  ).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: bookingCode })).toHaveCount(0)
  // The same form sent again pays nothing twice.
  const again = await page.request.post('/logistics/transport_payment_dues', {
    form: { intent: 'pay', booking: String(bookingId), paidOn: day(0), reference: 'UTR-KRC-0001' },
    headers: { origin: test.info().project.use.baseURL! },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(302)
  expect(
    dbValue<number>(
      `select count(*) from audit_events where action = 'transport_booking.bill_paid' and entity_id = ?`,
      String(request.id),
    ),
  ).toBe(1)
  expect(dbValue<string>('select payment_reference from transport_bookings where id = ?', bookingId)).toBe(
    'UTR-KRC-0001',
  )
})

test('@js-off-only a last mile delivers the order: the invoice is raised, a payment lowers what is owed, and the statement downloads', async ({
  page,
}) => {
  // The demo's order whose first mile reached the warehouse: its last mile is next.
  const order = dbRow<{ id: number; code: string; buyer_id: number; master_order_id: number }>(
    `select so.id, so.code, mo.buyer_id, so.master_order_id from seller_orders so join master_orders mo on mo.id = so.master_order_id
     where so.status = 'dispatched' and exists (select 1 from transport_requests r where r.seller_order_id = so.id and r.transport_type = 'first_mile' and r.status = 'delivered')
       and not exists (select 1 from transport_requests r where r.seller_order_id = so.id and r.transport_type = 'last_mile') order by so.id desc limit 1`,
  )
  await signInAs(page, INTERNAL, '/dashboard')
  await page.goto(`/logistics/transport_requests/add/last_mile?order=${order.code}`)
  await page.getByLabel('Weight (kg)').fill('80')
  await page.getByRole('button', { name: 'Create the request' }).click()
  await expect(
    page.getByRole('status').getByText(new RegExp(`last mile transport of ${order.code} requested`)),
  ).toBeVisible()
  await page.getByLabel('Transporter', { exact: true }).fill('Blue Dart')
  await page.getByLabel('Pickup', { exact: true }).fill(`${day(0)}T09:00`)
  await page.getByLabel('Expected delivery').fill(`${day(1)}T18:00`)
  await page.getByLabel('Freight (₹)').fill('4200')
  await page.getByLabel('Distance in km (optional)').fill('45')
  await page.getByRole('button', { name: 'Book', exact: true }).click()
  await expect(page.getByRole('status').getByText(/is booked\.$/)).toBeVisible()
  // The e-way bill names the buyer's tax invoice: raised before the pickup (issue 52).
  await page.getByRole('button', { name: 'Raise the tax invoice now' }).click()
  await expect(
    page.getByRole('status').getByText(/^Invoice INV(?:[A-Z]{2})?\/\d{2}-\d{2}\/\d{4,6} raised for the goods TB-/),
  ).toBeVisible()
  await page.getByLabel('E-way bill number').fill('331000000002')
  await page.getByLabel('Generated at').fill(justNow())
  await page.getByRole('button', { name: 'Record the e-way bill' }).click()
  await expect(page.getByRole('status').getByText(/e-way bill 331000000002 recorded/)).toBeVisible()
  await page.getByRole('button', { name: 'Picked up' }).click()
  await expect(page.getByRole('status').getByText(/is picked up\.$/)).toBeVisible()
  await page.getByRole('button', { name: 'Delivered' }).click()
  await expect(
    page.getByRole('status').getByText(`is delivered; ${order.code} delivered.`, { exact: false }),
  ).toBeVisible()
  const invoice = dbRow<{ id: number; number: string; total_minor: number }>(
    'select id, number, total_minor from buyer_invoices where seller_order_id = ?',
    order.id,
  )
  // The warehouse's registration's series (issue 52): INV/26-27/000123, or INVTN/26-27/0001 from Tiruppur.
  expect(invoice.number).toMatch(/^INV(?:[A-Z]{2})?\/\d{2}-\d{2}\/\d{4,6}$/)

  // The order's page shows the invoice (money lens) and leads to the buyer's settlement.
  await page.goto(`/master_orders/${order.master_order_id}`)
  await expect(page.getByRole('region', { name: 'Invoices and payments' })).toContainText(invoice.number)
  await page.getByRole('link', { name: 'The buyer’s settlement' }).click()
  const figure = (label: string) => page.locator(`[data-figure="${label}"]`)
  const owedBefore = dbValue<number>(
    'select invoiced_minor + debited_minor - received_minor - credited_minor from buyer_accounts where buyer_id = ?',
    order.buyer_id,
  )
  const inr = (paise: number) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100)
  await expect(figure('Outstanding')).toHaveText(inr(owedBefore))
  await expect(page.getByRole('table', { name: /Open invoices/ })).toContainText(invoice.number)

  // A payment of the invoice's total: bad input first, kept as typed; then recorded once.
  const payment = page.getByRole('form', { name: 'Record a payment received' })
  await payment.getByLabel('Amount (₹)').fill('lots')
  await payment.getByLabel('Reference').fill('UTR-E2E-7788')
  await page.getByRole('button', { name: 'Record the payment' }).click()
  await expect(formMessage(page, /Enter the amount received in rupees/)).toBeVisible()
  await expect(payment.getByLabel('Reference')).toHaveValue('UTR-E2E-7788')
  await payment.getByLabel('Amount (₹)').fill((invoice.total_minor / 100).toFixed(2))
  await page.getByRole('button', { name: 'Record the payment' }).click()
  await expect(page.getByRole('status').getByText(/^RCPT\/\d{2}-\d{2}\/\d{5}: .* received from/)).toBeVisible()
  await expect(figure('Outstanding')).toHaveText(inr(owedBefore - invoice.total_minor))
  expect(dbValue<number>(`select count(*) from buyer_payments where reference = 'UTR-E2E-7788'`)).toBe(1)

  // The statement of the last 90 days, as a PDF with the invoice and the payment in it.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Statement (PDF)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^statement-.*\.pdf$/)
  const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync((await download.path())!)) })
  const text = (await parser.getText()).text
  await parser.destroy()
  expect(text).toContain('Statement of account')
  expect(text).toContain(invoice.number)
  expect(text).toContain('UTR-E2E-7788')
})

test('@js-only a request is made with the form checked as it is typed, then cancelled from its dialog without a reload', async ({
  page,
}) => {
  // The newest demo order whose QC was approved and that waits for transport (the journey above takes the oldest).
  const order = dbRow<{ id: number; code: string }>(
    `select so.id, so.code from seller_orders so where so.status = 'qc_passed' and exists (select 1 from qc_inspections i where i.seller_order_id = so.id and i.status = 'approved')
       and not exists (select 1 from transport_requests r where r.seller_order_id = so.id) order by so.id desc limit 1`,
  )
  await signInAs(page, INTERNAL, '/dashboard')
  await page.goto(`/logistics/transport_requests/add/first_mile?order=${order.code}`)
  // A mark on the window: a full reload would lose it.
  await page.evaluate(() => Object.assign(window, { stillHere: true }))
  // Checked in the browser: the weight is needed before anything is sent.
  await page.getByLabel('Packages').fill('0')
  await page.getByLabel('Packages').blur()
  await expect(formMessage(page, /Enter the number of packages between 1 and/)).toBeVisible()
  await page.getByLabel('Packages').fill('2')
  await page.getByLabel('Weight (kg)').fill('42.250')
  await page.getByRole('button', { name: 'Create the request' }).click()
  const created = page.getByRole('status').getByText(/^TR-\d{4}-\d{6}: first mile transport/)
  await expect(created).toBeVisible()
  const code = (await created.textContent())!.match(/TR-\d{4}-\d{6}/)![0]
  await page.getByRole('button', { name: 'Cancel the request' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel ${code}?` })
  await dialog.getByLabel('Why').fill('The seller sends it with its own truck')
  await dialog.getByRole('button', { name: 'Cancel the request' }).click()
  await expect(page.getByRole('status').getByText(`${code} is cancelled.`)).toBeVisible()
  expect(dbValue<string>('select status from transport_requests where code = ?', code)).toBe('cancelled')
  // The form, the redirect and the dialog all ran without loading the document again.
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
})
