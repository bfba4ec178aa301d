import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import type { TransportRequestStatus, TransportType } from '#db/types'
import { formatDateTime } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextCode } from '~/platform/numbering.server'
import { ACTIVE_REQUEST_STATUSES, transportTypes } from './states'
import { countBookingDays } from './bookings.server'

// Transport requests (docs/domain.md "Logistics and money"): a move of one order (a seller order, or
// a sample order for the sample courier) of one type, from an address to another on a pickup day.
// Which orders a type moves and which addresses it goes between are said once here. A linked order
// has one active request of a type (a partial unique index decides two at once).

type Actor = { userId: number }

/** How many requests of each type are in each status (transport_request_counts), kept with every change. */
export async function countRequest(
  trx: Executor,
  type: TransportType,
  status: TransportRequestStatus,
  change: 1 | -1,
): Promise<void> {
  await trx
    .insertInto('transport_request_counts')
    .values({ transport_type: type, status, n: change })
    .onConflict((oc) =>
      oc
        .columns(['transport_type', 'status'])
        .doUpdateSet((eb) => ({ n: eb('transport_request_counts.n', '+', change) })),
    )
    .execute()
}

/**
 * Moves a request from one of some states to another, conditional on the state it is in: answers
 * false when someone moved it first. Keeps the counts.
 */
export async function moveRequest(
  trx: Executor,
  id: number,
  type: TransportType,
  from: TransportRequestStatus,
  to: TransportRequestStatus,
  changes: { cancel_reason?: string } = {},
): Promise<boolean> {
  const moved = await trx
    .updateTable('transport_requests')
    .set({ status: to, updated_at: new Date().toISOString(), ...changes })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1) return false
  await countRequest(trx, type, from, -1)
  await countRequest(trx, type, to, 1)
  return true
}

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
}

/** The seller-order statuses a type moves from (sample requests move approved sample orders). */
const SELLER_ORDER_MOVABLE: Record<Exclude<TransportType, 'sample'>, readonly string[]> = {
  first_mile: ['qc_passed'],
  last_mile: ['qc_passed', 'dispatched'],
  return: ['delivered'],
}

const orderRef = (order: Pick<LinkedOrder, 'kind' | 'id'>) =>
  `${order.kind === 'sample_order' ? 'SMP' : 'SO'}:${order.id}`

/** Whether an order may get a new request of a type now; a sentence why not otherwise. */
function movableNow(type: TransportType, order: LinkedOrder): string | null {
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
      .select(['o.id', 'o.code', 'o.status', 'o.buyer_id', 'b.name as buyerName', 'o.ship_to_address_id'])
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

async function sideAddresses(db: Executor, side: AddressSide, order: LinkedOrder) {
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
  const rows = await query.orderBy('a.is_default', 'desc').orderBy('a.id').execute()
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
  const gather = async (sides: AddressSide[]) => {
    const lists = await Promise.all(sides.map((side) => sideAddresses(db, side, order)))
    const all = lists.flat()
    return [...all.filter((a) => a.preferred), ...all.filter((a) => !a.preferred)]
  }
  const [from, to] = await Promise.all([gather(SIDES[type].from), gather(SIDES[type].to)])
  return { from, to }
}

export interface RequestInput {
  fromAddressId: number
  toAddressId: number
  pickupOn: string
  weight: number
  packages: number
  notes?: string
}

async function checkedAddresses(db: Executor, type: TransportType, order: LinkedOrder, input: RequestInput) {
  const choices = await addressChoices(db, type, order)
  const from = choices.from.find((a) => a.id === input.fromAddressId)
  const to = choices.to.find((a) => a.id === input.toAddressId)
  const fields: Record<string, string> = {}
  if (!from) fields.fromAddressId = `Choose one of the addresses offered: ${transportTypes[type].from.toLowerCase()}`
  if (!to) fields.toAddressId = `Choose one of the addresses offered: ${transportTypes[type].to.toLowerCase()}`
  if (from && to && from.id === to.id) fields.toAddressId = 'Choose an address other than the pickup address'
  if (Object.keys(fields).length) throw new Refused(fields)
  return { from: from!.snapshot, to: to!.snapshot }
}

/**
 * Creates a request of a type for the order a code names, once per idempotency key; a second active
 * request of the type for the order is refused (the unique index decides two at once).
 */
export async function createRequest(
  db: Database,
  actor: Actor,
  type: TransportType,
  orderCode: string,
  input: RequestInput,
  key: string | undefined,
): Promise<Result<{ id: number; code: string; repeated: boolean }>> {
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const { result, repeated } = await once(trx, key, 'transport_request', actor.userId, async () => {
          const order = await linkedOrderByCode(trx, orderCode)
          if (!order) throw new Refused('orderCode', `No order has the code ${orderCode}: choose one from the list`)
          const why = movableNow(type, order)
          if (why) throw new Refused('orderCode', why)
          const { from, to } = await checkedAddresses(trx, type, order, input)
          const code = await nextCode(trx, 'TR')
          const ref = orderRef(order)
          const blocking: TransportRequestStatus[] =
            type === 'last_mile' ? [...ACTIVE_REQUEST_STATUSES, 'delivered'] : [...ACTIVE_REQUEST_STATUSES]
          const clash = await trx
            .selectFrom('transport_requests')
            .select(['code', 'status'])
            .where('transport_type', '=', type)
            .where('order_ref', '=', ref)
            .where('status', 'in', blocking)
            .executeTakeFirst()
          if (clash)
            throw new Refused(
              'orderCode',
              `${order.code} already has ${transportTypes[type].label.toLowerCase()} request ${clash.code} (${clash.status.replace(/_/g, ' ')})`,
            )
          const row = await trx
            .insertInto('transport_requests')
            .values({
              code,
              transport_type: type,
              status: 'open',
              seller_order_id: order.kind === 'seller_order' ? order.id : null,
              master_order_id: order.masterOrderId,
              sample_order_id: order.kind === 'sample_order' ? order.id : null,
              order_code: order.code,
              order_ref: ref,
              from_json: JSON.stringify(from),
              to_json: JSON.stringify(to),
              from_city: from.city,
              to_city: to.city,
              pickup_on: input.pickupOn,
              weight_grams: input.weight,
              packages: input.packages,
              notes: input.notes || null,
              created_by: actor.userId,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await countRequest(trx, type, 'open', 1)
          await audit(trx, {
            actorUserId: actor.userId,
            action: 'transport_request.created',
            entityType: 'transport_request',
            entityId: row.id,
            after: {
              type,
              order: order.code,
              from: `${from.party}, ${from.city}`,
              to: `${to.party}, ${to.city}`,
              pickupOn: input.pickupOn,
              weightKg: input.weight / 1000,
              packages: input.packages,
            },
          })
          if (order.kind === 'seller_order') {
            await audit(trx, {
              actorUserId: actor.userId,
              action: 'seller_order.transport_requested',
              entityType: 'seller_order',
              entityId: order.id,
              after: { request: code, type },
              note: `${transportTypes[type].label} transport requested (${code})`,
            })
          }
          return row.id
        })
        const row = await trx
          .selectFrom('transport_requests')
          .select(['id', 'code'])
          .where('id', '=', result)
          .executeTakeFirstOrThrow()
        return { ok: true as const, value: { ...row, repeated } }
      }),
    (error) =>
      isUniqueViolation(error)
        ? {
            ok: false,
            field: 'orderCode',
            message: 'This order got a request of this type a moment ago: look at the list',
          }
        : undefined,
  )
}

/** A request's row with its linked order, or undefined. */
async function requestRow(db: Executor, id: number) {
  return db
    .selectFrom('transport_requests')
    .select([
      'id',
      'code',
      'transport_type',
      'status',
      'order_code',
      'seller_order_id',
      'sample_order_id',
      'master_order_id',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Changes a request's details while it is open, conditional on the version the form was opened at. */
export async function updateRequest(
  db: Database,
  actor: Actor,
  id: number,
  input: RequestInput,
  version: string | undefined,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const request = await requestRow(trx, id)
      if (!request) return { ok: false as const, notFound: true, message: 'There is no such request.' }
      if (request.status !== 'open')
        throw new Refused(
          undefined,
          `${request.code} is ${request.status.replace(/_/g, ' ')}: only an open request can be changed.`,
        )
      const order = (await linkedOrderByCode(trx, request.order_code))!
      const { from, to } = await checkedAddresses(trx, request.transport_type, order, input)
      const before = await trx
        .selectFrom('transport_requests')
        .select(['from_city', 'to_city', 'pickup_on', 'weight_grams', 'packages', 'notes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const updated = await trx
        .updateTable('transport_requests')
        .set({
          from_json: JSON.stringify(from),
          to_json: JSON.stringify(to),
          from_city: from.city,
          to_city: to.city,
          pickup_on: input.pickupOn,
          weight_grams: input.weight,
          packages: input.packages,
          notes: input.notes || null,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .$if(Boolean(version), (q) => q.where('updated_at', '=', version!))
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Refused(
          undefined,
          `${request.code} was changed by someone else since you opened it: look at it again and redo your change.`,
        )
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_request.updated',
        entityType: 'transport_request',
        entityId: id,
        before: {
          fromCity: before.from_city,
          toCity: before.to_city,
          pickupOn: before.pickup_on,
          weightKg: Number(before.weight_grams) / 1000,
          packages: before.packages,
          notes: before.notes,
        },
        after: {
          fromCity: from.city,
          toCity: to.city,
          pickupOn: input.pickupOn,
          weightKg: input.weight / 1000,
          packages: input.packages,
          notes: input.notes || null,
        },
      })
      return { ok: true as const, value: { code: request.code } }
    }),
  )
}

/** Cancels a request that is open or booked (its booking too), with a reason. */
export async function cancelRequest(
  db: Database,
  actor: Actor,
  id: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const request = await requestRow(trx, id)
      if (!request) return { ok: false as const, notFound: true, message: 'There is no such request.' }
      if (request.status !== 'open' && request.status !== 'booked')
        throw await alreadyMoved(trx, id, request.code, request.status, 'cancelled')
      const at = new Date().toISOString()
      if (request.status === 'booked') {
        const booking = await trx
          .updateTable('transport_bookings')
          .set({ status: 'cancelled', cancel_reason: reason, updated_at: at })
          .where('request_id', '=', id)
          .where('status', '=', 'booked')
          .returning(['id', 'code', 'pickup_on', 'delivery_on', 'transporter_id'])
          .executeTakeFirst()
        if (!booking) throw await alreadyMoved(trx, id, request.code, 'in_transit', 'cancelled')
        await countBookingDays(trx, booking, -1)
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'transport_booking.cancelled',
          entityType: 'transport_request',
          entityId: id,
          before: { booking: booking.code, status: 'booked' },
          after: { status: 'cancelled' },
          note: reason,
        })
      }
      if (!(await moveRequest(trx, id, request.transport_type, request.status, 'cancelled', { cancel_reason: reason })))
        throw await alreadyMoved(trx, id, request.code, request.status, 'cancelled')
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_request.cancelled',
        entityType: 'transport_request',
        entityId: id,
        before: { status: request.status },
        after: { status: 'cancelled' },
        note: reason,
      })
      return { ok: true as const, value: { code: request.code } }
    }),
  )
}

/** Why a step cannot be taken: the request's state now, and who last changed it, when. */
export async function alreadyMoved(
  trx: Executor,
  id: number,
  code: string,
  status: string,
  wanted: string,
): Promise<Refused> {
  const now = await trx.selectFrom('transport_requests').select('status').where('id', '=', id).executeTakeFirst()
  const last = await trx
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .select(['users.name', 'audit_events.at'])
    .where('audit_events.entity_type', '=', 'transport_request')
    .where('audit_events.entity_id', '=', String(id))
    .orderBy('audit_events.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const by = last?.name ? ` (last changed by ${last.name}, ${formatDateTime(last.at)})` : ''
  return new Refused(
    undefined,
    `${code} is ${(now?.status ?? status).replace(/_/g, ' ')}${by}: it cannot be ${wanted} now, and nothing was changed.`,
  )
}
