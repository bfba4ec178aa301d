import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { dbValue, signInAs } from '../e2e/support'

// npm run screenshots -- tests/screenshots/issue-52.spec.ts: the pages issue 52 added or changed, in
// each of the four looks (desktop and phone, JavaScript on and off), under screenshots/<look>/issue-52/,
// for people to look at: the GST registrations, the transporters and their tax columns, the tax
// registers per registration, a booking's e-way bill forms, an e-invoice's page, GSTR-1 per GSTIN, a
// mill's bill with the registration that received it, and the buyer's invoice with its notes. Each
// page also must not scroll sideways on the phone.

const ROOT = path.resolve('screenshots')

const shoot = async (page: Page, look: string, name: string, url: string) => {
  const response = await page.goto(url)
  expect(response?.status(), url).toBe(200)
  await page.screenshot({ path: path.join(ROOT, look, 'issue-52', `${name}.png`), fullPage: true })
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url} at ${width} px`).toBeLessThanOrEqual(
    width,
  )
}

test('issue 52 pages', async ({ page }, info) => {
  test.setTimeout(300_000)
  const look = info.project.name
  const transporter = dbValue<number>('select id from transporters order by id limit 1')
  const booked = dbValue<string>(
    `select request_id || '/transport_bookings/' || id from transport_bookings
     where status in ('booked', 'picked_up') and eway_bill_number is not null order by id desc limit 1`,
  )
  const month = dbValue<string>('select substr(max(invoice_on), 1, 7) from buyer_invoices')
  const registered = dbValue<number>(
    "select doc_id from einvoice_registrations where doc_type = 'INV' and cancelled_at is null order by doc_id desc limit 1",
  )
  const bill = dbValue<number>('select id from seller_bills order by id desc limit 1')
  const invoice = dbValue<number>(
    `select i.id from buyer_invoices i join users u on u.buyer_id = i.buyer_id
     where u.email = 'buyer@example.com' order by i.id desc limit 1`,
  )

  await signInAs(page, 'biz_fin@example.com', /./)
  await shoot(page, look, 'gst-registrations', '/logistics/settlements/gst_registrations')
  await shoot(page, look, 'tax-registers', `/logistics/settlements/tax_registers?month=${month}`)
  await shoot(page, look, 'gstr1-tamil-nadu', `/logistics/settlements/gstr1?month=${month}&gstin=33AABCS1429B1Z1`)
  await shoot(page, look, 'einvoice-document', `/logistics/settlements/einvoices/INV-${registered}`)
  await shoot(page, look, 'seller-bill', `/logistics/settlements/seller_bills/${bill}`)
  await shoot(page, look, 'credit-holds-turnover-band', '/biz_fin/credit_holds')

  await page.context().clearCookies()
  await signInAs(page, 'logistics@example.com', /./)
  await shoot(page, look, 'transporters', '/logistics/transport_payment_dues/transporters')
  await shoot(page, look, 'transporter', `/logistics/transport_payment_dues/transporters/${transporter}`)
  if (booked) await shoot(page, look, 'booking-eway-forms', `/logistics/transport_requests/${booked}/edit`)
  await shoot(page, look, 'bookings', '/logistics/transport_bookings')

  await page.context().clearCookies()
  await signInAs(page, 'buyer@example.com', /\/buyer/)
  await shoot(page, look, 'buyer-invoice', `/buyer/invoices/${invoice}`)
})
