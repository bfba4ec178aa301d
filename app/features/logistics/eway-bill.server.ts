import { lockedRead } from '#db/locks'
import type { TransportBookingStatus, TransportType } from '#db/types'
import { type Executor } from '~/platform/executor'
import { formatDateTime, formatMoney, kolkataDay } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { lineAmounts, supplyOf, type Supply } from '../settlements/money'
import {
  homeRegistration,
  listRegistrations,
  registrationAt,
  registrationOfGstin,
  supplierGstin,
  warehouseStates,
  type Registration,
  type RegistrationChoice,
} from '../settlements/registrations.server'
import { ddmmyyyy, gstinState, needsEwayBill, stateCode, SUB_SUPPLY, unitCode, type DocType } from './eway-rules'
import { place, type Place } from './queries.server'
import { DEFAULT_TURNOVER_BAND, hsnProblem, type TurnoverBand } from '~/utils/hsn'

// The e-way bill of a booking (docs/domain.md (issue 38)): the consignment it carries, read from
// the documents behind it (the buyer's tax invoice once raised, else the goods at the prices the
// invoice will carry; for a first mile the goods at the platform's purchase price; for a sample
// its charges), the parties with their GSTINs and state codes, and the NIC bulk-generation JSON.
// Reads only: the e-way bill's number is recorded by bookings.server.

/** One side of the movement as the e-way bill names it. */
export interface EwayParty {
  /** The GSTIN, or "URP" (unregistered person). */
  gstin: string
  name: string
  addr1: string
  addr2: string
  place: string
  pincode: string
  /** The state of the GSTIN (bill from / bill to). */
  stateCode: number | null
  /** Where the goods are actually dispatched from / delivered to. */
  actualStateCode: number | null
}

export interface EwayItem {
  productName: string
  productDesc: string
  hsnCode: string
  quantityMilli: number
  unit: string
  taxableMinor: number
  gstRateBp: number
  cgstMinor: number
  sgstMinor: number
  igstMinor: number
}

export interface Consignment {
  bookingId: number
  requestId: number
  code: string
  status: TransportBookingStatus
  type: TransportType
  supplyType: 'O' | 'I'
  subSupplyType: number
  subSupplyDesc: string
  docType: DocType
  docNo: string
  /** YYYY-MM-DD */
  docDate: string
  from: EwayParty
  to: EwayParty
  items: EwayItem[]
  totals: { taxable: number; cgst: number; sgst: number; igst: number; total: number }
  /** The consignment's value, taxes included (Rule 138): above ₹50,000 it needs an e-way bill. */
  valueMinor: number
  needed: boolean
  transport: {
    transporterName: string
    transporterId: string | null
    vehicleNo: string | null
    lrNumber: string | null
    pickupAt: string
    distanceKm: number | null
  }
  eway: { number: string | null; at: string | null; validUntil: string | null }
  /** The platform's registration the movement is under (issue 52): where the goods leave from or arrive at, or its invoice's supplier. */
  userGstin: string
  /** A warehouse's state where the platform has no registration (the home one stands in), else null. */
  unregisteredState: string | null
  pickedUpAt: string | null
  deliveredAt: string | null
}

const URP = 'URP'
const parse = (json: string) => {
  try {
    return JSON.parse(json) as { line1?: string; line2?: string | null; city?: string; state?: string; pin?: string }
  } catch {
    return {}
  }
}

/** A party on a request's place, under a GSTIN (its state is the bill-from / bill-to state). */
function party(gstin: string | null, name: string, at: Place, billState?: string): EwayParty {
  const actual = stateCode(at.state)
  return {
    gstin: gstin ?? URP,
    name,
    addr1: at.line1,
    addr2: [at.line2, at.label].filter(Boolean).join(', '),
    place: at.city,
    pincode: at.pin,
    stateCode: gstinState(gstin) ?? stateCode(billState) ?? actual,
    actualStateCode: actual,
  }
}

/** The platform on a place, under a registration (issue 52: a warehouse's state's, else the home one). */
const platformParty = (at: Place, r: Registration) => party(r.gstin, r.legalName, at)

type Line = {
  quantityMilli: number
  priceMinor: number
  gstRateBp: number
  name: string
  desc: string
  hsn: string
  unit: string
}

function priced(lines: Line[], supply: Supply): EwayItem[] {
  return lines.map((l) => {
    const a = lineAmounts({ quantityMilli: l.quantityMilli, priceMinor: l.priceMinor, gstRateBp: l.gstRateBp }, supply)
    return {
      productName: l.name,
      productDesc: l.desc,
      hsnCode: l.hsn,
      quantityMilli: l.quantityMilli,
      unit: l.unit,
      taxableMinor: a.taxable,
      gstRateBp: l.gstRateBp,
      cgstMinor: a.cgst,
      sgstMinor: a.sgst,
      igstMinor: a.igst,
    }
  })
}

const totalsOf = (items: EwayItem[]) => {
  const t = items.reduce(
    (s, i) => ({
      taxable: s.taxable + i.taxableMinor,
      cgst: s.cgst + i.cgstMinor,
      sgst: s.sgst + i.sgstMinor,
      igst: s.igst + i.igstMinor,
    }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0 },
  )
  return { ...t, total: t.taxable + t.cgst + t.sgst + t.igst }
}

const sameState = (a: number | null, b: number | null) => (a !== null && a === b ? 'intra' : 'inter')

/**
 * The consignments of some bookings (those that exist; cancelled ones too), read in a few queries
 * whatever their number: the booking, its request's places, the seller order or sample order it
 * carries with its lines, the invoice when raised.
 */
export async function consignments(db: Executor, bookingIds: number[]): Promise<Map<number, Consignment>> {
  const out = new Map<number, Consignment>()
  if (bookingIds.length === 0) return out
  const bookings = await db
    .selectFrom('transport_bookings as b')
    .innerJoin('transport_requests as r', 'r.id', 'b.request_id')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .select([
      'b.id',
      'b.code',
      'b.status',
      'b.request_id',
      'b.vehicle_number',
      'b.lr_number',
      'b.pickup_at',
      'b.picked_up_at',
      'b.delivered_at',
      'b.distance_km',
      'b.eway_bill_number',
      'b.eway_bill_at',
      'b.eway_valid_until',
      'b.supplier_invoice_number',
      'b.supplier_invoice_on',
      'b.created_at',
      't.name as transporter',
      't.gstin as transporterGstin',
      'r.transport_type',
      'r.seller_order_id',
      'r.sample_order_id',
      'r.from_json',
      'r.to_json',
    ])
    .where('b.id', 'in', bookingIds)
    .execute()
  const sellerOrderIds = [...new Set(bookings.map((b) => b.seller_order_id).filter((id): id is number => id !== null))]
  const sampleOrderIds = [...new Set(bookings.map((b) => b.sample_order_id).filter((id): id is number => id !== null))]
  const [orders, lines, invoices, samples, sampleItems, sellerBills, sampleInvoices] = await Promise.all([
    sellerOrderIds.length
      ? db
          .selectFrom('seller_orders as so')
          .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
          .innerJoin('buyers as by', 'by.id', 'mo.buyer_id')
          .innerJoin('sellers as s', 's.id', 'so.seller_id')
          .select([
            'so.id',
            'so.code',
            'mo.bill_to_json',
            'by.name as buyerName',
            'by.legal_name as buyerLegal',
            'by.gstin as buyerGstin',
            's.name as sellerName',
            's.legal_name as sellerLegal',
            's.gstin as sellerGstin',
          ])
          .where('so.id', 'in', sellerOrderIds)
          .execute()
      : [],
    sellerOrderIds.length
      ? db
          .selectFrom('sub_orders as l')
          .innerJoin('buyer_skus as bs', 'bs.id', 'l.buyer_sku_id')
          .innerJoin('product_skus as ps', 'ps.id', 'l.product_sku_id')
          .innerJoin('categories as c', 'c.id', 'l.category_id')
          .innerJoin('products as p', 'p.id', 'ps.product_id')
          .select([
            'l.seller_order_id',
            'l.quantity_milli',
            'l.price_minor',
            'l.cost_minor',
            'l.gst_rate_bp',
            'bs.buyer_code',
            'ps.name',
            'c.hsn_code',
            'p.unit',
          ])
          .where('l.seller_order_id', 'in', sellerOrderIds)
          .orderBy('l.seller_order_id')
          .orderBy('l.line_no')
          .execute()
      : [],
    sellerOrderIds.length
      ? db
          .selectFrom('buyer_invoices as i')
          .innerJoin('buyer_invoice_lines as il', 'il.invoice_id', 'i.id')
          .select([
            'i.seller_order_id',
            'i.number',
            'i.invoice_on',
            'i.seller_json',
            'il.description',
            'il.hsn_code',
            'il.unit',
            'il.quantity_milli',
            'il.taxable_minor',
            'il.gst_rate_bp',
            'il.cgst_minor',
            'il.sgst_minor',
            'il.igst_minor',
          ])
          .where('i.seller_order_id', 'in', sellerOrderIds)
          .orderBy('i.id')
          .orderBy('il.line_no')
          .execute()
      : [],
    sampleOrderIds.length
      ? db
          .selectFrom('sample_orders as o')
          .innerJoin('buyers as by', 'by.id', 'o.buyer_id')
          .select(['o.id', 'o.code', 'by.name as buyerName', 'by.legal_name as buyerLegal', 'by.gstin as buyerGstin'])
          .where('o.id', 'in', sampleOrderIds)
          .execute()
      : [],
    sampleOrderIds.length
      ? db
          .selectFrom('sample_order_items as i')
          .innerJoin('sample_skus as ss', 'ss.id', 'i.sample_sku_id')
          .innerJoin('categories as c', 'c.id', 'ss.category_id')
          .select([
            'i.sample_order_id',
            'i.quantity',
            'i.charge_minor',
            'ss.code',
            'ss.name',
            'c.hsn_code',
            'c.gst_rate_bp',
          ])
          .where('i.sample_order_id', 'in', sampleOrderIds)
          .orderBy('i.sample_order_id')
          .orderBy('i.line_no')
          .execute()
      : [],
    // The mill's own invoices to the platform (payables' bills), the first one recorded, for a first mile's document.
    sellerOrderIds.length
      ? db
          .selectFrom('seller_bills')
          .select(['seller_order_id', 'number', 'bill_on'])
          .where('seller_order_id', 'in', sellerOrderIds)
          .where('status', '!=', 'rejected')
          .orderBy('bill_on')
          .orderBy('id')
          .execute()
      : [],
    sampleOrderIds.length
      ? db
          .selectFrom('buyer_invoices')
          .select(['sample_order_id', 'number', 'invoice_on', 'seller_json'])
          .where('sample_order_id', 'in', sampleOrderIds)
          .execute()
      : [],
  ])
  // The platform's registrations, and which of the requests' places are warehouses (in which state).
  const [registrations, warehouses] = await Promise.all([
    listRegistrations(db),
    warehouseStates(
      db,
      bookings.flatMap((b) => [place(b.from_json).addressId, place(b.to_json).addressId]),
    ),
  ])
  const at = (p: Place): RegistrationChoice =>
    registrationAt(registrations, p.addressId === null ? null : (warehouses.get(p.addressId) ?? null))
  const ofDocument = (sellerJson: string): RegistrationChoice => ({
    registration: registrationOfGstin(registrations, supplierGstin(sellerJson)),
    unregisteredState: null,
  })
  const orderById = new Map(orders.map((o) => [o.id, o]))
  const sampleById = new Map(samples.map((o) => [o.id, o]))
  const linesOf = (id: number) => lines.filter((l) => l.seller_order_id === id)

  for (const b of bookings) {
    const from = place(b.from_json)
    const to = place(b.to_json)
    const base = {
      bookingId: b.id,
      requestId: b.request_id,
      code: b.code,
      status: b.status,
      type: b.transport_type,
      transport: {
        transporterName: b.transporter,
        transporterId: b.transporterGstin,
        vehicleNo: b.vehicle_number ? b.vehicle_number.replace(/[^0-9A-Z]/gi, '').toUpperCase() : null,
        lrNumber: b.lr_number,
        pickupAt: b.pickup_at,
        distanceKm: b.distance_km === null ? null : Number(b.distance_km),
      },
      eway: { number: b.eway_bill_number, at: b.eway_bill_at, validUntil: b.eway_valid_until },
      pickedUpAt: b.picked_up_at,
      deliveredAt: b.delivered_at,
    }
    // Where Rule 55 allows one (samples, returns), the goods move on a delivery challan: the booking itself, of the day it was made.
    const challan = { docType: 'CHL' as const, docNo: b.code, docDate: kolkataDay(b.created_at) }
    let doc: Pick<Consignment, 'supplyType' | 'subSupplyType' | 'subSupplyDesc' | 'docType' | 'docNo' | 'docDate'>
    let fromParty: EwayParty
    let toParty: EwayParty
    let items: EwayItem[]
    let under: RegistrationChoice = { registration: homeRegistration(registrations), unregisteredState: null }
    const order = b.seller_order_id ? orderById.get(b.seller_order_id) : undefined
    const sample = b.sample_order_id ? sampleById.get(b.sample_order_id) : undefined
    if (order) {
      const buyerName = order.buyerLegal ?? order.buyerName
      const billTo = parse(order.bill_to_json)
      const invoiceLines = invoices.filter((i) => i.seller_order_id === order.id)
      const invoice = invoiceLines[0]
      const buyerPriced = () => {
        const supply = supplyOf(under.registration.state, billTo.state ?? '')
        return priced(
          linesOf(order.id).map((l) => ({
            quantityMilli: Number(l.quantity_milli),
            priceMinor: Number(l.price_minor),
            gstRateBp: l.gst_rate_bp,
            name: l.name,
            desc: `${l.buyer_code} ${l.name}`,
            hsn: l.hsn_code,
            unit: l.unit,
          })),
          supply,
        )
      }
      const invoiced = () =>
        invoiceLines.map((l) => ({
          productName: l.description,
          productDesc: l.description,
          hsnCode: l.hsn_code,
          quantityMilli: Number(l.quantity_milli),
          unit: l.unit,
          taxableMinor: Number(l.taxable_minor),
          gstRateBp: l.gst_rate_bp,
          cgstMinor: Number(l.cgst_minor),
          sgstMinor: Number(l.sgst_minor),
          igstMinor: Number(l.igst_minor),
        }))
      if (b.transport_type === 'first_mile') {
        // The platform buys the goods from the seller: it generates as the recipient, at its purchase
        // price, on the mill's own tax invoice (issue 52): the number entered on the booking, else its bill's.
        under = at(to)
        fromParty = party(order.sellerGstin, order.sellerLegal ?? order.sellerName, from)
        toParty = platformParty(to, under.registration)
        const bill = sellerBills.find((x) => x.seller_order_id === order.id)
        const entered = b.supplier_invoice_number && b.supplier_invoice_on
        doc = {
          supplyType: 'I',
          subSupplyType: SUB_SUPPLY.supply,
          subSupplyDesc: '',
          docType: 'INV',
          docNo: entered ? b.supplier_invoice_number! : (bill?.number ?? ''),
          docDate: entered ? b.supplier_invoice_on! : (bill?.bill_on ?? ''),
        }
        items = priced(
          linesOf(order.id).map((l) => ({
            quantityMilli: Number(l.quantity_milli),
            priceMinor: Number(l.cost_minor),
            gstRateBp: l.gst_rate_bp,
            name: l.name,
            desc: l.name,
            hsn: l.hsn_code,
            unit: l.unit,
          })),
          sameState(fromParty.stateCode, toParty.stateCode),
        )
      } else if (b.transport_type === 'return') {
        // A sales return: the buyer sends back goods it was invoiced for, to the platform.
        under = invoice ? ofDocument(invoice.seller_json) : at(to)
        fromParty = party(order.buyerGstin, buyerName, from, billTo.state)
        toParty = platformParty(to, under.registration)
        doc = { supplyType: 'I', subSupplyType: SUB_SUPPLY.salesReturn, subSupplyDesc: '', ...challan }
        items = invoice ? invoiced() : buyerPriced()
      } else {
        // The last mile: the platform's supply to the buyer, on its tax invoice (issue 52: raised at
        // the pickup, or just before it for the e-way bill; until then the document is wanting).
        // Under the invoice's supplier once raised, else the registration of the place the goods leave (issue 52).
        under = invoice ? ofDocument(invoice.seller_json) : at(from)
        fromParty = platformParty(from, under.registration)
        toParty = party(order.buyerGstin, buyerName, to, billTo.state)
        doc = {
          supplyType: 'O',
          subSupplyType: SUB_SUPPLY.supply,
          subSupplyDesc: '',
          docType: 'INV',
          docNo: invoice?.number ?? '',
          docDate: invoice?.invoice_on ?? '',
        }
        items = invoice ? invoiced() : buyerPriced()
      }
    } else if (sample) {
      // Charged samples are a supply on their invoice (raised on dispatch); samples sent free move on the challan (Rule 55).
      const sampleInvoice = sampleInvoices.find((x) => x.sample_order_id === sample.id)
      under = sampleInvoice ? ofDocument(sampleInvoice.seller_json) : at(from)
      fromParty = platformParty(from, under.registration)
      toParty = party(sample.buyerGstin, sample.buyerLegal ?? sample.buyerName, to)
      doc = sampleInvoice
        ? {
            supplyType: 'O',
            subSupplyType: SUB_SUPPLY.supply,
            subSupplyDesc: '',
            docType: 'INV',
            docNo: sampleInvoice.number,
            docDate: sampleInvoice.invoice_on,
          }
        : { supplyType: 'O', subSupplyType: SUB_SUPPLY.others, subSupplyDesc: 'Samples', ...challan }
      items = priced(
        sampleItems
          .filter((i) => i.sample_order_id === sample.id)
          .map((i) => ({
            // The item's charge is per piece (the order's charge is the sum of charge × quantity).
            quantityMilli: Number(i.quantity) * 1000,
            priceMinor: Number(i.charge_minor),
            gstRateBp: i.gst_rate_bp,
            name: i.name,
            desc: `${i.code} ${i.name}`,
            hsn: i.hsn_code,
            unit: 'pcs',
          })),
        sameState(stateCode(under.registration.state), stateCode(to.state)),
      )
    } else continue
    const totals = totalsOf(items)
    out.set(b.id, {
      ...base,
      ...doc,
      from: fromParty,
      to: toParty,
      userGstin: under.registration.gstin,
      unregisteredState: under.unregisteredState,
      items,
      totals,
      valueMinor: totals.total,
      needed: needsEwayBill(totals.total),
    })
  }
  return out
}

/** One booking's consignment (undefined when the booking is not of that request). */
export async function consignmentOf(db: Executor, requestId: number, bookingId: number) {
  const found = (await consignments(db, [bookingId])).get(bookingId)
  return found && found.requestId === requestId ? found : undefined
}

/** What a consignment lacks when it has no document yet: the buyer's invoice (last mile) or the mill's (first mile). */
export function missingDocument(c: Pick<Consignment, 'type' | 'code'>): string {
  return c.type === 'first_mile'
    ? `The goods move on the mill’s tax invoice to the platform: enter its number and date on ${c.code}, or record the mill’s bill.`
    : `The goods move on the buyer’s tax invoice: raise it before the pickup (it is raised at the pickup otherwise), so the e-way bill names it.`
}

/** What keeps a consignment's e-way bill JSON from being complete, in words; empty when nothing does. */
export function ewayProblems(c: Consignment, band: TurnoverBand = DEFAULT_TURNOVER_BAND): string[] {
  const problems: string[] = []
  // Issue 52: the e-way bill system refuses fewer than 6 digits above ₹5 crore turnover (since 1 February 2024).
  const badHsn = c.items.find((i) => hsnProblem(i.hsnCode, band))
  if (badHsn) problems.push(`HSN ${badHsn.hsnCode}: ${hsnProblem(badHsn.hsnCode, band)}.`)
  if (c.transport.distanceKm === null) problems.push('Enter the distance (km) in the booking’s details.')
  for (const [side, p] of [
    ['pickup', c.from],
    ['delivery', c.to],
  ] as const) {
    if (p.actualStateCode === null) problems.push(`The ${side} address has no state the e-way bill knows.`)
    if (!/^[1-9]\d{5}$/.test(p.pincode)) problems.push(`The ${side} address has no 6-digit PIN code.`)
  }
  if (c.unregisteredState)
    problems.push(`No GST registration in ${c.unregisteredState}: the goods leave under the home registration.`)
  if (c.items.length === 0) problems.push('The consignment has no goods.')
  if (!c.docNo) problems.push(missingDocument(c))
  if (c.subSupplyDesc.length > 20)
    problems.push(`The sub-supply description “${c.subSupplyDesc}” is longer than the 20 characters NIC takes.`)
  const pickupDay = kolkataDay(c.pickedUpAt ?? c.transport.pickupAt)
  if (c.docDate && c.docDate > pickupDay)
    problems.push(
      `The document ${c.docNo} is dated after the pickup (${c.docDate}): the goods must move on a document of that day or before.`,
    )
  if (c.docNo.length > 16)
    problems.push(`The document number ${c.docNo} is longer than the 16 characters the e-way bill takes.`)
  if (!c.transport.vehicleNo && !c.transport.transporterId)
    problems.push('Enter the vehicle number, or the transporter’s GSTIN / TRANSIN, in the booking’s details.')
  return problems
}

// ---------- The NIC bulk-generation JSON ----------

/** The bulk-generation file's version (the NIC e-way bill offline tool). */
export const EWAY_JSON_VERSION = '1.0.0421'

const rupees = (minor: number) => Math.round(minor) / 100
const pin = (value: string) => (/^\d{6}$/.test(value) ? Number(value) : 0)
const text = (value: string, max: number) => value.replace(/\s+/g, ' ').trim().slice(0, max)
/** Names, places and addresses keep the characters NIC's validation takes (letters, digits, space and `@#/,&.-`). */
export const words = (value: string, max: number) => text(value.replace(/[^\p{L}\p{N}@#/,&. -]+/gu, ' '), max)
/** A transport document number: letters, digits, `/` and `-` (NIC), at most 15. */
export const docNumber = (value: string) => value.replace(/[^a-zA-Z0-9/-]+/g, '').slice(0, 15)

/** How bill-from / dispatch-from and bill-to / ship-to differ: 1 regular, 2 bill to-ship to, 3 bill from-dispatch from, 4 both. */
const transType = (c: Consignment) => {
  const shipTo = c.to.stateCode !== c.to.actualStateCode
  const dispatchFrom = c.from.stateCode !== c.from.actualStateCode
  return shipTo && dispatchFrom ? 4 : dispatchFrom ? 3 : shipTo ? 2 : 1
}

/** One consignment as an entry of the bulk file's billLists. */
export function ewayBillEntry(c: Consignment) {
  const rate = (bp: number) => bp / 100
  const supplyIntra = c.totals.igst === 0 && c.totals.cgst + c.totals.sgst > 0
  return {
    userGstin: c.userGstin,
    supplyType: c.supplyType,
    subSupplyType: c.subSupplyType,
    // NIC: only with sub-supply 8 (Others), at most 20 characters.
    subSupplyDesc: c.subSupplyType === SUB_SUPPLY.others ? text(c.subSupplyDesc, 20) : '',
    docType: c.docType,
    docNo: c.docNo,
    docDate: ddmmyyyy(c.docDate),
    fromGstin: c.from.gstin,
    fromTrdName: words(c.from.name, 100),
    fromAddr1: words(c.from.addr1, 120),
    fromAddr2: words(c.from.addr2, 120),
    fromPlace: words(c.from.place, 50),
    fromPincode: pin(c.from.pincode),
    fromStateCode: c.from.stateCode ?? 0,
    actualFromStateCode: c.from.actualStateCode ?? 0,
    toGstin: c.to.gstin,
    toTrdName: words(c.to.name, 100),
    toAddr1: words(c.to.addr1, 120),
    toAddr2: words(c.to.addr2, 120),
    toPlace: words(c.to.place, 50),
    toPincode: pin(c.to.pincode),
    toStateCode: c.to.stateCode ?? 0,
    actualToStateCode: c.to.actualStateCode ?? 0,
    transType: transType(c),
    totalValue: rupees(c.totals.taxable),
    cgstValue: rupees(c.totals.cgst),
    sgstValue: rupees(c.totals.sgst),
    igstValue: rupees(c.totals.igst),
    cessValue: 0,
    TotNonAdvolVal: 0,
    OthValue: 0,
    totInvValue: rupees(c.totals.total),
    transMode: 1,
    transDistance: c.transport.distanceKm ?? 0,
    transporterId: c.transport.transporterId ?? '',
    transporterName: words(c.transport.transporterName, 100),
    transDocNo: c.transport.lrNumber ? docNumber(c.transport.lrNumber) : '',
    transDocDate: c.transport.lrNumber ? ddmmyyyy(kolkataDay(c.transport.pickupAt)) : '',
    vehicleNo: c.transport.vehicleNo ?? '',
    vehicleType: 'R',
    mainHsnCode: Number(c.items[0]?.hsnCode ?? 0),
    itemList: c.items.map((i, n) => ({
      itemNo: n + 1,
      productName: words(i.productName, 100),
      productDesc: words(i.productDesc, 100),
      hsnCode: Number(i.hsnCode),
      quantity: i.quantityMilli / 1000,
      qtyUnit: unitCode(i.unit),
      taxableAmount: rupees(i.taxableMinor),
      sgstRate: supplyIntra || i.sgstMinor > 0 ? rate(i.gstRateBp) / 2 : 0,
      cgstRate: supplyIntra || i.cgstMinor > 0 ? rate(i.gstRateBp) / 2 : 0,
      igstRate: i.igstMinor > 0 || (!supplyIntra && i.cgstMinor === 0) ? rate(i.gstRateBp) : 0,
      cessRate: 0,
      cessNonAdvol: 0,
    })),
  }
}
export type EwayBillEntry = ReturnType<typeof ewayBillEntry>

/** The bulk-generation file of some consignments. */
export const ewayBillFile = (list: Consignment[]) => ({
  version: EWAY_JSON_VERSION,
  billLists: list.map(ewayBillEntry),
})

// ---------- What needs seeing to ----------

export type EwayState = 'not_needed' | 'missing' | 'valid' | 'expired' | 'moved_without' | 'done'

/** Where a consignment's e-way bill stands at an instant. */
export function ewayState(c: Consignment, now = new Date()): EwayState {
  if (!c.needed) return 'not_needed'
  const moving = c.status === 'picked_up'
  const moved = moving || c.status === 'delivered'
  if (!c.eway.number) return moved ? 'moved_without' : 'missing'
  if (c.status === 'delivered' || c.status === 'cancelled') return 'done'
  if (moving && c.eway.validUntil && c.eway.validUntil < now.toISOString()) return 'expired'
  return 'valid'
}

/** How long back the home looks for deliveries that moved without an e-way bill. */
export const FLAG_DAYS = 30

/**
 * The bookings to see to: on the road or delivered in the last 30 days without an e-way bill they
 * needed, and on the road with one that has expired; the oldest pickup first.
 */
export async function ewayFlags(db: Executor, now = new Date()) {
  const since = new Date(now.getTime() - FLAG_DAYS * 86_400_000).toISOString()
  const candidates = await db
    .selectFrom('transport_bookings')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'picked_up'),
          eb.or([eb('eway_bill_number', 'is', null), eb('eway_valid_until', '<', now.toISOString())]),
        ]),
        eb.and([eb('status', '=', 'delivered'), eb('delivered_at', '>=', since), eb('eway_bill_number', 'is', null)]),
      ]),
    )
    .orderBy('pickup_at')
    .orderBy('id')
    .limit(500)
    .execute()
  const found = await consignments(
    db,
    candidates.map((c) => c.id),
  )
  return candidates
    .map((c) => found.get(c.id))
    .filter((c): c is Consignment => Boolean(c))
    .map((c) => ({ consignment: c, state: ewayState(c, now) }))
    .filter((f) => f.state === 'moved_without' || f.state === 'expired')
}

/** A day's bookings (by pickup day, not cancelled) that need an e-way bill, by pickup time. */
export async function dayConsignments(db: Executor, day: string): Promise<Consignment[]> {
  const ids = await db
    .selectFrom('transport_bookings')
    .select('id')
    .where('pickup_on', '=', day)
    .where('status', '!=', 'cancelled')
    .orderBy('pickup_at')
    .orderBy('id')
    .limit(1000)
    .execute()
  const found = await consignments(
    db,
    ids.map((r) => r.id),
  )
  return ids.map((r) => found.get(r.id)).filter((c): c is Consignment => Boolean(c?.needed))
}

/**
 * The rules forbid moving goods that need an e-way bill without one (Rule 138): picking up such a
 * booking is refused, in the step's transaction, until the document the goods move on is there (the
 * buyer's invoice, the mill's) and its e-way bill is recorded and valid. A pickup before the date
 * of the document the goods move on is refused whatever their value.
 */
export async function checkEwayBill(trx: Executor, bookingId: number, now = new Date()): Promise<void> {
  // The booking's row first, for the rest of the pickup's transaction: a cancellation of its e-way
  // bill at the same moment (eway-events.server) waits, or is waited for and then read (issue 52).
  await lockedRead(trx, trx.selectFrom('transport_bookings').select('id').where('id', '=', bookingId)).execute()
  const c = (await consignments(trx, [bookingId])).get(bookingId)
  if (!c) return
  // The document the goods move on is dated at or before their removal (section 31; issue 52).
  if (c.docNo && c.docDate > kolkataDay(now))
    throw new Refused(
      'pickedUpAt',
      `${c.code}’s goods move on ${c.docType === 'INV' ? 'tax invoice' : 'challan'} ${c.docNo} of ${c.docDate}: they cannot be picked up before its date`,
    )
  if (!c.needed) return
  const worth = `${c.code} carries goods worth ${formatMoney(c.valueMinor)} (more than ₹50,000, taxes included)`
  if (!c.docNo) throw new Refused(undefined, `${worth}. ${missingDocument(c)}`)
  if (!c.eway.number)
    throw new Refused(
      undefined,
      `${worth}: record its e-way bill before it is picked up; the goods may not move without one.`,
    )
  if (c.eway.validUntil && c.eway.validUntil < now.toISOString())
    throw new Refused(
      undefined,
      `${c.code}’s e-way bill ${c.eway.number} expired on ${formatDateTime(c.eway.validUntil)}: record the new one before it is picked up.`,
    )
}
