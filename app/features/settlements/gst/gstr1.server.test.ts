import { getDb } from '~/db.server'
import { gstr1Of, gstr1Totals, B2CL_ABOVE_MINOR } from './gstr1.server'
import { insertNote, shortenNumbers } from '../../../../tests/support/gst-documents'

// GSTR-1 of December 2025 from three of the demo's invoices moved there: one to a registered buyer (b2b), one
// inter-state above ₹1,00,000 to a buyer made unregistered (b2cl), one below it (b2cs); notes on
// each (cdnr, cdnur, netted into b2cs). Every section's taxable value and taxes equal the sums of
// the database's rows for it, and the HSN summary equals the month's invoices less credit notes
// plus debit notes.

const MONTH = '2025-12'
const rupees = (paise: number) => Math.round(paise) / 100

type Sum = { txval: number; iamt: number; camt: number; samt: number }
const sumOf = (
  rows: { taxable_minor: number; igst_minor: number; cgst_minor: number; sgst_minor: number }[],
  sign = 1,
): Sum => ({
  txval: rupees(sign * rows.reduce((s, r) => s + Number(r.taxable_minor), 0)),
  iamt: rupees(sign * rows.reduce((s, r) => s + Number(r.igst_minor), 0)),
  camt: rupees(sign * rows.reduce((s, r) => s + Number(r.cgst_minor), 0)),
  samt: rupees(sign * rows.reduce((s, r) => s + Number(r.sgst_minor), 0)),
})
const plus = (...sums: Sum[]): Sum => ({
  txval: rupees(sums.reduce((s, x) => s + Math.round(x.txval * 100), 0)),
  iamt: rupees(sums.reduce((s, x) => s + Math.round(x.iamt * 100), 0)),
  camt: rupees(sums.reduce((s, x) => s + Math.round(x.camt * 100), 0)),
  samt: rupees(sums.reduce((s, x) => s + Math.round(x.samt * 100), 0)),
})
const figures = ({ txval, iamt, camt, samt }: Sum & Record<string, unknown>) => ({ txval, iamt, camt, samt })

beforeAll(async () => {
  const db = getDb()
  await shortenNumbers(db)
  // The demo's dates follow the day it was seeded: the three kinds of invoice are brought into the month.
  const invoices = await db
    .selectFrom('buyer_invoices')
    .select(['id', 'supply', 'total_minor', 'buyer_json'])
    .orderBy('id')
    .execute()
  const large = invoices.find((i) => i.supply === 'inter' && Number(i.total_minor) > B2CL_ABOVE_MINOR)!
  const small = invoices.find((i) => i.supply === 'inter' && Number(i.total_minor) <= B2CL_ABOVE_MINOR)!
  const registered = invoices.find((i) => i.supply === 'intra')!
  for (const [i, invoice] of [large, small, registered].entries())
    await db
      .updateTable('buyer_invoices')
      .set({ invoice_on: `${MONTH}-1${i}` })
      .where('id', '=', invoice.id)
      .execute()
  for (const invoice of [large, small]) {
    const buyer = { ...JSON.parse(invoice.buyer_json), gstin: null }
    await db
      .updateTable('buyer_invoices')
      .set({ buyer_json: JSON.stringify(buyer) })
      .where('id', '=', invoice.id)
      .execute()
  }
  await insertNote(db, 'CRN', registered.id, `${MONTH}-30`, 4)
  await insertNote(db, 'DBN', registered.id, `${MONTH}-30`, 10)
  await insertNote(db, 'DBN', large.id, `${MONTH}-31`, 5)
  await insertNote(db, 'CRN', small.id, `${MONTH}-31`, 3)
})

async function monthRows() {
  const db = getDb()
  const columns = ['taxable_minor', 'igst_minor', 'cgst_minor', 'sgst_minor'] as const
  const invoices = await db
    .selectFrom('buyer_invoices')
    .select(['id', 'number', 'supply', 'total_minor', 'buyer_json', ...columns])
    .where('invoice_on', '>=', `${MONTH}-01`)
    .where('invoice_on', '<=', `${MONTH}-31`)
    .execute()
  const kindOf = (i: { buyer_json: string; supply: string; total_minor: number }) =>
    JSON.parse(i.buyer_json).gstin
      ? 'b2b'
      : i.supply === 'inter' && Number(i.total_minor) > B2CL_ABOVE_MINOR
        ? 'b2cl'
        : 'b2cs'
  const notes = async (table: 'credit_notes' | 'debit_notes') =>
    db
      .selectFrom(`${table} as n` as 'credit_notes as n')
      .innerJoin('buyer_invoices as i', 'i.id', 'n.invoice_id')
      .select([
        'n.number',
        'n.taxable_minor',
        'n.igst_minor',
        'n.cgst_minor',
        'n.sgst_minor',
        'i.buyer_json',
        'i.supply',
        'i.total_minor',
      ])
      .where('n.issued_on', '>=', `${MONTH}-01`)
      .where('n.issued_on', '<=', `${MONTH}-31`)
      .execute()
  const [credits, debits] = await Promise.all([notes('credit_notes'), notes('debit_notes')])
  return { invoices, credits, debits, kindOf }
}

describe('GSTR-1 of a month', () => {
  it('puts each document in its section, and each section’s totals equal its documents’', async () => {
    const { invoices, credits, debits, kindOf } = await monthRows()
    const g = await gstr1Of(getDb(), MONTH)
    expect(g.fp).toBe('122025')
    expect(g.gstin).toBe('27AABCS1429B1ZU')
    const totals = gstr1Totals(g)
    const of = <T extends { buyer_json: string; supply: string; total_minor: number }>(rows: T[], kind: string) =>
      rows.filter((r) => kindOf(r) === kind)

    expect(figures(totals.b2b)).toEqual(sumOf(of(invoices, 'b2b')))
    expect(figures(totals.b2cl)).toEqual(sumOf(of(invoices, 'b2cl')))
    expect(of(invoices, 'b2cl')).toHaveLength(1)
    expect(figures(totals.b2cs)).toEqual(
      plus(sumOf(of(invoices, 'b2cs')), sumOf(of(credits, 'b2cs'), -1), sumOf(of(debits, 'b2cs'))),
    )
    expect(figures(totals.cdnr)).toEqual(plus(sumOf(of(credits, 'b2b')), sumOf(of(debits, 'b2b'))))
    expect(figures(totals.cdnur)).toEqual(plus(sumOf(of(credits, 'b2cl')), sumOf(of(debits, 'b2cl'))))
    expect(totals.cdnur.count).toBe(1)
    // The HSN summary: the month's invoices, less its credit notes, plus its debit notes.
    expect(figures(totals.hsn)).toEqual(plus(sumOf(invoices), sumOf(credits, -1), sumOf(debits)))
    // Split as GSTN's Table 12 has it since May 2025 (issue 52): registered buyers' documents in hsn_b2b, the rest in hsn_b2c.
    const hsnOf = (part: 'hsn_b2b' | 'hsn_b2c') =>
      figures(gstr1Totals({ ...g, hsn: { hsn_b2b: [], hsn_b2c: [], [part]: g.hsn[part] } }).hsn)
    expect(hsnOf('hsn_b2b')).toEqual(
      plus(sumOf(of(invoices, 'b2b')), sumOf(of(credits, 'b2b'), -1), sumOf(of(debits, 'b2b'))),
    )
    const b2c = <T extends Parameters<typeof of>[0][number]>(rows: T[]) => [...of(rows, 'b2cl'), ...of(rows, 'b2cs')]
    expect(hsnOf('hsn_b2c')).toEqual(plus(sumOf(b2c(invoices)), sumOf(b2c(credits), -1), sumOf(b2c(debits))))

    // b2b by the buyer's GSTIN, with each invoice's number and value.
    const registered = of(invoices, 'b2b')
    expect(g.b2b.flatMap((c) => c.inv.map((i) => `${c.ctin} ${i.inum} ${i.val}`)).sort()).toEqual(
      registered.map((i) => `${JSON.parse(i.buyer_json).gstin} ${i.number} ${rupees(Number(i.total_minor))}`).sort(),
    )
    expect(g.cdnr.flatMap((c) => c.nt.map((n) => n.ntty)).sort()).toEqual(
      [...of(credits, 'b2b').map(() => 'C'), ...of(debits, 'b2b').map(() => 'D')].sort(),
    )
    expect(g.cdnur[0]).toMatchObject({ ntty: 'D', typ: 'B2CL' })
    expect(g.b2cs.every((r) => r.typ === 'OE' && ['INTRA', 'INTER'].includes(r.sply_ty))).toBe(true)
  })

  it('lists each series’ documents issued (table 13)', async () => {
    const { invoices, credits, debits } = await monthRows()
    const g = await gstr1Of(getDb(), MONTH)
    const nature = (num: number) => g.doc_issue.doc_det.find((d) => d.doc_num === num)
    // A series is a number's prefix (INV/2526/): the first and last of the month's, and how many.
    const series = new Map<string, string[]>()
    for (const number of invoices.map((i) => i.number).sort())
      series.set(number.replace(/\d+$/, ''), [...(series.get(number.replace(/\d+$/, '')) ?? []), number])
    expect(nature(1)!.docs).toEqual(
      [...series.values()].map((numbers, i) => ({
        num: i + 1,
        from: numbers[0],
        to: numbers.at(-1),
        totnum: numbers.length,
        cancel: 0,
        net_issue: numbers.length,
      })),
    )
    expect(nature(5)!.docs.reduce((s, d) => s + d.totnum, 0)).toBe(credits.length)
    expect(nature(4)!.docs.reduce((s, d) => s + d.totnum, 0)).toBe(debits.length)
  })

  it('of a month with nothing issued is empty', async () => {
    const g = await gstr1Of(getDb(), '2024-01')
    expect(g).toMatchObject({
      fp: '012024',
      b2b: [],
      b2cl: [],
      b2cs: [],
      cdnr: [],
      cdnur: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
    })
    expect(g.doc_issue.doc_det).toEqual([])
  })
})
