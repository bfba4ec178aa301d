import type { Executor } from '~/platform/executor'
import { DEFAULT_TURNOVER_BAND, hsnProblem, type TurnoverBand } from '~/utils/hsn'
import { ratePercent, rupees, stateCode, uqcOf } from './codes'
import {
  docKey,
  gstDocuments,
  HOME_GSTIN,
  isRegistered,
  monthBounds,
  supplierGstinOf,
  type DocType,
  type GstDocument,
  type GstLine,
} from './documents.server'

// GSTR-1 of a month (docs/domain.md (issue 38)): the outward supplies as the JSON the GST offline
// tool imports. Registered buyers' invoices go to b2b (by the buyer's GSTIN), their notes to cdnr;
// an unregistered buyer's inter-state invoice above ₹1,00,000 to b2cl (its notes to cdnur), every
// other unregistered supply to b2cs, summed by place of supply and rate, its notes netted there.
// The HSN summary nets notes too (credit notes less, debit notes more); doc_issue lists each series'
// first and last number of the month. Every figure is summed in paise and written in rupees.
// Issue 52: one return per supplier GSTIN (the registration the document's seller snapshot names; a
// note its invoice's), and Table 12 split as GSTN's format has it since May 2025: `hsn.hsn_b2b` for
// supplies to registered buyers (their invoices and notes), `hsn.hsn_b2c` for the rest.

/** An unregistered buyer's inter-state invoice above this is B2C large (Notification 12/2024, from 1 August 2024). */
export const B2CL_ABOVE_MINOR = 100_000_00

type Tax = { txval: number; iamt: number; camt: number; samt: number; csamt: number }
type RateItem = { num: number; itm_det: Tax & { rt: number } }

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`
const posOf = (doc: GstDocument) => stateCode(doc.placeOfSupply) ?? ''

/** A document's lines summed by rate, as the return's items (in rupees). */
function itemsOf(lines: GstLine[], intraTaxes = true): RateItem[] {
  const byRate = new Map<number, { taxable: number; igst: number; cgst: number; sgst: number }>()
  for (const l of lines) {
    const sum = byRate.get(l.rateBp) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0 }
    sum.taxable += l.taxable
    sum.igst += l.igst
    sum.cgst += l.cgst
    sum.sgst += l.sgst
    byRate.set(l.rateBp, sum)
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, s], i) => ({
      num: i + 1,
      itm_det: {
        rt: ratePercent(rate),
        txval: rupees(s.taxable),
        iamt: rupees(s.igst),
        ...(intraTaxes ? { camt: rupees(s.cgst), samt: rupees(s.sgst) } : { camt: 0, samt: 0 }),
        csamt: 0,
      },
    }))
}

type Kind = 'b2b' | 'b2cl' | 'b2cs'
/** Where an invoice (or the invoice a note adjusts) goes in the return. */
function kindOf(doc: GstDocument): Kind {
  if (isRegistered(doc)) return 'b2b'
  const invoiceTotal = doc.invoice ? doc.invoice.total : doc.total
  return doc.supply === 'inter' && invoiceTotal > B2CL_ABOVE_MINOR ? 'b2cl' : 'b2cs'
}

/** A row of Table 12: an HSN, its unit and rate, with quantity, value, taxable value and taxes. */
export type HsnRow = { num: number; hsn_sc: string; uqc: string; qty: number; val: number; rt: number } & Tax

export interface Gstr1 {
  gstin: string
  fp: string
  b2b: {
    ctin: string
    inv: { inum: string; idt: string; val: number; pos: string; rchrg: 'N'; inv_typ: 'R'; itms: RateItem[] }[]
  }[]
  b2cl: { pos: string; inv: { inum: string; idt: string; val: number; itms: RateItem[] }[] }[]
  b2cs: ({ sply_ty: 'INTRA' | 'INTER'; pos: string; typ: 'OE'; rt: number } & Tax)[]
  cdnr: {
    ctin: string
    nt: {
      ntty: 'C' | 'D'
      nt_num: string
      nt_dt: string
      val: number
      pos: string
      rchrg: 'N'
      inv_typ: 'R'
      itms: RateItem[]
    }[]
  }[]
  cdnur: { ntty: 'C' | 'D'; nt_num: string; nt_dt: string; val: number; typ: 'B2CL'; pos: string; itms: RateItem[] }[]
  hsn: { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] }
  doc_issue: {
    doc_det: {
      doc_num: number
      doc_typ: string
      docs: { num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }[]
    }[]
  }
}

/** The return of a month (YYYY-MM) of one supplier GSTIN (the home registration by default). */
export async function gstr1Of(db: Executor, month: string, gstin: string = HOME_GSTIN): Promise<Gstr1> {
  const [docs, cancelled] = await Promise.all([gstDocuments(db, monthBounds(month)), cancelledKeys(db)])
  return gstr1From(docs, month, { gstin, cancelled })
}

/**
 * The documents whose IRN was cancelled (issue 52), keyed as docKey (INV-12): Table 13 counts them
 * as cancelled and no other table reports them (the portal removes a cancelled IRN's document).
 */
export async function cancelledKeys(db: Executor): Promise<Set<string>> {
  const rows = await db
    .selectFrom('einvoice_registrations')
    .select(['doc_type', 'doc_id'])
    .where('cancelled_at', 'is not', null)
    .execute()
  return new Set(rows.map((r) => docKey(r.doc_type as DocType, Number(r.doc_id))))
}

export interface Gstr1Options {
  /** The supplier GSTIN whose return it is: only its documents are in it. */
  gstin?: string
  /**
   * The documents of the month that were cancelled (keys as docKey: INV-12), counted in Table 13's
   * `cancel` and left out of every other table. The one place cancelled documents enter GSTR-1:
   * nothing is cancelled today (a cancelled IRN is wired here later).
   */
  cancelled?: ReadonlySet<string>
}

/** The return from the month's documents (any GSTIN's: those of `options.gstin` are taken). */
export function gstr1From(allDocs: GstDocument[], month: string, options: Gstr1Options = {}): Gstr1 {
  const gstin = options.gstin ?? HOME_GSTIN
  const cancelled = options.cancelled ?? new Set<string>()
  const issued = allDocs.filter((d) => supplierGstinOf(d) === gstin)
  const docs = issued.filter((d) => !cancelled.has(docKey(d.type, d.id)))
  const invoices = docs.filter((d) => d.type === 'INV')
  const notes = docs.filter((d) => d.type !== 'INV')

  const b2b = new Map<string, Gstr1['b2b'][number]['inv']>()
  const b2cl = new Map<string, Gstr1['b2cl'][number]['inv']>()
  const b2cs = new Map<string, Gstr1['b2cs'][number] & { paise: Tax }>()
  const addB2cs = (doc: GstDocument, sign: 1 | -1) => {
    for (const l of doc.lines) {
      const key = `${doc.supply}|${posOf(doc)}|${l.rateBp}`
      const row = b2cs.get(key) ?? {
        sply_ty: doc.supply === 'intra' ? ('INTRA' as const) : ('INTER' as const),
        pos: posOf(doc),
        typ: 'OE' as const,
        rt: ratePercent(l.rateBp),
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
        paise: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      }
      row.paise.txval += sign * l.taxable
      row.paise.iamt += sign * l.igst
      row.paise.camt += sign * l.cgst
      row.paise.samt += sign * l.sgst
      b2cs.set(key, row)
    }
  }
  for (const doc of invoices) {
    const kind = kindOf(doc)
    if (kind === 'b2b') {
      const list = b2b.get(doc.buyer.gstin!) ?? []
      list.push({
        inum: doc.number,
        idt: ddmmyyyy(doc.on),
        val: rupees(doc.total),
        pos: posOf(doc),
        rchrg: 'N',
        inv_typ: 'R',
        itms: itemsOf(doc.lines),
      })
      b2b.set(doc.buyer.gstin!, list)
    } else if (kind === 'b2cl') {
      const list = b2cl.get(posOf(doc)) ?? []
      list.push({ inum: doc.number, idt: ddmmyyyy(doc.on), val: rupees(doc.total), itms: itemsOf(doc.lines, false) })
      b2cl.set(posOf(doc), list)
    } else addB2cs(doc, 1)
  }

  const cdnr = new Map<string, Gstr1['cdnr'][number]['nt']>()
  const cdnur: Gstr1['cdnur'] = []
  for (const doc of notes) {
    const ntty = doc.type === 'CRN' ? ('C' as const) : ('D' as const)
    const kind = kindOf(doc)
    const base = { ntty, nt_num: doc.number, nt_dt: ddmmyyyy(doc.on), val: rupees(doc.total), pos: posOf(doc) }
    if (kind === 'b2b') {
      const list = cdnr.get(doc.buyer.gstin!) ?? []
      list.push({ ...base, rchrg: 'N', inv_typ: 'R', itms: itemsOf(doc.lines) })
      cdnr.set(doc.buyer.gstin!, list)
    } else if (kind === 'b2cl') cdnur.push({ ...base, typ: 'B2CL', itms: itemsOf(doc.lines, false) })
    else addB2cs(doc, ntty === 'C' ? -1 : 1)
  }

  return {
    gstin,
    fp: `${month.slice(5, 7)}${month.slice(0, 4)}`,
    b2b: [...b2b.entries()].map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: [...b2cl.entries()].map(([pos, inv]) => ({ pos, inv })),
    b2cs: [...b2cs.values()].map(({ paise, ...row }) => ({
      ...row,
      txval: rupees(paise.txval),
      iamt: rupees(paise.iamt),
      camt: rupees(paise.camt),
      samt: rupees(paise.samt),
      csamt: 0,
    })),
    cdnr: [...cdnr.entries()].map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    hsn: { hsn_b2b: hsnSummary(docs.filter(isRegistered)), hsn_b2c: hsnSummary(docs.filter((d) => !isRegistered(d))) },
    doc_issue: { doc_det: documentsIssued(issued, cancelled) },
  }
}

function hsnSummary(docs: GstDocument[]): HsnRow[] {
  const rows = new Map<
    string,
    { hsn: string; uqc: string; rateBp: number; qtyMilli: number } & Record<
      'val' | 'txval' | 'iamt' | 'camt' | 'samt',
      number
    >
  >()
  for (const doc of docs) {
    const sign = doc.type === 'CRN' ? -1 : 1
    for (const l of doc.lines) {
      const uqc = uqcOf(l.unit)
      const key = `${l.hsn}|${uqc}|${l.rateBp}`
      const row = rows.get(key) ?? {
        hsn: l.hsn,
        uqc,
        rateBp: l.rateBp,
        qtyMilli: 0,
        val: 0,
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
      }
      row.qtyMilli += sign * (l.quantityMilli ?? 0)
      row.val += sign * l.total
      row.txval += sign * l.taxable
      row.iamt += sign * l.igst
      row.camt += sign * l.cgst
      row.samt += sign * l.sgst
      rows.set(key, row)
    }
  }
  return [...rows.values()]
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp || a.uqc.localeCompare(b.uqc))
    .map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsn,
      uqc: r.uqc,
      qty: r.qtyMilli / 1000,
      val: rupees(r.val),
      txval: rupees(r.txval),
      iamt: rupees(r.iamt),
      camt: rupees(r.camt),
      samt: rupees(r.samt),
      csamt: 0,
      rt: ratePercent(r.rateBp),
    }))
}

/** Table 13's natures of document: 1 invoices for outward supply, 4 debit notes, 5 credit notes. */
const NATURES = [
  { type: 'INV', doc_num: 1, doc_typ: 'Invoices for outward supply' },
  { type: 'DBN', doc_num: 4, doc_typ: 'Debit Note' },
  { type: 'CRN', doc_num: 5, doc_typ: 'Credit Note' },
] as const

function documentsIssued(docs: GstDocument[], cancelled: ReadonlySet<string>): Gstr1['doc_issue']['doc_det'] {
  return NATURES.flatMap((nature) => {
    const series = new Map<string, { numbers: string[]; cancelled: number }>()
    for (const d of docs.filter((x) => x.type === nature.type)) {
      const prefix = d.number.replace(/\d+$/, '')
      const entry = series.get(prefix) ?? { numbers: [], cancelled: 0 }
      entry.numbers.push(d.number)
      if (cancelled.has(docKey(d.type, d.id))) entry.cancelled += 1
      series.set(prefix, entry)
    }
    if (!series.size) return []
    return [
      {
        doc_num: nature.doc_num,
        doc_typ: nature.doc_typ,
        docs: [...series.values()].map(({ numbers, cancelled: cancel }, i) => {
          const sorted = [...numbers].sort()
          // Numbers are gapless: what is in the range was issued, less what was cancelled.
          return {
            num: i + 1,
            from: sorted[0]!,
            to: sorted[sorted.length - 1]!,
            totnum: sorted.length,
            cancel,
            net_issue: sorted.length - cancel,
          }
        }),
      },
    ]
  })
}

/** Each section's taxable value and taxes, in paise-exact rupees: what a reviewer ties to the books. */
export function gstr1Totals(g: Gstr1) {
  const zero = () => ({ count: 0, txval: 0, iamt: 0, camt: 0, samt: 0 })
  const add = (sum: ReturnType<typeof zero>, t: Omit<Tax, 'csamt'>) => {
    sum.count += 1
    sum.txval = Math.round((sum.txval + t.txval) * 100) / 100
    sum.iamt = Math.round((sum.iamt + t.iamt) * 100) / 100
    sum.camt = Math.round((sum.camt + t.camt) * 100) / 100
    sum.samt = Math.round((sum.samt + t.samt) * 100) / 100
  }
  const totals = { b2b: zero(), b2cl: zero(), b2cs: zero(), cdnr: zero(), cdnur: zero(), hsn: zero() }
  for (const c of g.b2b) for (const inv of c.inv) for (const it of inv.itms) add(totals.b2b, it.itm_det)
  for (const p of g.b2cl) for (const inv of p.inv) for (const it of inv.itms) add(totals.b2cl, it.itm_det)
  for (const row of g.b2cs) add(totals.b2cs, row)
  for (const c of g.cdnr) for (const nt of c.nt) for (const it of nt.itms) add(totals.cdnr, it.itm_det)
  for (const nt of g.cdnur) for (const it of nt.itms) add(totals.cdnur, it.itm_det)
  for (const row of [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c]) add(totals.hsn, row)
  return totals
}

const DDMMYYYY = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-(\d{4})$/

/**
 * What the portal refuses in a return that its schema cannot say: an HSN with fewer digits than the
 * turnover band requires (Table 12 and the documents behind it), a date outside the return's period
 * or not DD-MM-YYYY, a place of supply that is not a GST state code. Each a sentence for finance.
 */
export function gstr1Problems(g: Gstr1, band: TurnoverBand = DEFAULT_TURNOVER_BAND): string[] {
  const problems: string[] = []
  const period = `${g.fp.slice(0, 2)}-${g.fp.slice(2)}`
  const date = (what: string, value: string) => {
    const match = DDMMYYYY.exec(value)
    if (!match || `${match[2]}-${match[3]}` !== period)
      problems.push(`${what}: the date ${value} is not a day of ${period} written DD-MM-YYYY.`)
  }
  const pos = (what: string, value: string) => {
    if (!/^(3[0-8]|[12]\d|0[1-9]|97)$/.test(value)) problems.push(`${what}: “${value}” is not a GST state code.`)
  }
  for (const c of g.b2b)
    for (const inv of c.inv) {
      date(inv.inum, inv.idt)
      pos(inv.inum, inv.pos)
    }
  for (const p of g.b2cl) {
    pos('B2C large', p.pos)
    for (const inv of p.inv) date(inv.inum, inv.idt)
  }
  for (const row of g.b2cs) pos('B2C others', row.pos)
  for (const c of g.cdnr)
    for (const nt of c.nt) {
      date(nt.nt_num, nt.nt_dt)
      pos(nt.nt_num, nt.pos)
    }
  for (const nt of g.cdnur) {
    date(nt.nt_num, nt.nt_dt)
    pos(nt.nt_num, nt.pos)
  }
  for (const row of [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c]) {
    const problem = hsnProblem(row.hsn_sc, band)
    if (problem) problems.push(`HSN summary, ${row.hsn_sc}: ${problem}.`)
  }
  return [...new Set(problems)]
}
