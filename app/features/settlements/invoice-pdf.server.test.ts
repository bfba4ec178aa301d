import { describe, expect, it } from 'vitest'
import { amountInWords } from '~/utils/amount-in-words'
import { readPdf } from '../../../tests/support/barcodes'
import { accountFigures, invoiceFigures } from './figures'
import { invoiceTotals, lineAmounts, type Supply } from './money'
import {
  FONT,
  FONT_BOLD,
  hsnSummary,
  hsnSummaryTable,
  invoiceLineTable,
  invoicePdf,
  layoutTable,
  newDocument,
  pdfFigure,
  pdfMoney,
  statementPdf,
} from './pdf.server'
import { PLATFORM_BANK, PLATFORM_BILLING } from './platform'
import type { InvoiceDetail } from './queries.server'

// The tax invoice a GST officer accepts (CGST Rule 46), read back from the PDF's text.

const buyer = {
  name: 'Saffron Apparel Co',
  legalName: 'Saffron Apparel Company LLP',
  gstin: '29AAKFS5678K1Z5',
  line1: '12 Residency Road',
  line2: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560025',
}
const shipTo = {
  label: 'Hosur warehouse',
  line1: 'Plot 7, SIPCOT Phase II',
  line2: null,
  city: 'Hosur',
  state: 'Tamil Nadu',
  pin: '635109',
}

function invoiceOf(
  supply: Supply,
  lines: {
    description: string
    hsn: string
    unit: string
    quantityMilli: number
    priceMinor: number
    rateBp: number
  }[],
  options: { shipTo?: object; buyerState?: string } = {},
): InvoiceDetail {
  const amounts = lines.map((l) =>
    lineAmounts({ quantityMilli: l.quantityMilli, priceMinor: l.priceMinor, gstRateBp: l.rateBp }, supply),
  )
  const totals = invoiceTotals(amounts)
  const billTo = { ...buyer, state: options.buyerState ?? buyer.state }
  return {
    id: 1,
    number: 'INV/26-27/000123',
    invoiceOn: '2026-11-20',
    dueOn: '2026-12-20',
    createdAt: '2026-11-20T09:30:00.000Z',
    supply,
    placeOfSupply: billTo.state,
    sellerJson: JSON.stringify(PLATFORM_BILLING),
    buyerJson: JSON.stringify(billTo),
    shipToJson: JSON.stringify(options.shipTo ?? { label: 'Head office', ...billTo }),
    taxable_minor: totals.taxable,
    cgst_minor: totals.cgst,
    sgst_minor: totals.sgst,
    igst_minor: totals.igst,
    total_minor: totals.total,
    paid_minor: 0,
    credited_minor: 0,
    debited_minor: 0,
    status: 'open',
    order: { kind: 'order', id: 42, code: 'MO-2026-000042' },
    orderCode: 'MO-2026-000042',
    taxable: totals.taxable,
    figures: invoiceFigures({ totalMinor: totals.total, debitedMinor: 0, creditedMinor: 0, paidMinor: 0 }),
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    total: totals.total,
    paid: 0,
    credited: 0,
    debited: 0,
    lines: lines.map((l, i) => ({ ...l, lineNo: i + 1, ...amounts[i]! })),
  }
}

const text = async (pdf: Buffer) => {
  const read = await readPdf(pdf)
  return { ...read, text: read.pages.map((p) => p.text).join('\n') }
}

describe('the tax invoice PDF', () => {
  it('holds every particular of CGST Rule 46, the amount in words, the HSN summary and the bank details', async () => {
    const invoice = invoiceOf(
      'inter',
      [
        {
          description: 'SHR-01 Oxford shirt',
          hsn: '6205',
          unit: 'pcs',
          quantityMilli: 120_000,
          priceMinor: 1_450_00,
          rateBp: 500,
        },
        {
          description: 'SHR-02 Linen shirt',
          hsn: '6205',
          unit: 'pcs',
          quantityMilli: 10_000,
          priceMinor: 3_200_00,
          rateBp: 1800,
        },
        {
          description: 'FAB-01 Poplin',
          hsn: '5208',
          unit: 'm',
          quantityMilli: 250_500,
          priceMinor: 182_50,
          rateBp: 500,
        },
      ],
      { shipTo },
    )
    const pdf = await text(await invoicePdf(invoice))
    const t = pdf.text
    expect(pdf.total).toBe(1)
    expect(t).toContain('Tax invoice')
    // The supplier: name, address, GSTIN, state and its code.
    expect(t).toContain('Sourcing Platform Private Limited')
    expect(t).toContain('4th floor, Kamala Mills Compound')
    expect(t).toContain('GSTIN 27AABCS1429B1ZU')
    expect(t).toContain('State: Maharashtra, State code 27')
    // A serial number of at most 16 characters, unique in the financial year; its date.
    expect(t).toContain('INV/26-27/000123')
    expect('INV/26-27/000123'.length).toBeLessThanOrEqual(16)
    expect(t).toContain('Invoice date: 20 Nov 2026')
    // The recipient: name, address, GSTIN, state and code; the place of supply with its code.
    expect(t).toContain('Saffron Apparel Company LLP')
    expect(t).toContain('12 Residency Road')
    expect(t).toContain('GSTIN 29AAKFS5678K1Z5')
    expect(t).toContain('State: Karnataka, State code 29')
    expect(t).toContain('Place of supply: Karnataka (State code 29)')
    // The ship-to address, which differs from the bill-to.
    expect(t).toContain('Ship to')
    expect(t).toContain('Plot 7, SIPCOT Phase II')
    expect(t).toContain('State: Tamil Nadu, State code 33')
    // HSN per line, quantity and unit, taxable value, each tax's rate and amount.
    for (const line of invoice.lines) {
      expect(t).toContain(line.hsn)
      expect(t).toContain(line.unit)
      for (const amount of [line.priceMinor, line.taxable, line.igst, line.total])
        expect(t).toContain(pdfFigure(amount))
    }
    expect(t).toContain('120 pcs')
    expect(t).toContain('250.5 m')
    expect(t).toMatch(/IGST\s+rate/)
    expect(t).toMatch(/18%/)
    // Reverse charge; the authorised signatory.
    expect(t).toContain('Tax payable on reverse charge: No')
    expect(t).toContain('For Sourcing Platform Private Limited')
    expect(t).toContain('Authorised signatory')
    // What Indian readers expect besides: ₹, the amount in words, the HSN summary, the bank details.
    expect(t).toContain(`Invoice total: ${pdfMoney(invoice.total)}`)
    expect(t).toContain('₹ ')
    expect(t).not.toContain('Rs.')
    expect(t.replace(/\s+/g, ' ')).toContain(amountInWords(invoice.total))
    expect(t).toContain('HSN summary')
    const summary = hsnSummary(invoice.lines)
    expect(summary).toHaveLength(3)
    for (const row of summary) expect(t).toContain(pdfFigure(row.taxable))
    expect(t).toContain(`Account number: ${PLATFORM_BANK.accountNumber}`)
    expect(t).toContain(`IFSC: ${PLATFORM_BANK.ifsc}`)
    expect(t).toContain(`Bank: ${PLATFORM_BANK.bank}`)
    expect(t).toContain(`Branch: ${PLATFORM_BANK.branch}`)
  })

  it('prints CGST and SGST with their rates within one state, and no ship-to when it is the bill-to', async () => {
    const invoice = invoiceOf(
      'intra',
      [
        {
          description: 'TSH-01 Tee',
          hsn: '6109',
          unit: 'pcs',
          quantityMilli: 500_000,
          priceMinor: 320_00,
          rateBp: 500,
        },
      ],
      { buyerState: 'Maharashtra' },
    )
    const t = (await text(await invoicePdf(invoice))).text
    expect(t).toMatch(/CGST\s+rate/)
    expect(t).toMatch(/SGST\s+rate/)
    expect(t).toContain('2.5%')
    expect(t).toContain(`CGST: ${pdfMoney(invoice.cgst)}`)
    expect(t).toContain(`SGST: ${pdfMoney(invoice.sgst)}`)
    expect(t).not.toContain('Ship to')
    expect(t).toContain('Place of supply: Maharashtra (State code 27)')
  })
})

describe('figures in the PDFs', () => {
  // Crores on many lines: the widest figures an invoice meets, over more than one page.
  const many = (supply: Supply) =>
    invoiceOf(
      supply,
      Array.from({ length: 45 }, (_, i) => ({
        description: `GAR-${i} Heavy winter overcoat, wool blend, lined, with a long description that wraps`,
        hsn: i % 2 ? '6201' : '62019390',
        unit: 'pcs',
        quantityMilli: 9_87_654_321 + i,
        priceMinor: 12_34_567_89,
        rateBp: i % 3 ? 1800 : 500,
      })),
    )

  for (const supply of ['intra', 'inter'] as const)
    it(`never breaks a figure (${supply}-state, crores, ${45} lines)`, async () => {
      const invoice = many(supply)
      expect(invoice.total).toBeGreaterThan(1_000_00_00_000_00) // above ₹1,000 crore
      const pdf = await text(await invoicePdf(invoice))
      expect(pdf.total).toBeGreaterThan(1)
      const figures = invoice.lines.flatMap((l) => [l.priceMinor, l.taxable, l.cgst, l.sgst, l.igst, l.total])
      for (const figure of [...figures.filter(Boolean), invoice.taxable, invoice.total].map(pdfFigure))
        expect(pdf.text).toContain(figure)
      // Each numeric cell fits its column on one line at the size the layout gives it.
      const doc = newDocument()
      const { columns, rows } = invoiceLineTable(invoice)
      const layout = layoutTable(doc, columns, rows)
      expect(layout.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(515.01)
      columns.forEach((c, i) => {
        if (!c.numeric) return
        doc.font(FONT).fontSize(layout.sizes[i]!)
        for (const row of rows) expect(doc.widthOfString(row[i]!)).toBeLessThanOrEqual(layout.widths[i]! - 4)
      })
      // The description still has room to be read.
      expect(layout.widths[1]).toBeGreaterThanOrEqual(60)
      // The HSN summary's figures too, its total row in bold.
      const summary = hsnSummaryTable(invoice)
      const totalRow = summary.rows.length - 1
      const summaryLayout = layoutTable(doc, summary.columns, summary.rows, { boldRows: [totalRow] })
      summary.columns.forEach((c, i) => {
        if (!c.numeric) return
        summary.rows.forEach((row, n) => {
          doc.font(n === totalRow ? FONT_BOLD : FONT).fontSize(summaryLayout.sizes[i]!)
          expect(doc.widthOfString(row[i]!)).toBeLessThanOrEqual(summaryLayout.widths[i]! - 4)
        })
      })
      expect(pdf.text).toContain(pdfFigure(invoice.cgst + invoice.sgst + invoice.igst))
    })

  it('prints the statement with ₹ and whole figures', async () => {
    const big = 98_76_54_32_100_99
    const pdf = await text(
      await statementPdf(
        {
          buyer: { id: 1, name: 'Big Buyer', legalName: 'Big Buyer Ltd', gstin: null, paymentTermsDays: 30 },
          outstandingMinor: big,
          figures: accountFigures({
            invoicedMinor: big,
            debitedMinor: 0,
            creditedMinor: 0,
            receivedMinor: 0,
            tdsMinor: 0,
            unallocatedMinor: 0,
          }),
        } as never,
        {
          opening: 0,
          closing: big,
          truncated: false,
          rows: [
            {
              entryOn: '2026-11-20',
              kind: 'invoice',
              refNumber: 'INV/26-27/000123',
              about: 'Order MO-2026-000042, due 2026-12-20',
              debitMinor: big,
              creditMinor: 0,
              balanceMinor: big,
            },
          ],
        },
        { from: '2026-11-01', to: '2026-11-30' },
        { buckets: { d0_30: big }, overdueMinor: 0 },
      ),
    )
    expect(pdf.text).toContain(pdfMoney(big))
    expect(pdf.text).toMatch(/Balance carried forward\s+₹ 98,76,54,32,100\.99/)
    expect(pdf.text).not.toContain('Rs.')
  })
})
