import type { TransportRequestStatus, TransportType } from '#db/types'
import { type Executor } from '~/platform/executor'
import { ACTIVE_REQUEST_STATUSES, transportTypes } from './states'

// The orders a transport type moves and the addresses it goes between (reads: the request form, the
// toolkit's labels): which orders a type may move now, and each side's addresses, said once here.

// ---------- The orders a type moves ----------

/** The order a request carries, as the form and the request page know it. */
export interface LinkedOrder {
  kind: 'seller_order' | 'sample_order'
  id: number
  code: string
  status: string
  masterOrderId: number | null
  masterCode: string | null
  sellerId: number | null
  sellerName: string | null
  buyerId: number
  buyerName: string
  shipToAddressId: number | null
  /** The state of the order's ship-to (as the order keeps it): the buyer's location for the warehouse rule. */
  shipToState: string | null
}

const stateOf = (json: string | null) => {
  try {
    return (JSON.parse(json ?? '') as { state?: string }).state ?? null
  } catch {
    return null
  }
}

/** The seller-order statuses a type moves from (sample requests move approved sample orders). */
const SELLER_ORDER_MOVABLE: Record<Exclude<TransportType, 'sample'>, readonly string[]> = {
  first_mile: ['qc_passed'],
  last_mile: ['qc_passed', 'dispatched'],
  return: ['delivered'],
}

export const orderRef = (order: Pick<LinkedOrder, 'kind' | 'id'>) =>
  `${order.kind === 'sample_order' ? 'SMP' : 'SO'}:${order.id}`

/** Whether an order may get a new request of a type now; a sentence why not otherwise. */
export function movableNow(type: TransportType, order: LinkedOrder): string | null {
  if (type === 'sample')
    return order.kind === 'sample_order' && order.status === 'approved'
      ? null
      : `${order.code} is ${order.status.replace(/_/g, ' ')}: a sample courier takes approved sample orders`
  if (order.kind !== 'seller_order')
    return `${transportTypes[type].label} moves seller orders (SO-…), not sample orders`
  const allowed = SELLER_ORDER_MOVABLE[type]
  return allowed.includes(order.status)
    ? null
    : `${order.code} is ${order.status.replace(/_/g, ' ')}: ${transportTypes[type].label.toLowerCase()} moves seller orders that are ${allowed.map((s) => s.replace(/_/g, ' ')).join(' or ')}`
}

/** The order a typed code names (SO-… or SMP-…), whatever its state; undefined when none. */
export async function linkedOrderByCode(db: Executor, code: string): Promise<LinkedOrder | undefined> {
  const typed = code.trim().toUpperCase()
  if (typed.startsWith('SMP-')) {
    const row = await db
      .selectFrom('sample_orders as o')
      .innerJoin('buyers as b', 'b.id', 'o.buyer_id')
      .select([
        'o.id',
        'o.code',
        'o.status',
        'o.buyer_id',
        'b.name as buyerName',
        'o.ship_to_address_id',
        'o.ship_to_json',
      ])
      .where('o.code', '=', typed)
      .executeTakeFirst()
    return (
      row && {
        kind: 'sample_order',
        id: row.id,
        code: row.code,
        status: row.status,
        masterOrderId: null,
        masterCode: null,
        sellerId: null,
        sellerName: null,
        buyerId: row.buyer_id,
        buyerName: row.buyerName,
        shipToAddressId: row.ship_to_address_id,
        shipToState: stateOf(row.ship_to_json),
      }
    )
  }
  const row = await db
    .selectFrom('seller_orders as so')
    .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
    .innerJoin('buyers as b', 'b.id', 'mo.buyer_id')
    .innerJoin('sellers as s', 's.id', 'so.seller_id')
    .select([
      'so.id',
      'so.code',
      'so.status',
      'so.master_order_id',
      'mo.code as masterCode',
      'so.seller_id',
      's.name as sellerName',
      'mo.buyer_id',
      'b.name as buyerName',
      'mo.ship_to_address_id',
      'mo.ship_to_json',
    ])
    .where('so.code', '=', typed)
    .executeTakeFirst()
  return (
    row && {
      kind: 'seller_order',
      id: row.id,
      code: row.code,
      status: row.status,
      masterOrderId: row.master_order_id,
      masterCode: row.masterCode,
      sellerId: row.seller_id,
      sellerName: row.sellerName,
      buyerId: row.buyer_id,
      buyerName: row.buyerName,
      shipToAddressId: row.ship_to_address_id,
      shipToState: stateOf(row.ship_to_json),
    }
  )
}

/** The orders a type may move now with no request of that type under way: the newest first, at most `limit`. */
export async function candidateOrders(db: Executor, type: TransportType, limit = 30) {
  const rows =
    type === 'sample'
      ? (
          await db
            .selectFrom('sample_orders as o')
            .innerJoin('buyers as b', 'b.id', 'o.buyer_id')
            .select(['o.id', 'o.code', 'o.status', 'b.name as party', 'o.ship_to_json'])
            .where('o.status', '=', 'approved')
            .orderBy('o.id', 'desc')
            .limit(limit * 3)
            .execute()
        ).map((r) => ({
          ref: `SMP:${r.id}`,
          code: r.code,
          status: r.status,
          party: r.party,
          detail: cityOf(r.ship_to_json),
        }))
      : (
          await db
            .selectFrom('seller_orders as so')
            .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
            .innerJoin('sellers as s', 's.id', 'so.seller_id')
            .innerJoin('buyers as b', 'b.id', 'mo.buyer_id')
            .select(['so.id', 'so.code', 'so.status', 's.name as seller', 'b.name as buyer', 'mo.code as masterCode'])
            .where('so.status', 'in', SELLER_ORDER_MOVABLE[type] as never)
            .orderBy('so.id', 'desc')
            .limit(limit * 3)
            .execute()
        ).map((r) => ({
          ref: `SO:${r.id}`,
          code: r.code,
          status: r.status,
          party: `${r.seller} → ${r.buyer}`,
          detail: r.masterCode,
        }))
  const refs = rows.map((r) => r.ref)
  // A last mile delivered is done for good; other types may move an order again (a second first mile after a return).
  const blocking: TransportRequestStatus[] =
    type === 'last_mile' ? [...ACTIVE_REQUEST_STATUSES, 'delivered'] : [...ACTIVE_REQUEST_STATUSES]
  const busy = new Set(
    refs.length
      ? (
          await db
            .selectFrom('transport_requests')
            .select('order_ref')
            .where('transport_type', '=', type)
            .where('order_ref', 'in', refs)
            .where('status', 'in', blocking)
            .execute()
        ).map((r) => r.order_ref)
      : [],
  )
  return rows
    .filter((r) => !busy.has(r.ref))
    .slice(0, limit)
    .map(({ code, status, party, detail }) => ({ code, status, party, detail }))
}

const cityOf = (json: string) => {
  try {
    return (JSON.parse(json) as { city?: string }).city ?? ''
  } catch {
    return ''
  }
}

// ---------- The addresses a type goes between ----------

export interface AddressOption {
  id: number
  label: string
}

type AddressSide = 'warehouses' | 'seller' | 'buyer'

/** Where each type picks up from and delivers to, in the order offered (the first is the default). */
const SIDES: Record<TransportType, { from: AddressSide[]; to: AddressSide[] }> = {
  first_mile: { from: ['seller'], to: ['warehouses'] },
  last_mile: { from: ['warehouses', 'seller'], to: ['buyer'] },
  sample: { from: ['warehouses'], to: ['buyer'] },
  return: { from: ['buyer'], to: ['seller', 'warehouses'] },
}

/**
 * What picks the default warehouse of a move (docs/domain.md "Logistics and money"): the warehouse the
 * order's first mile took the goods to (a last mile leaves from where they are); else a warehouse of
 * the product the goods are (a warehouse address belongs to one product), in the buyer's state first;
 * then the product's default warehouse. The others stay offered: the user may choose another.
 */
export interface WarehouseRule {
  productIds: number[]
  buyerState: string | null
  arrivedAt: number | null
}

interface WarehouseRow {
  id: number
  product_id: number | null
  state: string
  is_default: number
}

const fold = (state: string | null) => (state ?? '').trim().toLowerCase()

/** The warehouses in the order the rule prefers them, the default first. */
export function rankWarehouses<T extends WarehouseRow>(rows: T[], rule: WarehouseRule): T[] {
  const key = (w: T) => [
    w.id === rule.arrivedAt ? 0 : 1,
    w.product_id !== null && rule.productIds.includes(Number(w.product_id)) ? 0 : 1,
    rule.buyerState && fold(w.state) === fold(rule.buyerState) ? 0 : 1,
    Number(w.is_default) ? 0 : 1,
    w.id,
  ]
  return [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)]
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!
    return 0
  })
}

/** The rule's facts for an order and type: its products, the buyer's state, where its first mile went. */
export async function warehouseRule(db: Executor, type: TransportType, order: LinkedOrder): Promise<WarehouseRule> {
  const products =
    order.kind === 'seller_order'
      ? await db
          .selectFrom('sub_orders as l')
          .innerJoin('product_skus as ps', 'ps.id', 'l.product_sku_id')
          .select('ps.product_id')
          .distinct()
          .where('l.seller_order_id', '=', order.id)
          .execute()
      : await db
          .selectFrom('sample_order_items as i')
          .innerJoin('sample_skus as ss', 'ss.id', 'i.sample_sku_id')
          .innerJoin('categories as c', 'c.id', 'ss.category_id')
          .select('c.product_id')
          .distinct()
          .where('i.sample_order_id', '=', order.id)
          .execute()
  let arrivedAt: number | null = null
  if (type === 'last_mile') {
    const firstMile = await db
      .selectFrom('transport_requests')
      .select('to_json')
      .where('order_ref', '=', orderRef(order))
      .where('transport_type', '=', 'first_mile')
      .where('status', '<>', 'cancelled')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    arrivedAt = firstMile ? ((JSON.parse(firstMile.to_json) as { addressId?: number }).addressId ?? null) : null
  }
  return { productIds: products.map((p) => Number(p.product_id)), buyerState: order.shipToState, arrivedAt }
}

async function sideAddresses(db: Executor, side: AddressSide, order: LinkedOrder, rule: WarehouseRule) {
  let query = db
    .selectFrom('addresses as a')
    .leftJoin('sellers as s', 's.id', 'a.seller_id')
    .leftJoin('buyers as b', 'b.id', 'a.buyer_id')
    .leftJoin('products as p', 'p.id', 'a.product_id')
    .select([
      'a.id',
      'a.kind',
      'a.label',
      'a.line1',
      'a.line2',
      'a.city',
      'a.state',
      'a.pin',
      'a.is_default',
      'a.product_id',
      's.name as sellerName',
      's.contact_phone as sellerPhone',
      'b.name as buyerName',
      'b.contact_phone as buyerPhone',
      'p.name as productName',
    ])
  if (side === 'warehouses') query = query.where('a.product_id', 'is not', null).where('a.kind', '=', 'warehouse')
  else if (side === 'seller')
    query = query.where('a.seller_id', '=', order.sellerId ?? -1).where('a.kind', '=', 'pickup')
  else query = query.where('a.buyer_id', '=', order.buyerId).where('a.kind', '=', 'shipping')
  const found = await query.orderBy('a.is_default', 'desc').orderBy('a.id').execute()
  const rows = side === 'warehouses' ? rankWarehouses(found, rule) : found
  return rows.map((a) => {
    const party =
      side === 'warehouses'
        ? `Platform warehouse (${a.productName ?? 'all products'})`
        : side === 'seller'
          ? (a.sellerName ?? 'Seller')
          : (a.buyerName ?? 'Buyer')
    const phone = side === 'seller' ? a.sellerPhone : side === 'buyer' ? a.buyerPhone : null
    return {
      id: a.id,
      label: `${party}: ${a.label ? `${a.label}, ` : ''}${a.line1}, ${a.city}`,
      snapshot: {
        party,
        label: a.label,
        line1: a.line1,
        line2: a.line2,
        city: a.city,
        state: a.state,
        pin: a.pin,
        phone: phone ?? null,
        addressId: a.id,
      },
      preferred: side === 'buyer' && order.shipToAddressId === a.id,
    }
  })
}

/** The addresses offered for a type and order, each side's default first (the order's ship-to for the buyer). */
export async function addressChoices(db: Executor, type: TransportType, order: LinkedOrder) {
  const rule = await warehouseRule(db, type, order)
  const gather = async (sides: AddressSide[]) => {
    const lists = await Promise.all(sides.map((side) => sideAddresses(db, side, order, rule)))
    const all = lists.flat()
    return [...all.filter((a) => a.preferred), ...all.filter((a) => !a.preferred)]
  }
  const [from, to] = await Promise.all([gather(SIDES[type].from), gather(SIDES[type].to)])
  return { from, to }
}

// ---------- The load a move carries ----------

/**
 * What a new request of a type starts from (the user may change it): the lines of the order with
 * their quantities, and the packages and weights of the order's latest earlier leg (a last mile
 * takes its first mile's, each package with its own weight). Products keep no weight per unit, so
 * with no earlier leg the weight is left to be entered.
 */
export async function carriedLoad(db: Executor, type: TransportType, order: LinkedOrder) {
  const lines =
    order.kind === 'seller_order'
      ? (
          await db
            .selectFrom('sub_orders as l')
            .innerJoin('buyer_skus as bs', 'bs.id', 'l.buyer_sku_id')
            .innerJoin('product_skus as ps', 'ps.id', 'l.product_sku_id')
            .innerJoin('products as p', 'p.id', 'ps.product_id')
            .select(['l.line_no', 'bs.buyer_code', 'ps.name', 'l.quantity_milli', 'p.unit'])
            .where('l.seller_order_id', '=', order.id)
            .orderBy('l.line_no')
            .execute()
        ).map((l) => ({ code: l.buyer_code, name: l.name, quantity: Number(l.quantity_milli), unit: l.unit }))
      : (
          await db
            .selectFrom('sample_order_items as i')
            .innerJoin('sample_skus as ss', 'ss.id', 'i.sample_sku_id')
            .select(['i.line_no', 'ss.code', 'ss.name', 'i.quantity'])
            .where('i.sample_order_id', '=', order.id)
            .orderBy('i.line_no')
            .execute()
        ).map((l) => ({ code: l.code, name: l.name, quantity: Number(l.quantity) * 1000, unit: 'pc' }))
  const earlier = await db
    .selectFrom('transport_requests')
    .select(['code', 'transport_type', 'weight_grams', 'packages', 'package_weights_json'])
    .where('order_ref', '=', orderRef(order))
    .where('transport_type', '<>', type)
    .where('status', '<>', 'cancelled')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return {
    lines,
    from: earlier ? { code: earlier.code, type: earlier.transport_type } : null,
    weightGrams: earlier ? Number(earlier.weight_grams) : null,
    packages: earlier ? Number(earlier.packages) : null,
    packageWeights: earlier?.package_weights_json ? (JSON.parse(earlier.package_weights_json) as number[]) : null,
  }
}
