import { getDb } from '~/db.server'
import { formatDate, formatMoney } from '~/utils/format'
import type { Marker } from './markers'

// What each side must never read (issue 34; tests/confidentiality-markers.test.ts, and the API's lens
// matrix, app/api/access.test.ts): for a seller, the buyers, the other sellers and buyer-side codes,
// prices, values and money documents; for a buyer, the sellers, their codes, the costs and margins of
// its orders and its seller orders. Amounts the identity owns are never markers.

type Kind = 'buyer' | 'seller'

const long = (text: string | null | undefined, min = 6) => (text && text.trim().length >= min ? text.trim() : null)

/**
 * An amount as shown (grouped digits, after ₹ on pages and "Rs." in PDFs), as exported (rupees with
 * two decimals, in CSVs) and as stored (paise), where distinctive: shown and exported from ₹1,000,
 * stored from six digits unless round (…0000: a quantity or capacity could share it); never one the
 * identity owns.
 */
function amountMarkers(minor: number, what: string, own: Set<number>): Marker[] {
  if (!Number.isFinite(minor) || minor === 0 || own.has(Math.abs(minor))) return []
  const found: Marker[] = []
  const shown = formatMoney(Math.abs(minor)).replace(/^[^\d]+/, '')
  if (Math.abs(minor) >= 100_000)
    found.push(
      { text: shown, what: `${what} ${formatMoney(minor)}` },
      { text: (Math.abs(minor) / 100).toFixed(2), what: `${what} ${formatMoney(minor)} (as exported)` },
    )
  const stored = String(Math.abs(minor))
  if (stored.length >= 6 && !stored.endsWith('0000'))
    found.push({ text: stored, what: `${what} ${stored} (paise, as stored)` })
  return found
}

const lineValue = (l: { price_minor: number; quantity_milli: number }) =>
  Math.round((Number(l.price_minor) * Number(l.quantity_milli)) / 1000)
const lineCost = (l: { cost_minor: number; quantity_milli: number }) =>
  Math.round((Number(l.cost_minor) * Number(l.quantity_milli)) / 1000)

/** Where the other side's companies are and how they are reached: their addresses' first lines, phones and e-mail addresses. */
async function contactMarkers(kind: Kind): Promise<Marker[]> {
  const db = getDb()
  const markers: Marker[] = []
  for (const a of await db
    .selectFrom('addresses')
    .select('line1')
    .where(kind === 'buyer' ? 'buyer_id' : 'seller_id', 'is not', null)
    .execute()) {
    if (long(a.line1, 10)) markers.push({ text: a.line1, what: `${kind} address` })
  }
  for (const c of await db
    .selectFrom(kind === 'buyer' ? 'buyers' : 'sellers')
    .select(['contact_phone', 'contact_email'])
    .execute()) {
    if (long(c.contact_phone, 10)) markers.push({ text: c.contact_phone!, what: `${kind} phone` })
    if (long(c.contact_email)) markers.push({ text: c.contact_email!, what: `${kind} e-mail` })
  }
  return markers
}

/** A master order's statuses that are not also a seller order's: what all its seller orders together make. */
const MASTER_ONLY_STATUSES = ['in_qc', 'ready_to_dispatch'] as const
/** The API's published description lists every status, for everybody alike. */
const API_DESCRIPTION = /^\/api\/(docs|v1\/openapi\.json)(\.data)?(\?|$)/

/**
 * What the other seller orders of its master orders tell a seller, which it must never read
 * (issue 51): their lines' needed-by dates (as stored and as shown), where none of its own lines
 * shares the day, and the master orders' states made of theirs with its own.
 */
async function siblingMarkers(sellerId: number): Promise<Marker[]> {
  const db = getDb()
  const mine = db.selectFrom('seller_orders').select('master_order_id').where('seller_id', '=', sellerId)
  const ownDays = new Set<string>()
  for (const l of await db
    .selectFrom('sub_orders')
    .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
    .select(['sub_orders.required_by', 'sub_orders.ready_by'])
    .where('seller_orders.seller_id', '=', sellerId)
    .execute()) {
    ownDays.add(l.required_by)
    if (l.ready_by) ownDays.add(l.ready_by)
  }
  const markers: Marker[] = []
  for (const l of await db
    .selectFrom('sub_orders')
    .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
    .select(['sub_orders.required_by', 'seller_orders.code'])
    .where('seller_orders.master_order_id', 'in', mine)
    .where('seller_orders.seller_id', '<>', sellerId)
    .execute()) {
    if (ownDays.has(l.required_by)) continue
    markers.push(
      { text: l.required_by, what: `needed-by of a line of ${l.code}, another seller's` },
      {
        text: formatDate(`${l.required_by}T12:00:00Z`),
        what: `needed-by of a line of ${l.code}, another seller's (as shown)`,
      },
    )
  }
  for (const m of await db
    .selectFrom('master_orders')
    .select(['code', 'status'])
    .where('id', 'in', mine)
    .where('status', 'in', MASTER_ONLY_STATUSES)
    .execute()) {
    // As stored (pages carry it in their data too); as shown ("In QC") it is also a debit note's words.
    markers.push({
      text: m.status,
      what: `status of ${m.code} (all its seller orders')`,
      vocabularyAt: API_DESCRIPTION,
    })
  }
  return markers
}

/** What a seller must never read: the buyers, the other sellers, and buyer-side codes, prices, values and money documents. */
export async function sellerMarkers(sellerId: number): Promise<Marker[]> {
  const db = getDb()
  // What the seller owns: its costs (offers, lines, seller orders, counter-offers).
  const own = new Set<number>()
  for (const o of await db.selectFrom('seller_skus').select('cost_minor').where('seller_id', '=', sellerId).execute())
    own.add(Number(o.cost_minor))
  const ownLines = await db
    .selectFrom('sub_orders')
    .innerJoin('seller_orders', 'seller_orders.id', 'sub_orders.seller_order_id')
    .select(['sub_orders.cost_minor', 'sub_orders.quantity_milli'])
    .where('seller_orders.seller_id', '=', sellerId)
    .execute()
  for (const l of ownLines) {
    own.add(Number(l.cost_minor))
    own.add(lineCost(l))
  }
  for (const so of await db
    .selectFrom('seller_orders')
    .select(['cost_minor', 'counter_offer_json'])
    .where('seller_id', '=', sellerId)
    .execute()) {
    own.add(Number(so.cost_minor))
    for (const line of so.counter_offer_json
      ? (JSON.parse(so.counter_offer_json).lines as { costMinor: number }[])
      : [])
      own.add(line.costMinor)
  }
  const markers: Marker[] = []
  for (const b of await db.selectFrom('buyers').select(['name', 'legal_name']).execute()) {
    for (const text of [long(b.name), long(b.legal_name)]) if (text) markers.push({ text, what: 'buyer name' })
  }
  for (const s of await db.selectFrom('sellers').select(['name', 'legal_name']).where('id', '<>', sellerId).execute()) {
    for (const text of [long(s.name), long(s.legal_name)]) if (text) markers.push({ text, what: 'other seller name' })
  }
  markers.push(...(await contactMarkers('buyer')))
  // A buyer user's name is not the seller's secret when one of the seller's own users has it too.
  const ownNames = new Set(
    (await db.selectFrom('users').select('name').where('seller_id', '=', sellerId).execute()).map((u) => u.name),
  )
  for (const u of await db.selectFrom('users').select(['name', 'email']).where('buyer_id', 'is not', null).execute()) {
    if (long(u.name, 8) && !ownNames.has(u.name)) markers.push({ text: u.name, what: 'buyer user name' })
    markers.push({ text: u.email, what: 'buyer user e-mail' })
  }
  for (const c of await db
    .selectFrom('buyer_sku_versions')
    .select('buyer_code')
    .union(db.selectFrom('buyer_skus').select('buyer_code'))
    .execute()) {
    if (long(c.buyer_code, 5)) markers.push({ text: c.buyer_code, what: 'buyer SKU code' })
  }
  for (const i of await db.selectFrom('buyer_invoices').select(['number', 'total_minor', 'taxable_minor']).execute()) {
    markers.push(
      { text: i.number, what: 'invoice number' },
      ...amountMarkers(Number(i.total_minor), `invoice total of ${i.number}`, own),
      ...amountMarkers(Number(i.taxable_minor), `taxable value of ${i.number}`, own),
    )
  }
  for (const v of await db.selectFrom('buyer_sku_versions').select(['price_minor', 'buyer_code']).execute())
    markers.push(...amountMarkers(Number(v.price_minor), `buyer price of ${v.buyer_code}`, own))
  for (const l of await db.selectFrom('sub_orders').select(['id', 'price_minor', 'quantity_milli']).execute()) {
    markers.push(
      ...amountMarkers(Number(l.price_minor), 'buyer price', own),
      ...amountMarkers(lineValue(l), 'line value', own),
    )
  }
  for (const so of await db.selectFrom('seller_orders').select(['code', 'value_minor']).execute())
    markers.push(...amountMarkers(Number(so.value_minor), `order value of ${so.code}`, own))
  for (const m of await db.selectFrom('master_orders').select(['code', 'value_minor', 'gst_minor']).execute()) {
    const value = Number(m.value_minor)
    markers.push(
      ...amountMarkers(value, `order value of ${m.code}`, own),
      ...amountMarkers(Number(m.gst_minor), `GST of ${m.code}`, own),
      ...amountMarkers(value + Number(m.gst_minor), `order total of ${m.code}`, own),
    )
  }
  markers.push(...(await siblingMarkers(sellerId)))
  for (const p of await db.selectFrom('buyer_payments').select(['number', 'amount_minor', 'reference']).execute()) {
    markers.push(
      { text: p.number, what: 'receipt number' },
      ...amountMarkers(Number(p.amount_minor), `payment ${p.number}`, own),
    )
    if (long(p.reference, 8)) markers.push({ text: p.reference, what: `payment reference of ${p.number}` })
  }
  for (const n of await db.selectFrom('credit_notes').select(['number', 'amount_minor']).execute())
    markers.push(
      { text: n.number, what: 'credit note number' },
      ...amountMarkers(Number(n.amount_minor), `credit note ${n.number}`, own),
    )
  return markers
}

/** What a buyer must never read: the sellers, their codes, the costs and margins of its orders, and its rejected seller orders. */
export async function buyerMarkers(buyerId: number): Promise<Marker[]> {
  const db = getDb()
  const orders = db.selectFrom('master_orders').select('id').where('buyer_id', '=', buyerId)
  // What the buyer owns: its prices, values, totals and money documents.
  const own = new Set<number>()
  for (const v of await db
    .selectFrom('buyer_sku_versions')
    .innerJoin('buyer_skus', 'buyer_skus.id', 'buyer_sku_versions.buyer_sku_id')
    .select('buyer_sku_versions.price_minor')
    .where('buyer_skus.buyer_id', '=', buyerId)
    .execute())
    own.add(Number(v.price_minor))
  const lines = await db
    .selectFrom('sub_orders')
    .select(['price_minor', 'cost_minor', 'quantity_milli', 'seller_order_id'])
    .where('master_order_id', 'in', orders)
    .execute()
  for (const l of lines) {
    own.add(Number(l.price_minor))
    own.add(lineValue(l))
  }
  const sellerOrders = await db
    .selectFrom('seller_orders')
    .select(['id', 'code', 'status', 'value_minor', 'cost_minor', 'decision_note', 'counter_offer_json', 'moved_to_id'])
    .where('master_order_id', 'in', orders)
    .execute()
  const masters = await db
    .selectFrom('master_orders')
    .select(['code', 'value_minor', 'cost_minor', 'gst_minor'])
    .where('buyer_id', '=', buyerId)
    .execute()
  for (const so of sellerOrders) own.add(Number(so.value_minor))
  for (const m of masters) {
    own.add(Number(m.value_minor))
    own.add(Number(m.gst_minor))
    own.add(Number(m.value_minor) + Number(m.gst_minor))
  }
  for (const i of await db
    .selectFrom('buyer_invoices')
    .select(['total_minor', 'taxable_minor', 'cgst_minor', 'sgst_minor', 'igst_minor'])
    .where('buyer_id', '=', buyerId)
    .execute())
    for (const v of Object.values(i)) own.add(Number(v))
  for (const p of await db
    .selectFrom('buyer_payments')
    .select('amount_minor')
    .where('buyer_id', '=', buyerId)
    .execute())
    own.add(Number(p.amount_minor))
  for (const n of await db.selectFrom('credit_notes').select('amount_minor').where('buyer_id', '=', buyerId).execute())
    own.add(Number(n.amount_minor))
  const account = await db.selectFrom('buyer_accounts').selectAll().where('buyer_id', '=', buyerId).executeTakeFirst()
  for (const v of Object.values(account ?? {})) if (typeof v === 'number') own.add(v)

  const markers: Marker[] = []
  for (const s of await db.selectFrom('sellers').select(['name', 'legal_name']).execute()) {
    for (const text of [long(s.name), long(s.legal_name)]) if (text) markers.push({ text, what: 'seller name' })
  }
  markers.push(...(await contactMarkers('seller')))
  // A seller user's name is not the buyer's secret when one of the buyer's own users has it too (the
  // demo's generated names repeat: Cedar Apparel's Ananya Reddy and a seller's).
  const ownNames = new Set(
    (await db.selectFrom('users').select('name').where('buyer_id', '=', buyerId).execute()).map((u) => u.name),
  )
  for (const u of await db.selectFrom('users').select(['name', 'email']).where('seller_id', 'is not', null).execute()) {
    if (long(u.name, 8) && !ownNames.has(u.name)) markers.push({ text: u.name, what: 'seller user name' })
    markers.push({ text: u.email, what: 'seller user e-mail' })
  }
  for (const c of await db
    .selectFrom('seller_skus')
    .select('seller_code')
    .where('seller_code', 'is not', null)
    .execute())
    if (long(c.seller_code, 5)) markers.push({ text: c.seller_code!, what: 'seller SKU code' })
  for (const l of lines) {
    markers.push(
      ...amountMarkers(Number(l.cost_minor), 'cost', own),
      ...amountMarkers(lineCost(l), 'line cost', own),
      ...amountMarkers(lineValue(l) - lineCost(l), 'line margin', own),
    )
  }
  for (const so of sellerOrders) {
    markers.push(
      ...amountMarkers(Number(so.cost_minor), `cost of ${so.code}`, own),
      ...amountMarkers(Number(so.value_minor) - Number(so.cost_minor), `margin of ${so.code}`, own),
    )
    for (const line of so.counter_offer_json
      ? (JSON.parse(so.counter_offer_json).lines as { costMinor: number }[])
      : [])
      markers.push(...amountMarkers(line.costMinor, `counter-offer cost of ${so.code}`, own))
    // The buyer's order is its agreement with the platform: it reads no seller order (their codes
    // would tell how the order is split between sellers), and neither a rejection nor why.
    markers.push({ text: so.code, what: so.status === 'rejected' ? 'rejected seller order' : 'seller order' })
    if (so.status === 'rejected') {
      if (long(so.decision_note, 12)) markers.push({ text: so.decision_note!, what: `rejection reason of ${so.code}` })
    }
  }
  for (const m of masters)
    markers.push(
      ...amountMarkers(Number(m.cost_minor), `cost of ${m.code}`, own),
      ...amountMarkers(Number(m.value_minor) - Number(m.cost_minor), `margin of ${m.code}`, own),
    )
  return markers
}
