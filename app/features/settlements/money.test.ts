import fc from 'fast-check'
import { DOCUMENT_NUMBER_MAX, documentNumber, documentScope, financialYear } from '~/platform/numbering.server'
import { ageingBucket, allocate, invoiceTotals, lineAmounts, splitGst, supplyOf } from './money'

describe('GST', () => {
  it('splits into CGST and SGST within a state, IGST across states', () => {
    expect(splitGst(100_000, 1200, 'intra')).toEqual({ cgst: 6_000, sgst: 6_000, igst: 0 })
    expect(splitGst(100_000, 1200, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 12_000 })
    // ₹0.25 at 5 %: 1.25 paise of GST, each half 0.625 → 1 paisa (half up).
    expect(splitGst(25, 500, 'intra')).toEqual({ cgst: 1, sgst: 1, igst: 0 })
    expect(supplyOf('Maharashtra', ' maharashtra ')).toBe('intra')
    expect(supplyOf('Maharashtra', 'Gujarat')).toBe('inter')
  })

  it('makes every invoice total the sum of its lines, and each line taxable value plus its taxes', () => {
    const line = fc.record({
      quantityMilli: fc.integer({ min: 1, max: 10_000_000_000 }),
      priceMinor: fc.integer({ min: 0, max: 100_000_000 }),
      gstRateBp: fc.constantFrom(0, 250, 500, 1200, 1800, 2800),
    })
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.constantFrom('intra' as const, 'inter' as const),
        (lines, supply) => {
          const amounts = lines.map((l) => lineAmounts(l, supply))
          const totals = invoiceTotals(amounts)
          for (const a of amounts) {
            expect(a.total).toBe(a.taxable + a.cgst + a.sgst + a.igst)
            expect(Number.isSafeInteger(a.total)).toBe(true)
          }
          expect(totals.total).toBe(amounts.reduce((s, a) => s + a.total, 0))
          expect(totals.total).toBe(totals.taxable + totals.cgst + totals.sgst + totals.igst)
          if (supply === 'intra') expect(totals.igst).toBe(0)
          else expect(totals.cgst + totals.sgst).toBe(0)
        },
      ),
    )
  })
})

describe('allocation', () => {
  it('never over-allocates: each invoice and payment stays at or above zero, and the smaller side is used up', () => {
    const amounts = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { maxLength: 30 })
    fc.assert(
      fc.property(amounts, amounts, (owed, paid) => {
        const invoices = owed.map((open, i) => ({ id: i + 1, open }))
        const payments = paid.map((unallocated, i) => ({ id: i + 1, unallocated }))
        const pairs = allocate(invoices, payments)
        for (const inv of invoices)
          expect(pairs.filter((p) => p.invoiceId === inv.id).reduce((s, p) => s + p.amount, 0)).toBeLessThanOrEqual(
            inv.open,
          )
        for (const pay of payments)
          expect(pairs.filter((p) => p.paymentId === pay.id).reduce((s, p) => s + p.amount, 0)).toBeLessThanOrEqual(
            pay.unallocated,
          )
        const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
        expect(sum(pairs.map((p) => p.amount))).toBe(Math.min(sum(owed), sum(paid)))
        for (const p of pairs) expect(p.amount).toBeGreaterThan(0)
        // Oldest first: an invoice gets money only when every older one is paid in full.
        const firstShort = invoices.findIndex(
          (inv) => pairs.filter((p) => p.invoiceId === inv.id).reduce((s, p) => s + p.amount, 0) < inv.open,
        )
        if (firstShort >= 0) expect(pairs.some((p) => p.invoiceId > firstShort + 1)).toBe(false)
      }),
    )
  })
})

describe('days', () => {
  it('knows financial years and ageing buckets', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27')
    expect(financialYear('2027-03-31')).toBe('2026-27')
    expect(financialYear('2026-01-15')).toBe('2025-26')
    expect(financialYear('2099-12-01')).toBe('2099-00')
    expect(ageingBucket('2026-11-26', '2026-11-26')).toBe('d0_30')
    expect(ageingBucket('2026-10-27', '2026-11-26')).toBe('d0_30')
    expect(ageingBucket('2026-10-26', '2026-11-26')).toBe('d31_60')
    expect(ageingBucket('2026-08-28', '2026-11-26')).toBe('d61_90')
    expect(ageingBucket('2026-08-27', '2026-11-26')).toBe('d90_plus')
  })
})

describe('document numbers', () => {
  it('print the short financial year in at most 16 characters, the counter still per full year', () => {
    expect(documentNumber('INV', '2026-11-20', 123)).toBe('INV/26-27/000123')
    expect(documentNumber('CN', '2027-03-31', 7)).toBe('CN/26-27/000007')
    expect(documentNumber('DN', '2027-04-01', 7)).toBe('DN/27-28/000007')
    expect(documentNumber('RCPT', '2026-05-01', 42)).toBe('RCPT/26-27/00042')
    for (const prefix of ['INV', 'CN', 'DN', 'RCPT'] as const)
      expect(documentNumber(prefix, '2026-11-20', 99_999).length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX)
    expect(documentNumber('INV', '2026-11-20', 999_999).length).toBe(16)
    // The scope of the counter row, as before the short format: a year's series carries on.
    expect(documentScope('INV', '2026-11-20')).toBe('INV/2026-27')
  })
})
