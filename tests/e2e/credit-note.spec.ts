import fs from 'node:fs'
import { expect, test, type Download } from '@playwright/test'
import { PDFParse } from 'pdf-parse'
import { dbRow, signInAs } from './support'

// Issue 38, without JavaScript: goods of an invoiced order fail the buyer's QC; finance raises a
// credit note for them from the invoice's page (reason: QC rejection after invoicing, a quantity on
// the line), and the buyer sees it on its invoice, downloads it, and finds it on its statement.

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

    // The buyer: its invoice lists the note, the note downloads as a PDF, its statement shows it.
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
