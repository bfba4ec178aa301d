import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { dbRow, signInAs } from './support'

// The buyer's money from its own portal, without JavaScript (issue 34): from the home's figure to
// its invoices, an invoice's PDF, and its statement for a period as a PDF.
test(
  'a buyer opens its invoices, downloads one, and downloads its statement',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const invoice = dbRow<{ id: number; number: string }>(
      // Its newest valid invoice (issue 52, Rule 48(5)): a B2B invoice is handed out once its IRN is recorded.
      `select i.id, i.number from buyer_invoices i join users u on u.buyer_id = i.buyer_id where u.email = 'buyer@example.com' and exists (select 1 from einvoice_registrations r where r.doc_type = 'INV' and r.doc_id = i.id and r.cancelled_at is null) order by i.invoice_on desc, i.id desc limit 1`,
    )
    await signInAs(page, 'buyer@example.com', '/buyer')
    // The home's figure opens the list behind it.
    await page.getByRole('link', { name: /Open invoices/ }).click()
    await expect(page).toHaveURL('/buyer/invoices?status=open')
    await page.getByRole('navigation').getByRole('link', { name: 'Invoices', exact: true }).first().click()
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: `${invoice.number} (PDF)` }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`${invoice.number.replace(/\//g, '-')}.pdf`)
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    await page.getByRole('link', { name: 'Outstanding and statement' }).first().click()
    await expect(page.getByRole('heading', { name: 'Outstanding', level: 1 })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: '90+ days' })).toBeVisible()
    await page.getByLabel('From').fill('2026-04-01')
    const statement = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download the statement (PDF)' }).click()
    const file = await statement
    expect(file.suggestedFilename()).toMatch(/^statement-indigo-threads-retail-2026-04-01-\d{4}-\d{2}-\d{2}\.pdf$/)
    expect(
      fs
        .readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  },
)
