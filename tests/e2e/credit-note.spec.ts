import fs from 'node:fs'
import { expect, test, type Download } from '@playwright/test'
import { PDFParse } from 'pdf-parse'
import { dbRow, signInAs } from './support'

// Issue 38, without JavaScript: goods of an invoiced order fail the buyer's QC; finance raises a
// credit note for them from the invoice's page (reason: QC rejection after invoicing, a quantity on
// the line), and the buyer sees it on its invoice, downloads it, and finds it on its statement.
// Issue 52: a note to a buyer with a GSTIN is e-invoiced as an invoice is (Rule 48(5)): the buyer
// reads it as being registered until finance records its IRN, then its PDF prints the IRN.

async function pdfText(download: Download) {
  const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync((await download.path())!)) })
  try {
    // Table cells wrap: words are compared with single spaces.
    return (await parser.getText()).text.replace(/\s+/g, ' ')
  } finally {
    await parser.destroy()
  }
}

test(
  'finance credits goods rejected at QC after invoicing, and the credit note reaches the buyer’s statement',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const invoice = dbRow<{ id: number; number: string; buyer_id: number; description: string }>(
      `select i.id, i.number, i.buyer_id, l.description from buyer_invoices i
         join users u on u.buyer_id = i.buyer_id
         join buyer_invoice_lines l on l.invoice_id = i.id and l.line_no = 1
        where u.email = 'buyer@example.com' and l.quantity_milli >= 2000
          and not exists (select 1 from credit_notes c where c.invoice_id = i.id)
        order by i.invoice_on, i.id limit 1`,
    )
    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.goto(`/logistics/settlements/buyers/${invoice.buyer_id}/invoices/${invoice.id}`)
    await expect(page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 })).toBeVisible()

    const form = page.getByRole('form', { name: 'Issue a credit note' })
    await form.getByLabel('Reason', { exact: true }).selectOption('qc_rejection')
    const words = 'Pieces failed the buyer’s inspection after delivery'
    await form.getByLabel('Reason in words').fill(words)
    const quantity = form.getByRole('group', { name: /^Line 1:/ }).getByLabel(/^Quantity/)
    // More than was invoiced: refused at the line, what was typed kept.
    await quantity.fill('999999')
    await form.getByRole('button', { name: 'Issue the credit note' }).click()
    // In the summary (a link to the field) and at the field.
    await expect(
      form.getByRole('link', { name: /^At most .* what was invoiced less what was credited before$/ }),
    ).toBeVisible()
    await expect(quantity).toHaveAccessibleDescription(/At most .* what was invoiced less what was credited before/)
    await expect(form.getByLabel('Reason in words')).toHaveValue(words)
    await expect(quantity).toHaveValue('999999')
    await expect(form.getByLabel('Reason', { exact: true })).toHaveValue('qc_rejection')

    await quantity.fill('2')
    await form.getByRole('button', { name: 'Issue the credit note' }).click()
    await expect(page.getByText(/^Credit note CN\/\d{2}-\d{2}\/\d{6} for .+ issued against /)).toBeVisible()
    const note = dbRow<{ id: number; number: string; amount_minor: number; reason_code: string }>(
      'select id, number, amount_minor, reason_code from credit_notes where invoice_id = ? order by id desc limit 1',
      invoice.id,
    )
    expect(note.reason_code).toBe('qc_rejection')
    await expect(page.getByRole('link', { name: `Credit note ${note.number} (PDF)` })).toBeVisible()
    await expect(page.getByText(/No IRN yet: the buyer does not get this credit note/)).toBeVisible()

    // The buyer: its invoice lists the note as being registered, with no PDF yet.
    await page.context().clearCookies()
    await signInAs(page, 'buyer@example.com', '/buyer')
    await page.goto('/buyer/invoices')
    await page.getByRole('link', { name: `Lines and notes of ${invoice.number}` }).click()
    await expect(page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 })).toBeVisible()
    await expect(
      page.getByText('Being registered with the GST portal: the credit note will be available once its IRN is issued.'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: `Credit note ${note.number} (PDF)` })).toHaveCount(0)

    // Finance records what the portal returned for the note, on its e-invoice page.
    await page.context().clearCookies()
    await signInAs(page, 'biz_fin@example.com', '/biz_fin')
    await page.goto(`/logistics/settlements/buyers/${invoice.buyer_id}/invoices/${invoice.id}`)
    await page.getByRole('link', { name: `The e-invoice of ${note.number}` }).click()
    const irn = 'c0ffee52'.repeat(8)
    const ackAt = new Date(Date.now() + 330 * 60_000 - 60_000).toISOString().slice(0, 19).replace('T', ' ')
    await page.getByLabel('IRN', { exact: true }).fill(irn)
    await page.getByLabel('Ack No').fill('182652000000001')
    await page.getByLabel('Ack Date').fill(ackAt)
    await page.getByLabel('Signed QR code').fill(`eyJhbGciOiJSUzI1NiJ9.${Buffer.from(irn).toString('base64url')}.c2ln`)
    await page.getByRole('button', { name: 'Record the registration' }).click()
    await expect(page.getByText(`${note.number} is registered`)).toBeVisible()

    // The buyer: the note downloads as a PDF with its IRN, and its statement shows it.
    await page.context().clearCookies()
    await signInAs(page, 'buyer@example.com', '/buyer')
    await page.goto('/buyer/invoices')
    await page.getByRole('link', { name: `Lines and notes of ${invoice.number}` }).click()
    await expect(page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 })).toBeVisible()
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: `Credit note ${note.number} (PDF)` }).click()
    const file = await downloading
    expect(file.suggestedFilename()).toBe(`${note.number.replace(/\//g, '-')}.pdf`)
    const text = await pdfText(file)
    for (const part of [
      'Credit note',
      note.number,
      `Against tax invoice ${invoice.number}`,
      'QC rejection after invoicing',
      'GSTIN',
      'Authorised signatory',
      'e-Invoice',
      `IRN ${irn}`,
      `Ack Date ${ackAt}`,
    ])
      expect(text).toContain(part)

    await page.goto('/buyer/outstanding')
    await page.getByLabel('From').fill('2026-04-01')
    const statement = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download the statement (PDF)' }).click()
    const lines = await pdfText(await statement)
    expect(lines).toContain(`Credit note ${note.number}`)
    expect(lines).toContain(`Against ${invoice.number}: QC rejection after invoicing`)
  },
)
