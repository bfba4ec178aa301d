import { sql } from 'kysely'
import type { EinvoiceDocType } from '#db/types'
import type { Executor } from '~/platform/executor'
import { PLATFORM_BILLING, type PartyOnInvoice } from '../platform'

// The outward supplies of a period as GST documents (docs/domain.md (issue 38)): tax invoices, and
// the credit and debit notes that adjust them, each with its parties as the invoice printed them
// (buyer_invoices.seller_json / buyer_json), the ship-to of the order, its lines with HSN, unit,
// taxable value and taxes, and, for a note, the invoice it adjusts. The e-invoice and GSTR-1 files
// are written from these only, so both say the same.

export type DocType = EinvoiceDocType
export const DOC_TYPES: readonly DocType[] = ['INV', 'CRN', 'DBN']
export const DOC_LABELS: Record<DocType, string> = { INV: 'Tax invoice', CRN: 'Credit note', DBN: 'Debit note' }

export interface Address {
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
}

export interface GstLine {
  no: number
  description: string
  hsn: string
  unit: string
  /** null on a note that changes a rate only */
  quantityMilli: number | null
  /** the price per unit in paise (an invoice line's; a note line has none of its own) */
  priceMinor: number | null
  taxable: number
  rateBp: number
  cgst: number
  sgst: number
  igst: number
  total: number
}

export interface GstDocument {
  type: DocType
  id: number
  number: string
  /** The document's date (IST calendar day). */
  on: string
  buyerId: number
  seller: PartyOnInvoice
  buyer: PartyOnInvoice
  shipTo: Address | null
  supply: 'intra' | 'inter'
  /** The place of supply's state name. */
  placeOfSupply: string
  lines: GstLine[]
  taxable: number
  cgst: number
  sgst: number
  igst: number
  total: number
  /** The invoice a note adjusts. */
  invoice: { id: number; number: string; on: string; total: number } | null
}

/** A document key in URLs and files: INV-12, CRN-3, DBN-1. */
export const docKey = (type: DocType, id: number) => `${type}-${id}`
export function readDocKey(key: string | undefined): { type: DocType; id: number } | null {
  const match = /^(INV|CRN|DBN)-([1-9]\d{0,9})$/.exec(key ?? '')
  return match ? { type: match[1] as DocType, id: Number(match[2]) } : null
}

const parse = <T>(json: string | null): Partial<T> => {
  try {
    return (json ? JSON.parse(json) : {}) as Partial<T>
  } catch {
    return {}
  }
}
const party = (json: string): PartyOnInvoice => {
  const p = parse<PartyOnInvoice>(json)
  return {
    name: p.name ?? '',
    legalName: p.legalName ?? null,
    gstin: p.gstin ?? null,
    line1: p.line1 ?? '',
    line2: p.line2 ?? null,
    city: p.city ?? '',
    state: p.state ?? '',
    pin: p.pin ?? '',
  }
}
const address = (json: string | null): Address | null => {
  const a = json ? parse<Address>(json) : {}
  return a.line1
    ? { line1: a.line1, line2: a.line2 ?? null, city: a.city ?? '', state: a.state ?? '', pin: a.pin ?? '' }
    : null
}

export interface DocumentFilter {
  /** First and last day, inclusive (YYYY-MM-DD). */
  from: string
  to: string
  /** One document only. */
  only?: { type: DocType; id: number }
}

const n = Number

/** The period's invoices and notes, by type then date and number. */
export async function gstDocuments(db: Executor, filter: DocumentFilter): Promise<GstDocument[]> {
  const want = (type: DocType) => !filter.only || filter.only.type === type
  const [invoices, credits, debits] = await Promise.all([
    want('INV') ? invoicesOf(db, filter) : [],
    want('CRN') ? notesOf(db, 'CRN', filter) : [],
    want('DBN') ? notesOf(db, 'DBN', filter) : [],
  ])
  return [...invoices, ...credits, ...debits]
}

/** One document by its type and id, whatever its date; undefined when there is none. */
export async function gstDocument(db: Executor, type: DocType, id: number): Promise<GstDocument | undefined> {
  const [doc] = await gstDocuments(db, { from: '0000-01-01', to: '9999-12-31', only: { type, id } })
  return doc
}

async function invoicesOf(db: Executor, filter: DocumentFilter): Promise<GstDocument[]> {
  let query = db
    .selectFrom('buyer_invoices as i')
    .select([
      'i.id',
      'i.number',
      'i.invoice_on',
      'i.buyer_id',
      'i.seller_json',
      'i.buyer_json',
      'i.supply',
      'i.place_of_supply',
      'i.taxable_minor',
      'i.cgst_minor',
      'i.sgst_minor',
      'i.igst_minor',
      'i.total_minor',
      'i.ship_to_json',
    ])
    .where('i.invoice_on', '>=', filter.from)
    .where('i.invoice_on', '<=', filter.to)
  if (filter.only) query = query.where('i.id', '=', filter.only.id)
  const rows = await query.orderBy('i.invoice_on').orderBy('i.id').execute()
  if (!rows.length) return []
  const lines = await db
    .selectFrom('buyer_invoice_lines')
    .select([
      'invoice_id',
      'line_no',
      'description',
      'hsn_code',
      'unit',
      'quantity_milli',
      'price_minor',
      'taxable_minor',
      'gst_rate_bp',
      'cgst_minor',
      'sgst_minor',
      'igst_minor',
      'total_minor',
    ])
    .where(
      'invoice_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('invoice_id')
    .orderBy('line_no')
    .execute()
  const byDoc = groupLines(lines.map((l) => ({ ...l, doc_id: l.invoice_id })))
  return rows.map((r) => ({
    type: 'INV' as const,
    id: r.id,
    number: r.number,
    on: r.invoice_on,
    buyerId: r.buyer_id,
    seller: party(r.seller_json),
    buyer: party(r.buyer_json),
    shipTo: address(r.ship_to_json),
    supply: r.supply,
    placeOfSupply: r.place_of_supply,
    lines: byDoc.get(r.id) ?? [],
    taxable: n(r.taxable_minor),
    cgst: n(r.cgst_minor),
    sgst: n(r.sgst_minor),
    igst: n(r.igst_minor),
    total: n(r.total_minor),
    invoice: null,
  }))
}

async function notesOf(db: Executor, type: 'CRN' | 'DBN', filter: DocumentFilter): Promise<GstDocument[]> {
  const table = type === 'CRN' ? 'credit_notes' : 'debit_notes'
  const lineTable = type === 'CRN' ? 'credit_note_lines' : 'debit_note_lines'
  let query = db
    .selectFrom(`${table} as n` as 'credit_notes as n')
    .innerJoin('buyer_invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.id',
      'n.number',
      'n.issued_on',
      'n.buyer_id',
      'n.supply',
      'n.taxable_minor',
      'n.cgst_minor',
      'n.sgst_minor',
      'n.igst_minor',
      'n.amount_minor',
      'i.id as invoice_id',
      'i.number as invoice_number',
      'i.invoice_on',
      'i.total_minor as invoice_total',
      'i.seller_json',
      'i.buyer_json',
      'i.place_of_supply',
      'i.ship_to_json',
    ])
    .where('n.issued_on', '>=', filter.from)
    .where('n.issued_on', '<=', filter.to)
  if (filter.only) query = query.where('n.id', '=', filter.only.id)
  const rows = await query.orderBy('n.issued_on').orderBy('n.id').execute()
  if (!rows.length) return []
  const lines = await db
    .selectFrom(`${lineTable} as l` as 'credit_note_lines as l')
    .select([
      'l.note_id as doc_id',
      'l.line_no',
      'l.description',
      'l.hsn_code',
      'l.unit',
      'l.quantity_milli',
      sql<null>`null`.as('price_minor'),
      'l.taxable_minor',
      'l.gst_rate_bp',
      'l.cgst_minor',
      'l.sgst_minor',
      'l.igst_minor',
      'l.total_minor',
    ])
    .where(
      'l.note_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('l.note_id')
    .orderBy('l.line_no')
    .execute()
  const byDoc = groupLines(lines)
  return rows.map((r) => ({
    type,
    id: r.id,
    number: r.number,
    on: r.issued_on,
    buyerId: r.buyer_id,
    seller: party(r.seller_json),
    buyer: party(r.buyer_json),
    shipTo: address(r.ship_to_json),
    supply: r.supply,
    placeOfSupply: r.place_of_supply,
    lines: byDoc.get(r.id) ?? [],
    taxable: n(r.taxable_minor),
    cgst: n(r.cgst_minor),
    sgst: n(r.sgst_minor),
    igst: n(r.igst_minor),
    total: n(r.amount_minor),
    invoice: { id: r.invoice_id, number: r.invoice_number, on: r.invoice_on, total: n(r.invoice_total) },
  }))
}

type LineRow = {
  doc_id: number
  line_no: number
  description: string
  hsn_code: string
  unit: string
  quantity_milli: number | null
  price_minor: number | null
  taxable_minor: number
  gst_rate_bp: number
  cgst_minor: number
  sgst_minor: number
  igst_minor: number
  total_minor: number
}
function groupLines(rows: LineRow[]): Map<number, GstLine[]> {
  const out = new Map<number, GstLine[]>()
  for (const l of rows) {
    const list = out.get(l.doc_id) ?? []
    list.push({
      no: l.line_no,
      description: l.description,
      hsn: l.hsn_code,
      unit: l.unit,
      quantityMilli: l.quantity_milli === null ? null : n(l.quantity_milli),
      priceMinor: l.price_minor === null ? null : n(l.price_minor),
      taxable: n(l.taxable_minor),
      rateBp: l.gst_rate_bp,
      cgst: n(l.cgst_minor),
      sgst: n(l.sgst_minor),
      igst: n(l.igst_minor),
      total: n(l.total_minor),
    })
    out.set(l.doc_id, list)
  }
  return out
}

/** The platform's home registration (Maharashtra): the supplier of a document whose snapshot names none. */
export const HOME_GSTIN: string = PLATFORM_BILLING.gstin

/**
 * The supplier GSTIN a document was issued under (issue 52): the registration its seller snapshot
 * names (a note's is its invoice's), else the home one.
 */
export const supplierGstinOf = (doc: Pick<GstDocument, 'seller'>) => doc.seller.gstin || HOME_GSTIN

/** A GSTIN from the query string (15 characters, the shape of a GSTIN), else null. */
export function readGstin(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toUpperCase()
  return /^\d{2}[0-9A-Z]{13}$/.test(v) ? v : null
}

/** The supplier GSTINs that have issued documents, and the home one, home first. */
export async function supplierGstins(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('buyer_invoices').select('seller_json').distinct().execute()
  const found = new Set<string>()
  for (const r of rows) {
    const gstin = party(r.seller_json).gstin
    if (gstin) found.add(gstin)
  }
  found.delete(HOME_GSTIN)
  return [HOME_GSTIN, ...[...found].sort()]
}

/** Whether the buyer is registered for GST (a B2B supply: an e-invoice, GSTR-1 b2b/cdnr). */
export const isRegistered = (doc: GstDocument) => Boolean(doc.buyer.gstin)

/** The first and last day of a month (YYYY-MM). */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` }
}

/** A month from the query string (YYYY-MM), else null. */
export function readMonth(value: string | null | undefined): string | null {
  const match = /^(20\d{2})-(0[1-9]|1[0-2])$/.exec(value ?? '')
  return match ? match[0] : null
}
