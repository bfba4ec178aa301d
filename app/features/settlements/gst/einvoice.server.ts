import { DEFAULT_TURNOVER_BAND, hsnProblem, type TurnoverBand } from '~/utils/hsn'
import type { PartyOnInvoice } from '../platform'
import { ratePercent, rupees, stateCode, uqcOf } from './codes'
import { isRegistered, type Address, type GstDocument } from './documents.server'

// The e-invoice of a document in the INV-01 schema, version 1.1 (docs/domain.md (issue 38)): what the
// invoice registration portal takes to give an IRN. B2B only: a buyer with a GSTIN. The supplier is
// the platform as the invoice printed it; the goods are dispatched from where the platform bills (no
// DispDtls: the seller's pickup address would name the seller to the buyer); ShipDtls only where the
// order's ship-to differs from the bill-to. A note names the invoice it adjusts (RefDtls.PrecDocDtls).

/** The INV-01 document, as the schema names its parts. */
export type Einvoice = Record<string, unknown> & {
  Version: '1.1'
  DocDtls: { Typ: string; No: string; Dt: string }
}

/** DD/MM/YYYY, the schema's dates. */
export const schemaDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
/** Quantities to three decimals, unit prices to three, amounts to two (the schema's precision). */
const three = (value: number) => Math.round(value * 1000) / 1000
const pin = (value: string) => Number(value.replace(/\D/g, '')) || 0
const text = (value: string | null | undefined, min: number, max: number) => {
  const clean = (value ?? '').replace(/"/g, "'").replace(/\\/g, '/').trim()
  return clean.length >= min ? clean.slice(0, max) : undefined
}

/**
 * What keeps a document from being registered as it stands: each a sentence for finance. An HSN with
 * fewer digits than the platform's turnover band requires blocks it (the IRP refuses 4 digits above
 * ₹5 crore since 15 December 2023; issue 52).
 */
export function einvoiceProblems(doc: GstDocument, band: TurnoverBand = DEFAULT_TURNOVER_BAND): string[] {
  const problems: string[] = []
  if (!isRegistered(doc)) problems.push('The buyer has no GSTIN: no e-invoice is needed (B2C).')
  if (!/^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/.test(doc.number))
    problems.push(
      `${doc.number} is not a document number the portal takes (at most 16 letters, digits, / and -, not starting with 0, / or -).`,
    )
  if (!stateCode(doc.placeOfSupply)) problems.push(`The place of supply “${doc.placeOfSupply}” has no GST state code.`)
  if (!stateCode(doc.buyer.state)) problems.push(`The buyer’s state “${doc.buyer.state}” has no GST state code.`)
  if (!/^[1-9]\d{5}$/.test(doc.buyer.pin)) problems.push('The buyer’s PIN code is not six digits.')
  if (!doc.lines.length) problems.push('The document has no lines.')
  const badHsn = doc.lines.find((l) => hsnProblem(l.hsn, band))
  if (badHsn) problems.push(`Line ${badHsn.no}, HSN “${badHsn.hsn}”: ${hsnProblem(badHsn.hsn, band)}.`)
  return problems
}

const partyDetails = (p: PartyOnInvoice) => ({
  Gstin: p.gstin ?? 'URP',
  LglNm: text(p.legalName || p.name, 3, 100) ?? p.name,
  ...(p.legalName && p.name !== p.legalName ? { TrdNm: text(p.name, 3, 100) } : {}),
  Addr1: text(p.line1, 1, 100) ?? '-',
  ...(text(p.line2, 3, 100) ? { Addr2: text(p.line2, 3, 100) } : {}),
  Loc: text(p.city, 3, 50) ?? p.city,
  Pin: pin(p.pin),
  Stcd: stateCode(p.state) ?? '',
})

const sameAddress = (a: Address, p: PartyOnInvoice) =>
  [a.line1, a.line2 ?? '', a.city, a.state, a.pin].join('|').toLowerCase() ===
  [p.line1, p.line2 ?? '', p.city, p.state, p.pin].join('|').toLowerCase()

/** The INV-01 JSON of one document (check einvoiceProblems first: this writes what it has). */
export function buildEinvoice(doc: GstDocument): Einvoice {
  const buyer = partyDetails(doc.buyer)
  const items = doc.lines.map((l, i) => {
    const qty = l.quantityMilli === null ? null : l.quantityMilli / 1000
    const unitPrice =
      l.priceMinor !== null ? l.priceMinor / 100 : qty ? three(l.taxable / 100 / qty) : rupees(l.taxable)
    return {
      SlNo: String(i + 1),
      PrdDesc: text(l.description, 3, 300) ?? `Item ${i + 1}`,
      IsServc: 'N',
      HsnCd: l.hsn,
      ...(qty !== null ? { Qty: three(qty), Unit: uqcOf(l.unit) } : {}),
      UnitPrice: unitPrice,
      TotAmt: rupees(l.taxable),
      Discount: 0,
      AssAmt: rupees(l.taxable),
      GstRt: ratePercent(l.rateBp),
      IgstAmt: rupees(l.igst),
      CgstAmt: rupees(l.cgst),
      SgstAmt: rupees(l.sgst),
      TotItemVal: rupees(l.total),
    }
  })
  const shipTo = doc.shipTo && !sameAddress(doc.shipTo, doc.buyer) ? doc.shipTo : null
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: doc.type, No: doc.number, Dt: schemaDate(doc.on) },
    SellerDtls: partyDetails(doc.seller),
    BuyerDtls: { ...buyer, Pos: stateCode(doc.placeOfSupply) ?? buyer.Stcd },
    ...(shipTo
      ? {
          ShipDtls: {
            Gstin: doc.buyer.gstin ?? 'URP',
            LglNm: buyer.LglNm,
            Addr1: text(shipTo.line1, 1, 100) ?? '-',
            ...(text(shipTo.line2, 3, 100) ? { Addr2: text(shipTo.line2, 3, 100) } : {}),
            Loc: text(shipTo.city, 3, 100) ?? shipTo.city,
            Pin: pin(shipTo.pin),
            Stcd: stateCode(shipTo.state) ?? '',
          },
        }
      : {}),
    ItemList: items,
    ValDtls: {
      AssVal: rupees(doc.taxable),
      CgstVal: rupees(doc.cgst),
      SgstVal: rupees(doc.sgst),
      IgstVal: rupees(doc.igst),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: 0,
      TotInvVal: rupees(doc.total),
    },
    ...(doc.invoice
      ? {
          RefDtls: {
            InvRm: text(`Adjusts invoice ${doc.invoice.number}`, 3, 100),
            PrecDocDtls: [{ InvNo: doc.invoice.number, InvDt: schemaDate(doc.invoice.on) }],
          },
        }
      : {}),
  }
}

/** The file name of a document's JSON: INV_2026-27_000123.json. */
export const einvoiceFileName = (doc: Pick<GstDocument, 'number'>) => `${doc.number.replace(/[^\w-]/g, '_')}.json`
