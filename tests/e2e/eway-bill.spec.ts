import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { dbRow, dbValue, formMessage, signInAs } from './support'

// The e-way bill (issue 38, docs/domain.md (issue 38)) with JavaScript off: the logistics team's
// home flags the demo booking whose e-way bill expired on the road; for the demo's booked first mile
// (goods worth more than ₹50,000) it downloads the e-way bill JSON, records the number the portal
// gave (a wrong one refused at its field), and the booking shows until when it is valid.

/** Ten minutes ago in India, as a datetime-local input takes it (YYYY-MM-DDTHH:MM). */
const generatedAt = new Date(Date.now() + 5.5 * 3_600_000 - 600_000).toISOString().slice(0, 16)
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

test('@js-off-only logistics downloads a booking’s e-way bill JSON, records its number, and the booking shows its validity', async ({
  page,
}) => {
  const expired = dbValue<string>(
    `select code from transport_bookings where status = 'picked_up' and eway_valid_until < ? order by id limit 1`,
    new Date().toISOString(),
  )
  const booking = dbRow<{ id: number; request_id: number; code: string; distance_km: number }>(
    `select b.id, b.request_id, b.code, b.distance_km from transport_bookings b join transport_requests r on r.id = b.request_id
     where b.status = 'booked' and r.transport_type = 'first_mile' and b.eway_bill_number is null order by b.id limit 1`,
  )
  await signInAs(page, 'logistics@example.com', '/logistics_team')
  const queue = page.getByRole('region', { name: /^E-way bills to see to/ })
  await expect(queue.getByRole('link', { name: `${expired} · e-way bill expired` })).toBeVisible()

  await page.goto(`/logistics/transport_requests/${booking.request_id}/transport_bookings/${booking.id}/edit`)
  const card = page.getByRole('region', { name: 'E-way bill' })
  await expect(card).toContainText(/Yes: goods worth ₹[\d,]+\.\d{2} with taxes \(more than ₹50,000\)/)
  // It moves on the mill's own tax invoice to the platform, entered on the booking (issue 52).
  const mill = dbRow<{ supplier_invoice_number: string }>(
    'select supplier_invoice_number from transport_bookings where id = ?',
    booking.id,
  )
  await expect(card).toContainText(`The mill’s tax invoice ${mill.supplier_invoice_number}`)

  // The JSON for the portal's bulk generation.
  const downloading = page.waitForEvent('download')
  await card.getByRole('link', { name: 'Download the e-way bill JSON' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`eway-bill-${booking.code}.json`)
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    version: string
    billLists: { docNo: string; docType: string; totInvValue: number; transDistance: number; itemList: unknown[] }[]
  }
  expect(file.billLists).toHaveLength(1)
  expect(file.billLists[0]).toMatchObject({
    docNo: mill.supplier_invoice_number,
    docType: 'INV',
    transDistance: booking.distance_km,
  })
  expect(file.billLists[0]!.totInvValue).toBeGreaterThan(50_000)
  expect(file.billLists[0]!.itemList.length).toBeGreaterThan(0)

  // A number that is not 12 digits is refused at its field, with what was typed kept.
  await page.getByLabel('E-way bill number').fill('1234 5678')
  await page.getByLabel('Generated at').fill(generatedAt)
  await page.getByRole('button', { name: 'Record the e-way bill' }).click()
  await expect(formMessage(page, 'Enter the 12-digit e-way bill number, digits only')).toBeVisible()
  await expect(page.getByLabel('E-way bill number')).toHaveValue('1234 5678')

  await page.getByLabel('E-way bill number').fill('4810 2233 4455')
  await page.getByLabel('Generated at').fill(generatedAt)
  await page.getByRole('button', { name: 'Record the e-way bill' }).click()
  await expect(
    page.getByRole('status').getByText(new RegExp(`^${booking.code}: e-way bill 481022334455 recorded, valid until`)),
  ).toBeVisible()
  const days = Math.ceil(booking.distance_km / 200)
  await expect(page.getByRole('region', { name: 'E-way bill' })).toContainText(
    `${days} day${days === 1 ? '' : 's'} for ${booking.distance_km} km`,
  )
  expect(dbValue<string>('select eway_bill_number from transport_bookings where id = ?', booking.id)).toBe(
    '481022334455',
  )
  const validUntil = dbValue<string>('select eway_valid_until from transport_bookings where id = ?', booking.id)
  // Valid until 23:59:59 IST of the day `days` after the day (India's) it was generated.
  expect(validUntil).toBe(new Date(`${dayAfter(generatedAt.slice(0, 10), days)}T23:59:59+05:30`).toISOString())

  // Issue 52: within 24 hours and before pickup it can be cancelled (the form in a <details>, without
  // JavaScript): a reason is needed; cancelled, the card lists it with the JSON for the portal, and
  // the booking needs a new e-way bill before it is picked up.
  await page.getByText('Cancel the e-way bill (within 24 hours, before pickup)').click()
  const cancel = page.getByRole('form', { name: 'Cancel the e-way bill (within 24 hours, before pickup)' })
  await cancel.getByRole('button', { name: 'Cancel the e-way bill' }).click()
  await expect(formMessage(page, 'Choose why it is cancelled')).toBeVisible()
  const again = page.getByRole('form', { name: 'Cancel the e-way bill (within 24 hours, before pickup)' })
  await again.getByLabel('Reason').selectOption('2')
  await again.getByLabel('Remark').fill('Buyer changed the order')
  await again.getByRole('button', { name: 'Cancel the e-way bill' }).click()
  await expect(
    page.getByRole('status').getByText(new RegExp(`^${booking.code}: e-way bill 481022334455 cancelled`)),
  ).toBeVisible()
  expect(dbValue<string | null>('select eway_bill_number from transport_bookings where id = ?', booking.id)).toBeNull()
  const history = page.getByRole('region', { name: 'E-way bill' })
  await expect(history).toContainText('Cancelled · 481022334455: Cancelled: Order cancelled (Buyer changed the order)')
  const cancelling = page.waitForEvent('download')
  await history.getByRole('link', { name: 'JSON for the portal' }).click()
  const cancelled = JSON.parse(fs.readFileSync((await (await cancelling).path())!, 'utf8')) as unknown
  expect(cancelled).toEqual({ ewbNo: 481022334455, cancelRsnCode: 2, cancelRmrk: 'Buyer changed the order' })
})
