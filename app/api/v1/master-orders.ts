import { z } from 'zod'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { buyerOrderDetail, type BuyerOrderDetail } from '~/features/orders/buyer-order.server'
import type { OrderPortal } from '~/features/orders/lens'
import { orderPageAction } from '~/features/orders/pages.server'
import { readOrderFilters } from '~/features/orders/schema'
import { lensFor, masterFigure, orderDetail, orderRowsAfter, type OrderDetail } from '~/features/orders/search.server'
import { masterOrderStatuses } from '~/features/orders/states'
import { ORDER_SOURCES } from '~/features/orders/sources'
import { placeOrderLines } from '~/lifecycle/master-orders.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'
import { pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { ApiProblem } from '~/platform/api/problem'
import { Refused } from '~/utils/refusal.server'
import { answer, endpoint } from '../endpoint'
import {
  address,
  addressOf,
  afterOf,
  currency,
  day,
  dayQuery,
  id,
  idParam,
  idQuery,
  instant,
  invoiceFiguresBody,
  invoiceFiguresSchema,
  paise,
} from './shared'

// Master orders (docs/api.md "Master orders"): a buyer places its orders through the cart's rules and
// reads its own as its order page does (the buyer's agreement: no sellers, seller orders or costs);
// staff search every order their portal reaches and read one through their portal's lens.

/** Staff portals that search orders, widest lens first; the buyer last. Sellers read seller orders. */
const READERS = [
  'admin',
  'main',
  'biz_fin',
  'biz_ops',
  'demand_kam',
  'logistics',
  'supplier_admin',
  'supplier_agent',
  'buyer',
] as const satisfies readonly OrderPortal[]

const STATUSES = [...masterOrderStatuses, 'cancelled'] as const
const status = z.enum([...new Set(STATUSES)] as [string, ...string[]])

const qcOutcome = z.object({
  outcome: z.string().describe('Passed, Partly accepted, Failed, Being decided or Scheduled.'),
  scheduled_on: day.nullable(),
  decided_at: instant.nullable(),
})

const buyerLine = z.object({
  id,
  line_no: z.number().int(),
  buyer_code: z.string().nullable().describe('Your code for the item.'),
  item: z.string(),
  item_code: z.string(),
  unit: z.string(),
  quantity_milli: z.number().int().describe('Quantity in thousandths of the unit (1500 = 1.5).'),
  price_paise: paise('Unit price').nullable(),
  value_paise: paise('Quantity × unit price').nullable(),
  required_by: day,
  expected_by: day.nullable().describe('The day it is expected ready, as agreed; null when cancelled.'),
  state: z.enum([
    'awaiting_confirmation',
    'being_arranged',
    'confirmed',
    'in_production',
    'quality_check',
    'ready_to_dispatch',
    'dispatch_being_arranged',
    'on_the_way',
    'delivered',
    'cancelled',
  ]),
  where: z.string().describe('Where the line is, in words: "In production: Weaving (2 of 5)".'),
  qc: z.array(qcOutcome),
})

const proposal = z.object({
  proposal_id: id.describe('Pass to POST /master-orders/{masterOrderId}/agreements to agree to the change.'),
  total_before_paise: paise('The order’s total with GST before the change'),
  total_after_paise: paise('The order’s total with GST after the change'),
  lines: z.array(
    z.object({
      line_no: z.number().int(),
      buyer_code: z.string().nullable(),
      unit: z.string(),
      quantity_before_milli: z.number().int(),
      quantity_after_milli: z.number().int(),
      required_by: day,
      expected_before: day.nullable(),
      expected_after: day.nullable(),
      value_before_paise: paise('Line value before'),
      value_after_paise: paise('Line value after'),
    }),
  ),
})

const shipment = z.object({
  state: z.enum(['to_be_booked', 'booked', 'on_the_way', 'delivered']),
  transporter: z.string().nullable(),
  lr_number: z.string().nullable().describe('The LR / docket / AWB number.'),
  picked_up_at: instant.nullable(),
  expected_delivery_at: instant.nullable(),
  delivered_at: instant.nullable(),
  lines: z.array(z.string()).describe('Your codes of the lines it carries.'),
})

const orderInvoice = z.object({
  id,
  number: z.string(),
  invoice_on: day,
  due_on: day,
  ...invoiceFiguresSchema,
  status: z.string(),
  pdf: z.string().describe('The invoice’s PDF in this API.'),
})

export const buyerOrder = z.object({
  view: z.literal('buyer'),
  id,
  code: z.string(),
  status,
  source: z.enum(ORDER_SOURCES),
  channel_order_id: z.string().nullable(),
  placed_at: instant,
  required_by: day.describe('The earliest required-by day of its lines.'),
  cancel_reason: z.string().nullable(),
  currency,
  value_paise: paise('Value at your prices').nullable(),
  gst_paise: paise('GST on the value').nullable(),
  ship_to: address.nullable(),
  bill_to: address.nullable(),
  lines: z.array(buyerLine),
  proposals: z.array(proposal).describe('Changes proposed to the order that wait for your agreement.'),
  shipments: z.array(shipment),
  invoices: z.array(orderInvoice),
})

const staffLine = z.object({
  id,
  line_no: z.number().int(),
  buyer_code: z.string().nullable(),
  item: z.string(),
  item_code: z.string(),
  unit: z.string(),
  quantity_milli: z.number().int(),
  price_paise: paise('Unit price (where the portal sees values)').nullable(),
  price_version: z.number().int().nullable().describe('The buyer-SKU price version the line took.'),
  cost_paise: paise('Unit cost (where the portal sees costs)').nullable(),
  gst_rate_bp: z.number().int().describe('GST rate in basis points (500 = 5%).'),
  required_by: day,
  ready_by: day.nullable(),
  stage: z.string().nullable().describe('The workflow stage the line is at, "Weaving (2 of 5)".'),
})

export const staffOrder = z.object({
  view: z.literal('staff'),
  id,
  code: z.string(),
  status,
  source: z.enum(ORDER_SOURCES),
  channel_order_id: z.string().nullable(),
  placed_at: instant,
  placed_by: z.string().nullable(),
  required_by: day,
  cancel_reason: z.string().nullable(),
  buyer: z.object({ id, name: z.string() }).nullable(),
  currency,
  value_paise: paise('Value at buyer prices').nullable(),
  gst_paise: paise('GST').nullable(),
  cost_paise: paise('Cost at seller costs').nullable(),
  margin_paise: paise('Value less cost').nullable(),
  ship_to: address.nullable(),
  bill_to: address.nullable(),
  seller_orders: z.array(
    z.object({
      id,
      code: z.string(),
      status: z.string(),
      seller_name: z.string().nullable(),
      value_paise: paise('Value').nullable(),
      cost_paise: paise('Cost').nullable(),
      decided_at: instant.nullable(),
      lines: z.array(staffLine),
    }),
  ),
})

const order = z
  .discriminatedUnion('view', [buyerOrder, staffOrder])
  .describe('A buyer reads `view: "buyer"` (its agreement); staff read `view: "staff"` through their portal’s lens.')

const orderRow = z.object({
  id,
  code: z.string(),
  status,
  source: z.enum(ORDER_SOURCES),
  channel_order_id: z.string().nullable(),
  placed_at: instant,
  required_by: day,
  line_count: z.number().int(),
  buyer_name: z.string().optional().describe('Staff whose portal sees buyers.'),
  value_paise: paise('Value (where the portal sees values)').optional(),
  gst_paise: paise('GST (where the portal sees values)').optional(),
  cost_paise: paise('Cost (where the portal sees costs)').optional(),
  ship_to_city: z.string().optional(),
})

const placeBody = z.object({
  ship_to_address_id: id.nullable().optional().describe('One of your shipping addresses; your default when absent.'),
  bill_to_address_id: id.nullable().optional().describe('One of your billing addresses; your default when absent.'),
  lines: z
    .array(
      z.object({
        buyer_sku_id: id.describe('One of your active buyer SKUs (GET /buyer-skus).'),
        quantity_milli: z
          .number()
          .int('Send the quantity in thousandths of the unit, a whole number')
          .positive('The quantity must be above zero')
          .max(1e12, 'The quantity is too large')
          .describe('Quantity in thousandths of the unit: 500 kg is 500000. At least the SKU’s MOQ.'),
        required_by: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'Send the day as YYYY-MM-DD')
          .describe('The day it is needed by (today or later, India’s day).'),
      }),
    )
    .min(1, 'Send at least one line')
    .max(200, 'Send at most 200 lines'),
})

/** The buyer's order as the buyer's order page reads it. */
export function buyerOrderBody(o: BuyerOrderDetail): z.input<typeof buyerOrder> {
  return {
    view: 'buyer',
    id: o.id,
    code: o.code,
    status: o.status,
    source: o.source as 'cart',
    channel_order_id: o.channelOrderId,
    placed_at: o.placedAt,
    required_by: o.requiredBy,
    cancel_reason: o.cancelReason,
    currency: 'INR',
    value_paise: o.money.valueMinor,
    gst_paise: o.money.gstMinor,
    ship_to: addressOf(o.shipTo),
    bill_to: addressOf(o.billTo),
    lines: o.lines.map((l) => ({
      id: l.id,
      line_no: l.lineNo,
      buyer_code: l.buyerCode,
      item: l.item,
      item_code: l.itemCode,
      unit: l.unit,
      quantity_milli: l.quantityMilli,
      price_paise: l.priceMinor,
      value_paise: l.valueMinor,
      required_by: l.requiredBy,
      expected_by: l.expectedBy,
      state: l.state,
      where: l.where,
      qc: l.qc.map((q) => ({ outcome: q.outcome, scheduled_on: q.scheduledOn, decided_at: q.decidedAt })),
    })),
    proposals: o.proposals.map((p) => ({
      proposal_id: p.proposal,
      total_before_paise: p.totalBefore,
      total_after_paise: p.totalAfter,
      lines: p.lines.map((l) => ({
        line_no: l.lineNo,
        buyer_code: l.buyerCode,
        unit: l.unit,
        quantity_before_milli: l.quantityBefore,
        quantity_after_milli: l.quantityAfter,
        required_by: l.requiredBy,
        expected_before: l.expectedBefore,
        expected_after: l.expectedAfter,
        value_before_paise: l.valueBefore,
        value_after_paise: l.valueAfter,
      })),
    })),
    shipments: o.shipments.map((s) => ({
      state: s.state,
      transporter: s.transporter,
      lr_number: s.lrNumber,
      picked_up_at: s.pickedUpAt,
      expected_delivery_at: s.expectedDeliveryAt,
      delivered_at: s.deliveredAt,
      lines: s.lines,
    })),
    invoices: o.invoices.map((i) => ({
      id: i.id,
      number: i.number,
      invoice_on: i.invoiceOn,
      due_on: i.dueOn,
      ...invoiceFiguresBody(i),
      status: i.status,
      pdf: `/api/v1/invoices/${i.id}/pdf`,
    })),
  }
}

function staffOrderBody(o: OrderDetail): z.input<typeof staffOrder> {
  return {
    view: 'staff',
    id: o.id,
    code: o.code,
    status: masterFigure(o.status, 'status'),
    source: o.source as 'cart',
    channel_order_id: o.channelOrderId,
    placed_at: o.placedAt,
    placed_by: o.placedBy,
    required_by: masterFigure(o.requiredBy, 'required_by'),
    cancel_reason: o.cancelReason,
    buyer: o.buyer,
    currency: 'INR',
    value_paise: o.money.valueMinor,
    gst_paise: o.money.gstMinor,
    cost_paise: o.money.costMinor,
    margin_paise: o.money.marginMinor,
    ship_to: addressOf(o.shipTo),
    bill_to: addressOf(o.billTo),
    seller_orders: o.sellerOrders.map((s) => ({
      id: s.id,
      code: s.code,
      status: s.status,
      seller_name: s.sellerName,
      value_paise: s.valueMinor,
      cost_paise: s.costMinor,
      decided_at: s.decidedAt,
      lines: s.lines.map((l) => {
        const stage = l.stages.find((st) => st.position === l.stagePosition)
        return {
          id: l.id,
          line_no: l.lineNo,
          buyer_code: l.buyerCode,
          item: l.productSkuName,
          item_code: l.productSkuCode,
          unit: l.unit,
          quantity_milli: l.quantityMilli,
          price_paise: l.priceMinor,
          price_version: l.priceVersion,
          cost_paise: l.costMinor,
          gst_rate_bp: l.gstRateBp,
          required_by: l.requiredBy,
          ready_by: l.readyBy,
          stage: stage ? `${stage.name} (${l.stages.indexOf(stage) + 1} of ${l.stages.length})` : null,
        }
      }),
    })),
  }
}

/** One order through the caller's portal lens; 404 outside it. */
export async function orderThroughLens(db: Database, viewer: Viewer, portal: OrderPortal, masterOrderId: number) {
  const lens = lensFor(viewer, portal)
  if (!lens) throw Refused.notFound('There is no such order.')
  if (portal === 'buyer') return buyersOrder(db, viewer, masterOrderId)
  const found = await orderDetail(db, lens, masterOrderId)
  if (!found) throw Refused.notFound('There is no such order.')
  return staffOrderBody(found)
}

/** One of the buyer's own orders as its order page reads it; 404 for another buyer's. */
export async function buyersOrder(db: Database, viewer: Viewer, masterOrderId: number) {
  const lens = lensFor(viewer, 'buyer')
  const found = lens ? await buyerOrderDetail(db, lens, masterOrderId) : undefined
  if (!found) throw Refused.notFound('There is no such order.')
  return buyerOrderBody(found)
}

/** The body's fields as the feature refuses them (`lines.0.quantity`) at the body's pointers. */
const BODY_FIELDS: Record<string, string> = {
  buyerSku: 'buyer_sku_id',
  quantity: 'quantity_milli',
  requiredBy: 'required_by',
  shipTo: 'ship_to_address_id',
  billTo: 'bill_to_address_id',
}
function atBody(refused: Refused & { fields: Record<string, string> }): Refused {
  const fields = Object.fromEntries(
    Object.entries(refused.fields).map(([field, message]) => [
      field
        .split('.')
        .map((part) => BODY_FIELDS[part] ?? part)
        .join('.'),
      message,
    ]),
  )
  return new Refused(fields, refused.message)
}

const masterOrderId = z.object({ masterOrderId: idParam })

export const masterOrderEndpoints = [
  endpoint({
    id: 'placeMasterOrder',
    method: 'POST',
    path: '/master-orders',
    tag: 'Master orders',
    summary: 'Place an order',
    description: [
      'A buyer places an order of its buyer SKUs through the same rules as the platform’s cart: each line',
      'takes the price of the SKU’s version in force and must reach its MOQ, be needed today or later, and be',
      'offered live by a supplier (the platform chooses it; you never name one). The order ships to and is billed',
      'at your default addresses unless you name others of yours. An order that takes your account over its',
      'credit limit, or placed while an invoice is overdue beyond the grace period, is placed and waits on credit',
      'hold for the platform’s finance team. Refusals are 422 with a pointer at each line and field',
      '(`/lines/0/quantity_milli`); nothing is created then. Send a new Idempotency-Key per order and the same',
      'one on retries: a retry answers the first order and never places a second.',
    ].join(' '),
    scope: 'orders:write',
    portals: ['buyer'],
    body: placeBody,
    response: buyerOrder,
    status: 201,
    examples: [
      {
        name: 'refused',
        summary: 'A line that is not one of your SKUs is refused at its pointer',
        as: 'buyer@example.com',
        body: { lines: [{ buyer_sku_id: 999999999, quantity_milli: 1000, required_by: '2099-01-31' }] },
        status: 422,
      },
    ],
    handle: async ({ db, caller, viewer, body, idempotencyKey }) => {
      const buyerId = viewer.company?.kind === 'buyer' ? viewer.company.id : null
      if (buyerId === null) throw ApiProblem.of('forbidden', 'Only a buyer’s token places orders.')
      const placed = await placeOrderLines(
        db,
        { userId: viewer.userId },
        buyerId,
        {
          shipTo: body.ship_to_address_id ?? null,
          billTo: body.bill_to_address_id ?? null,
          lines: body.lines.map((l) => ({
            buyerSkuId: l.buyer_sku_id,
            quantityMilli: l.quantity_milli,
            requiredBy: l.required_by,
          })),
        },
        // Per token, as the API's keys are: another token's key never finds this one's order.
        idempotencyKey ? `api:${caller.token.id}:${idempotencyKey}` : undefined,
      )
      if (!placed.ok) {
        if (placed.notFound) throw Refused.notFound(placed.message)
        // A buyer that is not active is refused as a whole (409), not at a field of the body.
        const fields =
          placed.fields ?? (placed.field && placed.field !== 'buyer' ? { [placed.field]: placed.message } : undefined)
        throw fields
          ? atBody(Object.assign(new Refused(fields, placed.message), { fields }))
          : new Refused(undefined, placed.message)
      }
      const body201 = await buyersOrder(db, viewer, placed.value.id)
      return answer(body201, { status: 201, location: `/api/v1/master-orders/${placed.value.id}` })
    },
  }),
  endpoint({
    id: 'listMasterOrders',
    method: 'GET',
    path: '/master-orders',
    tag: 'Master orders',
    summary: 'List master orders',
    description: [
      'A buyer lists its own orders; staff search the orders their portal reaches (a KAM its buyers’, a',
      'supplier agent its sellers’), with the fields their portal’s lens shows. Newest placed first, by cursor.',
      'Filters: `status` (or `open`: not delivered, closed or cancelled), `q` (the start of an MO- or SO- code),',
      '`buyer_id` (staff), `placed_from`/`placed_to` and `required_from`/`required_to` (days).',
    ].join(' '),
    scope: 'orders:read',
    portals: READERS,
    query: z.object({
      status: z
        .enum([...new Set([...STATUSES, 'open'])] as [string, ...string[]])
        .optional()
        .describe('A master order status, or `open`.'),
      q: z.string().max(40).optional().describe('The start of an order code: MO-2026-0001 or SO-…'),
      buyer_id: idQuery('Staff: only this buyer’s orders.'),
      placed_from: dayQuery('Placed on or after this day (India’s day).'),
      placed_to: dayQuery('Placed on or before this day.'),
      required_from: dayQuery('Needed by on or after this day.'),
      required_to: dayQuery('Needed by on or before this day.'),
      ...pageQuery,
    }),
    response: pageSchema(orderRow),
    examples: [
      {
        name: 'buyer',
        summary: 'A buyer’s open orders',
        as: 'buyer@example.com',
        query: { status: 'open' },
        status: 200,
      },
      {
        name: 'staff',
        summary: 'Finance searches every order',
        as: 'biz_fin@example.com',
        query: { limit: 5 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, query }) => {
      const lens = lensFor(viewer, portal as OrderPortal)
      if (!lens) return { data: [], next_cursor: null }
      const url = new URL('http://api.local/')
      const set = (name: string, value: string | undefined) => value && url.searchParams.set(name, value)
      set('status', query.status)
      set('q', query.q)
      set('placedFrom', query.placed_from)
      set('placedTo', query.placed_to)
      set('requiredFrom', query.required_from)
      set('requiredTo', query.required_to)
      const after = afterOf(query.cursor)
      const rows = await orderRowsAfter(
        db,
        lens,
        readOrderFilters(url),
        query.buyer_id ?? null,
        after ? { placedAt: after.v, id: after.id } : null,
        query.limit + 1,
      )
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id, v: r.placedAt }))
      return {
        data: page.data.map((r) => ({
          id: r.id,
          code: r.code,
          status: masterFigure(r.status, 'status'),
          source: r.source as 'cart',
          channel_order_id: r.channelOrderId,
          placed_at: r.placedAt,
          required_by: masterFigure(r.requiredBy, 'required_by'),
          line_count: r.lineCount,
          buyer_name: r.buyerName,
          value_paise: r.valueMinor,
          gst_paise: r.gstMinor,
          cost_paise: r.costMinor,
          ship_to_city: r.shipToCity,
        })),
        next_cursor: page.next_cursor,
      }
    },
  }),
  endpoint({
    id: 'getMasterOrder',
    method: 'GET',
    path: '/master-orders/{masterOrderId}',
    tag: 'Master orders',
    summary: 'Read a master order',
    description: [
      'A buyer reads its own order as its order page shows it: the lines (each where it is, in words, and its',
      'QC outcome), changes waiting for its agreement, shipments and invoices; never a seller, seller order',
      'or cost. Staff read the order with its seller orders through their portal’s lens. Another buyer’s order',
      'is 404.',
    ].join(' '),
    scope: 'orders:read',
    portals: READERS,
    params: masterOrderId,
    response: order,
    examples: [
      {
        name: 'missing',
        summary: 'An order that is not the buyer’s is not found',
        as: 'buyer@example.com',
        params: { masterOrderId: 999999999 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) =>
      orderThroughLens(db, viewer, portal as OrderPortal, params.masterOrderId),
  }),
  endpoint({
    id: 'agreeToMasterOrderChange',
    method: 'POST',
    path: '/master-orders/{masterOrderId}/agreements',
    tag: 'Master orders',
    summary: 'Agree to a proposed change',
    description: [
      'When a supplier can deliver less, or later, than ordered, the change waits for the buyer’s agreement',
      '(the order’s `proposals`). This records it, as the “Agree” button of the order page does; the platform',
      'then accepts the change. To refuse it, tell your account manager: the platform declines it. A proposal',
      'already agreed, replaced or decided is 409.',
    ].join(' '),
    scope: 'orders:write',
    portals: ['buyer'],
    params: masterOrderId,
    body: z.object({ proposal_id: id.describe('The `proposal_id` of one of the order’s `proposals`.') }),
    response: buyerOrder,
    examples: [
      {
        name: 'agree',
        summary: 'Agree to the supplier’s smaller, later delivery waiting on one of the demo orders',
        as: 'buyer@example.com',
        params: { masterOrderId: 4 },
        body: { proposal_id: 5 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, params, body }) => {
      const form = new FormData()
      form.set('intent', 'agree_counter')
      form.set('sellerOrder', String(body.proposal_id))
      const current = await buyersOrder(db, viewer, params.masterOrderId)
      if (!current.proposals.some((p) => p.proposal_id === body.proposal_id))
        throw new Refused('proposal_id', 'This order has no such change waiting for your agreement.')
      const outcome = await orderPageAction(db, viewer, 'buyer', String(params.masterOrderId), form, orderMoves)
      if (outcome.status === 'not-found') throw Refused.notFound('There is no such order.')
      if (outcome.status === 'forbidden') throw ApiProblem.of('forbidden', outcome.message ?? 'You may not do this.')
      if (outcome.status === 'invalid' || outcome.status === 'bad-request')
        throw new Refused('proposal_id', 'This is not a change of this order.')
      if (outcome.toast.kind === 'error') throw new Refused(undefined, outcome.toast.message)
      return buyersOrder(db, viewer, params.masterOrderId)
    },
  }),
]
