import type { Database } from '#db/database'
import type { TransportType } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { formatQuantity } from '~/utils/quantity'
import { mayOpen, portalsFor } from '~/auth/portals'
import { addressChoices, linkedOrderByCode, type LinkedOrder } from '../logistics/linked-orders.server'
import { ORDER_PORTALS, type OrderPortal } from '../orders/lens'
import { lensFor, scopedOrderIds } from '../orders/search.server'
import { SAMPLE_PORTALS, type SamplePortal } from '../sample-orders/lens'
import { PLATFORM_BILLING } from '../settlements/platform'
import { sampleLensFor, scopedSampleOrders } from '../sample-orders/search.server'

// Shipping and package labels (/toolkit/labels): for seller orders (SO-…), sample orders (SMP-…) and
// transport requests (TR-…). A label carries the addresses of the move, the order's code (Code 128),
// "package n of m", the weight, and a QR code of the order and package.

export interface LabelAddress {
  party: string
  label?: string | null
  line1: string
  line2?: string | null
  city: string
  state: string
  pin: string
  phone?: string | null
}

export interface LabelSource {
  /**
   * The code the parcel is known by at its destination (its barcode): on a parcel bound for the buyer
   * (a last mile, a sample) the buyer's own order code, never the seller order's; else the order's.
   */
  orderCode: string
  /** The transport request the label is for, when there is one. */
  requestCode: string | null
  /** Bound for the buyer's dock: it names the platform, never the seller (docs/domain.md "What each viewer reads"). */
  buyerBound: boolean
  /** The buyer's SKU codes of what it carries (a parcel bound for the buyer). */
  buyerSkuCodes: string[]
  /** The booking's LR / AWB and its transporter, once booked. */
  lrNumber: string | null
  transporter: string | null
  from: LabelAddress
  to: LabelAddress
  packages: number
  /** The whole consignment's weight. */
  weight: string | null
  /** Each package's own weight, in the order of the packages, when they were entered. */
  packageWeights: string[] | null
}

export const MAX_LABEL_CODES = 50
export const MAX_LABELS = 200
export const MAX_PACKAGES = 50

/** Codes typed one per line, or separated by commas or spaces: upper-cased, each once, at most MAX_LABEL_CODES. */
export function readCodes(text: string | null): string[] {
  const codes = (text ?? '')
    .toUpperCase()
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter((c) => /^[A-Z0-9-]{1,40}$/.test(c))
  return [...new Set(codes)].slice(0, MAX_LABEL_CODES)
}

const notFound = (code: string) => ({
  code,
  problem: `No order or transport request you may label has the code ${code}.`,
})

const snapshot = (json: string): LabelAddress => JSON.parse(json) as LabelAddress

/**
 * How much of an order's moves a viewer may label: nothing; the seller's own move (its pickup to the
 * platform's warehouse: no buyer on it); or every move, the buyer's name, address and phone included.
 */
export type LabelSight = 'none' | 'seller' | 'full'

/** The transport requests' pages (the main portal's logistics section): whoever opens them reads every move's addresses. */
const TRANSPORT_SECTION = '/logistics/transport_requests'
const opensTransport = (viewer: Viewer) => mayOpen(viewer.roles, TRANSPORT_SECTION)

/** The order lenses of the viewer's portals that name sellers (a buyer's does not: a label says where goods come from). */
function orderLenses(viewer: Viewer) {
  return portalsFor(viewer.roles).flatMap((portal) => {
    if (!(ORDER_PORTALS as readonly string[]).includes(portal)) return []
    const lens = lensFor(viewer, portal as OrderPortal)
    return lens && lens.see.sellers ? [lens] : []
  })
}

/** The sample-order lenses of the viewer's staff portals (the buyer's own users print no labels). */
function sampleLenses(viewer: Viewer) {
  return portalsFor(viewer.roles).flatMap((portal) => {
    if (portal === 'buyer' || !(SAMPLE_PORTALS as readonly string[]).includes(portal)) return []
    const lens = sampleLensFor(viewer, portal as SamplePortal)
    return lens ? [lens] : []
  })
}

/**
 * What the viewer may label of a seller order: through the lens of an order page it may open (a
 * seller: its own seller orders only), the buyer's address only where that lens shows addresses.
 */
async function sellerOrderSight(
  db: Database,
  viewer: Viewer,
  order: { masterOrderId: number | null; sellerId: number | null },
): Promise<LabelSight> {
  if (opensTransport(viewer)) return 'full'
  if (order.masterOrderId === null) return 'none'
  let sight: LabelSight = 'none'
  for (const lens of orderLenses(viewer)) {
    if (lens.scope.kind === 'seller' && lens.scope.sellerId !== order.sellerId) continue
    if (sight === 'seller' && !lens.see.addresses) continue
    const reached = await scopedOrderIds(db, lens)
      .where('master_orders.id', '=', order.masterOrderId)
      .executeTakeFirst()
    if (!reached) continue
    if (lens.see.addresses) return 'full'
    sight = 'seller'
  }
  return sight
}

/** What the viewer may label of a sample order: all of it where it may open the order (its page shows the ship-to), else nothing. */
async function sampleOrderSight(db: Database, viewer: Viewer, sampleOrderId: number): Promise<LabelSight> {
  if (opensTransport(viewer)) return 'full'
  for (const lens of sampleLenses(viewer)) {
    const reached = await scopedSampleOrders(db, lens)
      .select('sample_orders.id')
      .where('sample_orders.id', '=', sampleOrderId)
      .executeTakeFirst()
    if (reached) return 'full'
  }
  return 'none'
}

/**
 * What each code's label says, in the order typed. A label is for an order the viewer may open, by
 * that order's lens: every move, with the buyer's name, address and phone, where the lens shows the
 * buyer's addresses (and for whoever opens the transport requests); only the seller's own move, from
 * its pickup address to the platform's warehouse, where it does not (a seller, the supplier team);
 * nothing otherwise. Orders without a request get the addresses a request of their first move would
 * offer, and `packages` packages.
 */
export async function labelSources(
  db: Database,
  viewer: Viewer,
  codes: string[],
  packages: number,
): Promise<Array<{ code: string; source: LabelSource } | { code: string; problem: string }>> {
  const out: Array<{ code: string; source: LabelSource } | { code: string; problem: string }> = []
  for (const code of codes) {
    if (code.startsWith('TR-')) {
      const request = await requestRows(db).where('transport_requests.code', '=', code).executeTakeFirst()
      const sight = !request
        ? 'none'
        : request.sample_order_id !== null
          ? await sampleOrderSight(db, viewer, request.sample_order_id)
          : await sellerOrderSight(db, viewer, { masterOrderId: request.master_order_id, sellerId: request.seller_id })
      // Without the buyer's addresses, only the seller's own move (first mile: pickup to warehouse) has no buyer on it.
      if (!request || sight === 'none' || (sight === 'seller' && request.transport_type !== 'first_mile'))
        out.push(notFound(code))
      else out.push({ code, source: await requestSource(db, request) })
      continue
    }
    const order = code.startsWith('SO-') || code.startsWith('SMP-') ? await linkedOrderByCode(db, code) : undefined
    const sight = !order
      ? 'none'
      : order.kind === 'sample_order'
        ? await sampleOrderSight(db, viewer, order.id)
        : await sellerOrderSight(db, viewer, order)
    if (!order || sight === 'none') {
      out.push(notFound(code))
      continue
    }
    const source = await orderSource(db, order, sight === 'full' ? null : 'first_mile', packages)
    out.push(
      source
        ? { code, source }
        : {
            code,
            problem: `${code} has no addresses to ship between yet (a pickup address, a warehouse or a shipping address is missing).`,
          },
    )
  }
  return out
}

/** What the viewer may label at all, for the toolkit's home: seller orders (and how much of them), sample orders, transport requests. */
export async function labelReach(
  db: Database,
  viewer: Viewer,
): Promise<{ orders: LabelSight; samples: boolean; transport: boolean }> {
  if (opensTransport(viewer)) return { orders: 'full', samples: true, transport: true }
  let orders: LabelSight = 'none'
  for (const lens of orderLenses(viewer)) {
    if (orders === 'seller' && !lens.see.addresses) continue
    if (!(await scopedOrderIds(db, lens).limit(1).executeTakeFirst())) continue
    orders = lens.see.addresses ? 'full' : 'seller'
    if (orders === 'full') break
  }
  let samples = false
  for (const lens of sampleLenses(viewer))
    if (!samples)
      samples =
        (await scopedSampleOrders(db, lens).select('sample_orders.id').limit(1).executeTakeFirst()) !== undefined
  return { orders, samples, transport: false }
}

async function orderSource(
  db: Database,
  order: LinkedOrder,
  onlyType: TransportType | null,
  packages: number,
): Promise<LabelSource | null> {
  const ref = `${order.kind === 'sample_order' ? 'SMP' : 'SO'}:${order.id}`
  let query = requestRows(db)
    .where('transport_requests.order_ref', '=', ref)
    .where('transport_requests.status', '!=', 'cancelled')
  if (onlyType) query = query.where('transport_requests.transport_type', '=', onlyType)
  const request = await query.orderBy('transport_requests.id', 'desc').limit(1).executeTakeFirst()
  if (request) return requestSource(db, request)
  const choices = await addressChoices(db, order.kind === 'sample_order' ? 'sample' : 'first_mile', order)
  const [from, to] = [choices.from[0], choices.to[0]]
  if (!from || !to) return null
  return {
    orderCode: order.code,
    requestCode: null,
    buyerBound: false,
    buyerSkuCodes: [],
    lrNumber: null,
    transporter: null,
    from: from.snapshot,
    to: to.snapshot,
    packages,
    weight: null,
    packageWeights: null,
  }
}

const requestRows = (db: Database) =>
  db
    .selectFrom('transport_requests')
    .leftJoin('seller_orders', 'seller_orders.id', 'transport_requests.seller_order_id')
    .select([
      'transport_requests.id',
      'transport_requests.code',
      'transport_requests.transport_type',
      'transport_requests.order_code',
      'transport_requests.from_json',
      'transport_requests.to_json',
      'transport_requests.packages',
      'transport_requests.weight_grams',
      'transport_requests.package_weights_json',
      'transport_requests.sample_order_id',
      'transport_requests.seller_order_id',
      'transport_requests.master_order_id',
      'seller_orders.seller_id',
    ])
type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirst']>>>

/** The moves whose parcels go to the buyer's dock. */
const BUYER_BOUND: readonly TransportType[] = ['last_mile', 'sample']

/**
 * A request's label. A parcel bound for the buyer carries what the buyer's dock matches it by (the
 * buyer's order code, its SKU codes, the LR and the transporter) and names the platform where it
 * comes from a seller: no seller's name, address or phone, no seller order code.
 */
async function requestSource(db: Database, request: RequestRow): Promise<LabelSource> {
  const booking = await db
    .selectFrom('transport_bookings as b')
    .innerJoin('transporters as t', 't.id', 'b.transporter_id')
    .select(['b.lr_number', 't.name as transporter'])
    .where('b.request_id', '=', request.id)
    .where('b.status', '<>', 'cancelled')
    .orderBy('b.id', 'desc')
    .executeTakeFirst()
  const buyerBound = BUYER_BOUND.includes(request.transport_type)
  let orderCode = request.order_code
  let buyerSkuCodes: string[] = []
  let from = snapshot(request.from_json)
  if (buyerBound && request.seller_order_id !== null) {
    const [master, lines] = await Promise.all([
      db
        .selectFrom('master_orders')
        .select('code')
        .where('id', '=', request.master_order_id ?? -1)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('sub_orders as l')
        .innerJoin('buyer_sku_versions as v', (join) =>
          join.onRef('v.buyer_sku_id', '=', 'l.buyer_sku_id').onRef('v.number', '=', 'l.buyer_sku_version'),
        )
        .select('v.buyer_code')
        .where('l.seller_order_id', '=', request.seller_order_id)
        .orderBy('l.line_no')
        .execute(),
    ])
    orderCode = master.code
    buyerSkuCodes = [...new Set(lines.map((l) => l.buyer_code))]
    from = platformSide(from)
  }
  const weights = request.package_weights_json ? (JSON.parse(request.package_weights_json) as number[]) : null
  return {
    orderCode,
    requestCode: request.code,
    buyerBound,
    buyerSkuCodes,
    lrNumber: booking?.lr_number ?? null,
    transporter: booking?.transporter ?? null,
    from,
    to: snapshot(request.to_json),
    packages: request.packages,
    weight: weightOf(request.weight_grams),
    packageWeights: weights && weights.length === request.packages ? weights.map((g) => weightOf(g)!) : null,
  }
}

/**
 * Where a buyer-bound parcel comes from, as the buyer may read it: a platform warehouse as it is;
 * a seller's premises as the platform, in that city (the seller's name, street and phone left off).
 */
function platformSide(from: LabelAddress): LabelAddress {
  if (from.party.startsWith(WAREHOUSE_PARTY)) return from
  return { party: PLATFORM_BILLING.name, line1: '', city: from.city, state: from.state, pin: '' }
}
const WAREHOUSE_PARTY = 'Platform warehouse'

const weightOf = (grams: number | null) => (grams ? `${formatQuantity(Number(grams))} kg` : null)

/**
 * One label per package, up to MAX_LABELS in all, each with its package's own weight: the one entered
 * for it, or the whole weight when there is one package; several packages without their own weights
 * say the consignment's weight as such.
 */
export function expandLabels(sources: LabelSource[]) {
  const labels: Array<LabelSource & { n: number; key: string; packageWeight: string | null }> = []
  for (const source of sources) {
    for (let n = 1; n <= source.packages && labels.length < MAX_LABELS; n++)
      labels.push({
        ...source,
        n,
        key: `${source.requestCode ?? source.orderCode}-${n}`,
        packageWeight: source.packageWeights?.[n - 1] ?? (source.packages === 1 ? source.weight : null),
      })
  }
  return labels
}

/** The label's big line: the code the parcel is matched by, the buyer's own order on a buyer-bound parcel. */
export const labelHeading = (label: Pick<LabelSource, 'orderCode' | 'buyerBound'>) =>
  label.buyerBound ? `Your order ${label.orderCode}` : label.orderCode

/** What a label says besides its addresses and heading, line by line (the page and the PDF print the same). */
export function labelFacts(label: LabelSource & { n: number; packageWeight: string | null }): string[] {
  return [
    label.buyerSkuCodes.length ? `SKU ${label.buyerSkuCodes.join(', ')}` : null,
    [
      `Package ${label.n} of ${label.packages}`,
      label.packageWeight
        ? `Weight ${label.packageWeight}`
        : label.weight
          ? `Consignment ${label.weight} in ${label.packages} packages`
          : null,
    ]
      .filter(Boolean)
      .join(' · '),
    label.lrNumber || label.transporter
      ? [label.transporter, label.lrNumber ? `LR ${label.lrNumber}` : null].filter(Boolean).join(' · ')
      : null,
    label.requestCode ? `Transport ${label.requestCode}` : null,
  ].filter((line): line is string => Boolean(line))
}

/** The QR code's text: the order and the package. */
export const qrText = (label: { orderCode: string; n: number; packages: number }) =>
  `${label.orderCode} ${label.n}/${label.packages}`

export const addressLines = (a: LabelAddress) =>
  [
    a.party,
    a.label,
    a.line1,
    a.line2,
    `${a.city}, ${a.state} ${a.pin}`.trim(),
    a.phone ? `Phone ${a.phone}` : null,
  ].filter((line): line is string => Boolean(line))
