// Issue 52: the demo's documents to buyers not registered for GST (the boutiques of seed/b2c.ts) in
// GSTR-1's B2C sections: each month that has them has non-empty b2cl, b2cs, cdnur and hsn.hsn_b2c,
// valid against GSTN's kept section schemas, with every figure tied to the database's own invoices,
// notes and their lines (read here directly, not through the GST documents); and none of them is in
// the e-invoice month's list or its bulk file. On the demo every test starts from; SQLite and PostgreSQL.
import { getDb } from '~/db.server'
import { gstDocuments, HOME_GSTIN, monthBounds, supplierGstinOf } from '~/features/settlements/gst/documents.server'
import { B2CL_ABOVE_MINOR, gstr1From, gstr1Problems, type Gstr1 } from '~/features/settlements/gst/gstr1.server'
import { einvoiceBulk, einvoiceMonthPage } from '~/features/settlements/gst/pages.server'
import { turnoverBand } from '~/platform/turnover-band.server'
import { gstStateCode } from '~/utils/gst-states'
import { B2C_BUYERS } from '../seed/b2c'
import { gstr1SchemaErrors } from './support/gstr1-schema'

const paise = (rupees: number) => Math.round(rupees * 100)
const pos = (state: string) => gstStateCode(state)!

type Sums = { txval: number; iamt: number; camt: number; samt: number }
const add = (map: Map<string, Sums>, key: string, sign: number, l: Sums) => {
  const s = map.get(key) ?? { txval: 0, iamt: 0, camt: 0, samt: 0 }
  s.txval += sign * l.txval
  s.iamt += sign * l.iamt
  s.camt += sign * l.camt
  s.samt += sign * l.samt
  map.set(key, s)
}
const inPaise = (t: { txval: number; iamt: number; camt: number; samt: number }): Sums => ({
  txval: paise(t.txval),
  iamt: paise(t.iamt),
  camt: paise(t.camt),
  samt: paise(t.samt),
})

/** The unregistered buyers' invoices and notes as the database holds them, with their lines. */
async function b2cDocuments() {
  const db = getDb()
  const invoices = await db
    .selectFrom('buyer_invoices as i')
    .innerJoin('buyers as b', 'b.id', 'i.buyer_id')
    .select(['i.id', 'i.number', 'i.invoice_on', 'i.supply', 'i.place_of_supply', 'i.total_minor', 'b.name'])
    .where('b.gstin', 'is', null)
    .orderBy('i.id')
    .execute()
  const ids = invoices.map((i) => i.id)
  const invoiceLines = await db
    .selectFrom('buyer_invoice_lines')
    .select([
      'invoice_id as docId',
      'hsn_code',
      'gst_rate_bp',
      'quantity_milli',
      'taxable_minor',
      'igst_minor',
      'cgst_minor',
      'sgst_minor',
    ])
    .where('invoice_id', 'in', ids)
    .execute()
  const notes = async (table: 'credit_notes' | 'debit_notes', lines: 'credit_note_lines' | 'debit_note_lines') => {
    const heads = await db
      .selectFrom(table)
      .select(['id', 'number', 'invoice_id', 'issued_on', 'amount_minor'])
      .where('invoice_id', 'in', ids)
      .orderBy('id')
      .execute()
    const rows = heads.length
      ? await db
          .selectFrom(lines)
          .select([
            'note_id as docId',
            'hsn_code',
            'gst_rate_bp',
            'quantity_milli',
            'taxable_minor',
            'igst_minor',
            'cgst_minor',
            'sgst_minor',
          ])
          .where(
            'note_id',
            'in',
            heads.map((h) => h.id),
          )
          .execute()
      : []
    return heads.map((h) => ({ ...h, lines: rows.filter((r) => r.docId === h.id) }))
  }
  return {
    invoices: invoices.map((i) => ({ ...i, lines: invoiceLines.filter((l) => l.docId === i.id) })),
    credit: await notes('credit_notes', 'credit_note_lines'),
    debit: await notes('debit_notes', 'debit_note_lines'),
  }
}

const sumsOf = (l: { taxable_minor: number; igst_minor: number; cgst_minor: number; sgst_minor: number }): Sums => ({
  txval: Number(l.taxable_minor),
  iamt: Number(l.igst_minor),
  camt: Number(l.cgst_minor),
  samt: Number(l.sgst_minor),
})

describe('the demo year’s B2C documents in GSTR-1 (issue 52)', () => {
  it('fill b2cl, b2cs (inter- and intra-state), cdnur and hsn_b2c, valid and tied to the database’s documents', async () => {
    const db = getDb()
    const band = await turnoverBand(db)
    const { invoices, credit, debit } = await b2cDocuments()
    // The boutiques' invoices: a large inter-state one, smaller ones, inter- and intra-state, and a credit note.
    expect(new Set(invoices.map((i) => i.name))).toEqual(new Set(B2C_BUYERS.map((b) => b.name)))
    const large = (i: (typeof invoices)[number]) => i.supply === 'inter' && Number(i.total_minor) > B2CL_ABOVE_MINOR
    expect(invoices.filter(large).length).toBeGreaterThan(0)
    expect(invoices.filter((i) => !large(i) && i.supply === 'inter').length).toBeGreaterThan(0)
    expect(invoices.filter((i) => i.supply === 'intra').length).toBeGreaterThan(0)
    const largeIds = new Set(invoices.filter(large).map((i) => i.id))
    expect(credit.filter((c) => largeIds.has(c.invoice_id)).length).toBeGreaterThan(0)

    const byId = new Map(invoices.map((i) => [i.id, i]))
    const months = [
      ...new Set([
        ...invoices.map((i) => i.invoice_on.slice(0, 7)),
        ...credit.map((c) => c.issued_on.slice(0, 7)),
        ...debit.map((d) => d.issued_on.slice(0, 7)),
      ]),
    ].sort()
    const seen = { b2cl: 0, b2cs: 0, intra: 0, cdnur: 0, hsn_b2c: 0 }
    for (const month of months) {
      const docs = await gstDocuments(db, monthBounds(month))
      // The demo's B2C documents are the home registration's (its Bhiwandi warehouse ships them).
      for (const d of docs.filter((x) => !x.buyer.gstin)) expect(supplierGstinOf(d), d.number).toBe(HOME_GSTIN)
      const g: Gstr1 = gstr1From(docs, month, { gstin: HOME_GSTIN })
      expect(gstr1SchemaErrors(g as unknown as Record<string, unknown>), month).toEqual([])
      expect(gstr1Problems(g, band), month).toEqual([])

      const own = invoices.filter((i) => i.invoice_on.startsWith(month))
      const notes = [
        ...credit.filter((c) => c.issued_on.startsWith(month)).map((c) => ({ ...c, sign: -1, ntty: 'C' })),
        ...debit.filter((d) => d.issued_on.startsWith(month)).map((d) => ({ ...d, sign: 1, ntty: 'D' })),
      ]
      // b2cl: each large invoice by its place of supply, its value the invoice's total, its items its lines.
      expect(
        g.b2cl.flatMap((p) =>
          p.inv.map((i) => ({
            pos: p.pos,
            inum: i.inum,
            val: paise(i.val),
            txval: i.itms.reduce((s, t) => s + paise(t.itm_det.txval), 0),
            iamt: i.itms.reduce((s, t) => s + paise(t.itm_det.iamt), 0),
          })),
        ),
        month,
      ).toEqual(
        own.filter(large).map((i) => ({
          pos: pos(i.place_of_supply),
          inum: i.number,
          val: Number(i.total_minor),
          txval: i.lines.reduce((s, l) => s + Number(l.taxable_minor), 0),
          iamt: i.lines.reduce((s, l) => s + Number(l.igst_minor), 0),
        })),
      )
      // cdnur: each note on a large invoice, its value the note's amount.
      expect(
        g.cdnur.map((n) => ({ ntty: n.ntty, nt_num: n.nt_num, val: paise(n.val), typ: n.typ, pos: n.pos })),
        month,
      ).toEqual(
        notes
          .filter((n) => largeIds.has(n.invoice_id))
          .map((n) => ({
            ntty: n.ntty,
            nt_num: n.number,
            val: Number(n.amount_minor),
            typ: 'B2CL',
            pos: pos(byId.get(n.invoice_id)!.place_of_supply),
          })),
      )
      // b2cs: the other invoices' lines and their notes' (credit less, debit more), by supply type,
      // place of supply and rate.
      const b2cs = new Map<string, Sums>()
      const keyOf = (i: (typeof invoices)[number], rateBp: number) =>
        `${i.supply === 'intra' ? 'INTRA' : 'INTER'}|${pos(i.place_of_supply)}|${rateBp / 100}`
      for (const i of own.filter((x) => !large(x)))
        for (const l of i.lines) add(b2cs, keyOf(i, l.gst_rate_bp), 1, sumsOf(l))
      for (const n of notes.filter((x) => !largeIds.has(x.invoice_id)))
        for (const l of n.lines) add(b2cs, keyOf(byId.get(n.invoice_id)!, l.gst_rate_bp), n.sign, sumsOf(l))
      expect(new Map(g.b2cs.map((r) => [`${r.sply_ty}|${r.pos}|${r.rt}`, inPaise(r)])), month).toEqual(b2cs)
      // Table 12's hsn_b2c: every B2C invoice line and note line, by HSN and rate, quantity and taxes.
      const hsn = new Map<string, Sums>()
      const qty = new Map<string, number>()
      for (const [doc, sign] of [...own.map((i) => [i, 1] as const), ...notes.map((n) => [n, n.sign] as const)])
        for (const l of doc.lines) {
          const key = `${l.hsn_code}|${l.gst_rate_bp / 100}`
          add(hsn, key, sign, sumsOf(l))
          qty.set(key, (qty.get(key) ?? 0) + sign * Number(l.quantity_milli))
        }
      expect(new Map(g.hsn.hsn_b2c.map((r) => [`${r.hsn_sc}|${r.rt}`, inPaise(r)])), month).toEqual(hsn)
      expect(new Map(g.hsn.hsn_b2c.map((r) => [`${r.hsn_sc}|${r.rt}`, Math.round(r.qty * 1000)])), month).toEqual(qty)

      // The e-invoice month's list and its bulk file hold no B2C document (no IRN without a buyer GSTIN).
      const b2cNumbers = new Set([...own.map((i) => i.number), ...notes.map((n) => n.number)])
      const page = await einvoiceMonthPage(db, new URL(`http://platform.test/einvoices?month=${month}`))
      expect(page.rows.length, month).toBeGreaterThan(0)
      expect(page.rows.filter((r) => b2cNumbers.has(r.number))).toEqual([])
      expect(page.rows.every((r) => r.gstin)).toBe(true)
      const bulk = await einvoiceBulk(db, month)
      expect(bulk.filter((e) => b2cNumbers.has(e.DocDtls.No))).toEqual([])

      seen.b2cl += g.b2cl.length
      seen.b2cs += g.b2cs.length
      seen.intra += g.b2cs.filter((r) => r.sply_ty === 'INTRA').length
      seen.cdnur += g.cdnur.length
      seen.hsn_b2c += g.hsn.hsn_b2c.length
    }
    expect(seen.b2cl).toBeGreaterThan(0)
    expect(seen.b2cs).toBeGreaterThan(seen.intra)
    expect(seen.intra).toBeGreaterThan(0)
    expect(seen.cdnur).toBeGreaterThan(0)
    expect(seen.hsn_b2c).toBeGreaterThan(0)
  })
})
