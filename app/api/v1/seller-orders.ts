import { z } from 'zod'
import type { Database } from '#db/database'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { orderActions } from '~/features/orders/actions'
import { lensFor } from '~/features/orders/search.server'
import type { OrderLens, OrderPortal } from '~/features/orders/lens'
import { listSellerOrders, sellerOrderThroughLens } from '~/features/orders/seller-order-reads.server'
import { SELLER_ORDER_STATUSES, stepsFrom } from '~/features/orders/states'
import { decodeCursor, pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { ApiProblem } from '~/platform/api/problem'
import { endpoint } from '../endpoint'

// Seller orders (issue 40): what a mill's system reads of the orders sent to it, and the supplier
// team's view of every seller's, through the order pages' lenses (app/features/orders/lens.ts): a
// seller never reads the buyer, the buyer's prices or the order's value. The moves are in
// seller-order-moves.ts.

/** Portals whose users read seller orders, widest lens first (the buyer reads its order as one agreement, never its seller orders). */
export const SELLER_ORDER_READERS = [
  'admin',
  'main',
  'biz_fin',
  'supplier_admin',
  'supplier_agent',
  'biz_ops',
  'demand_kam',
  'logistics',
  'seller',
] as const satisfies readonly OrderPortal[]

const id = z.number().int()
const paise = (what: string) =>
  z
    .number()
    .int()
    .nullable()
    .describe(`${what}, in paise (INR minor units); null where this token’s lens does not show it.`)
const day = z.string().describe('A calendar date, YYYY-MM-DD.')
const instant = z.string().describe('An ISO-8601 UTC timestamp.')

const statusSchema = z.enum(SELLER_ORDER_STATUSES)

const sellerOrderItem = z.object({
  id,
  code: z.string().describe('SO-YYYY-NNNNNN'),
  status: statusSchema,
  master_order: z.object({ id, code: z.string().describe('MO-YYYY-NNNNNN') }),
  seller: z
    .object({ id, name: z.string() })
    .nullable()
    .describe('The seller (a seller’s token reads its own name); null where the lens hides sellers.'),
  buyer: z
    .object({ id, name: z.string() })
    .nullable()
    .describe('The buyer; always null for a seller’s token (a seller never reads who buys).'),
  value_paise: paise('The seller order’s value at buyer prices, before GST (never shown to a seller)'),
  cost_paise: paise('The seller order’s cost at the seller’s costs'),
  line_count: z.number().int(),
  required_by: day
    .nullable()
    .describe(
      'The earliest needed-by date of its own lines (not of the master order’s); null when its lines moved away.',
    ),
  counter_offer_recorded: z.boolean().describe('A counter-offer is recorded and waits for a decision.'),
  decided_at: instant.nullable().describe('When it was approved, rejected or cancelled.'),
  created_at: instant,
  updated_at: instant,
})

const stageSchema = z.object({
  position: z.number().int().describe('1, 2, … in the category’s fulfilment workflow.'),
  name: z.string(),
  qc_gate: z.boolean().describe('A QC gate holds the line here until an inspection of the order is approved.'),
})

const lineSchema = z.object({
  id: id.describe('The line’s id (sub order): what a counter-offer and a stage move name.'),
  line_no: z.number().int(),
  buyer_code: z.string().nullable().describe('The buyer’s own SKU code; null for a seller’s token.'),
  product_sku: z.object({ code: z.string(), name: z.string() }),
  unit: z.string().describe('The unit quantities are counted in (m, kg, pcs).'),
  quantity_milli: z.number().int().describe('The quantity in thousandths of the unit (12.5 m is 12500).'),
  price_paise: paise('The buyer’s price per unit'),
  price_version: z
    .number()
    .int()
    .nullable()
    .describe('The buyer SKU version whose price the line took; null where prices are hidden.'),
  cost_paise: paise('The seller’s cost per unit'),
  gst_rate_bp: z.number().int().describe('The category’s GST rate in basis points (5% is 500).'),
  required_by: day.describe('When the buyer needs the line.'),
  ready_by: day.nullable().describe('When the seller said it will be ready (an accepted counter-offer), if it did.'),
  stage: z
    .object({ position: z.number().int(), name: z.string() })
    .describe('Where the line is in its workflow: position 0 is "not started".'),
  stages: z.array(stageSchema).describe('The category’s workflow stages, in order.'),
})

const counterOfferSchema = z
  .object({
    lines: z.array(
      z.object({
        line_id: id,
        quantity_milli: z.number().int(),
        ready_by: day,
        cost_paise: paise('The offered cost per unit'),
      }),
    ),
  })
  .nullable()
  .describe('The counter-offer recorded on it and waiting for a decision; null when there is none.')

/** One seller order as GET /seller-orders/{id} (and every move) answers it. */
export const sellerOrderSchema = z.object({
  id,
  code: z.string(),
  status: statusSchema,
  master_order: z.object({
    id,
    code: z.string(),
    status: z
      .string()
      .nullable()
      .describe(
        'The master order’s status, which follows from all its seller orders; null for a seller’s token (it reads its own seller order’s).',
      ),
    placed_at: instant,
    required_by: day
      .nullable()
      .describe(
        'The earliest needed-by date of the lines the token reads: all the master order’s for staff, a seller’s own for a seller’s token.',
      ),
    buyer: z.object({ id, name: z.string() }).nullable().describe('Always null for a seller’s token.'),
  }),
  seller: z.object({ id, name: z.string() }).nullable(),
  value_paise: paise('Its value at buyer prices, before GST (never shown to a seller)'),
  cost_paise: paise('Its cost at the seller’s costs'),
  decided_at: instant.nullable(),
  decided_by: z.string().nullable().describe('Who approved, rejected or cancelled it; staff tokens only.'),
  decision_note: z.string().nullable().describe('The reason given with a rejection or cancellation.'),
  lines_moved: z.boolean().describe('Rejected, and its lines were moved to another seller.'),
  counter_offer: counterOfferSchema,
  lines: z.array(lineSchema),
  next_steps: z
    .array(z.string())
    .describe(
      'The steps this token may take on it now, by name (approve, reject, start_production, ready_for_qc, rework…), as the order page offers them; each is its own POST.',
    ),
})
export type SellerOrderBody = z.input<typeof sellerOrderSchema>

export const sellerOrderIdParams = z.object({
  sellerOrderId: z.coerce.number().int().positive().describe('The seller order’s id (not its SO- code).'),
})

/** The lens of a portal for this caller; a caller with none there reaches nothing (404). */
export function lensOf(viewer: Viewer, portal: PortalKey): OrderLens {
  const lens = lensFor(viewer, portal as OrderPortal)
  if (!lens) throw ApiProblem.of('not-found', 'There is no such record, or it is not yours to read.')
  return lens
}

/** One seller order through the lens, in the API's words; 404 where the lens does not reach it. */
export async function sellerOrderBody(db: Database, lens: OrderLens, sellerOrderId: number): Promise<SellerOrderBody> {
  const found = await sellerOrderThroughLens(db, lens, sellerOrderId)
  if (!found) throw ApiProblem.of('not-found', 'There is no such seller order, or it is not yours to read.')
  const { order, sellerOrder: s, sellerId } = found
  const may = orderActions(lens.portal)
  return {
    id: s.id,
    code: s.code,
    status: s.status,
    master_order: {
      id: order.id,
      code: order.code,
      status: order.status,
      placed_at: order.placedAt,
      required_by: order.requiredBy,
      buyer: order.buyer ? { id: order.buyer.id, name: order.buyer.name } : null,
    },
    seller: s.sellerName !== null ? { id: sellerId, name: s.sellerName } : null,
    value_paise: s.valueMinor,
    cost_paise: s.costMinor,
    decided_at: s.decidedAt,
    decided_by: s.decidedBy,
    decision_note: s.decisionNote,
    lines_moved: s.linesMoved,
    counter_offer: s.counterOffer
      ? {
          lines: s.counterOffer.map((l) => ({
            line_id: l.subOrderId,
            quantity_milli: l.quantityMilli,
            ready_by: l.readyBy,
            cost_paise: l.costMinor,
          })),
        }
      : null,
    lines: s.lines.map((l) => ({
      id: l.id,
      line_no: l.lineNo,
      buyer_code: l.buyerCode,
      product_sku: { code: l.productSkuCode, name: l.productSkuName },
      unit: l.unit,
      quantity_milli: l.quantityMilli,
      price_paise: l.priceMinor,
      price_version: l.priceVersion,
      cost_paise: l.costMinor,
      gst_rate_bp: l.gstRateBp,
      required_by: l.requiredBy,
      ready_by: l.readyBy,
      stage: {
        position: l.stagePosition,
        name: l.stages.find((st) => st.position === l.stagePosition)?.name ?? 'not started',
      },
      stages: l.stages.map((st) => ({ position: st.position, name: st.name, qc_gate: st.qcGate })),
    })),
    next_steps: [
      ...stepsFrom(s.status).filter((step) => may.steps.includes(step)),
      ...(may.counterOffers && s.status === 'pending_approval' ? ['counter_offer'] : []),
      ...(may.advance && (s.status === 'in_production' || s.status === 'qc_passed') ? ['stage'] : []),
    ],
  }
}

const listQuery = z.object({
  status: statusSchema.optional().describe('Only seller orders in this status.'),
  seller_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('Staff: only this seller’s seller orders (a seller’s token always reads its own only).'),
  master_order_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('Only the seller orders of this master order.'),
  ...pageQuery,
})

export const sellerOrderEndpoints = [
  endpoint({
    id: 'listSellerOrders',
    method: 'GET',
    path: '/seller-orders',
    tag: 'Seller orders',
    summary: 'List seller orders',
    description:
      'The seller orders this token’s user reaches, newest first, a page at a time. A seller’s token lists its own company’s (never another seller’s, and not those of an order on credit hold, which is not sent to its sellers until finance releases it); the supplier team admin and admin every seller’s, an agent those of the orders of its sellers, a KAM those of its buyers’ orders. Which fields are filled follows the same lens as the order pages: a seller reads its costs, never the buyer, the buyer’s prices or the value.',
    scope: 'orders:read',
    portals: SELLER_ORDER_READERS,
    query: listQuery,
    response: pageSchema(sellerOrderItem),
    examples: [
      {
        name: 'seller',
        summary: 'A mill’s seller orders waiting for its approval',
        as: 'seller@example.com',
        query: { status: 'pending_approval', limit: 5 },
        status: 200,
      },
      {
        name: 'supplier-team',
        summary: 'The supplier team admin reads one seller’s seller orders',
        as: 'supplier_admin@example.com',
        query: { seller_id: 1, limit: 10 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, query }) => {
      const lens = lensOf(viewer, portal)
      const rows = await listSellerOrders(db, lens, {
        status: query.status,
        sellerId: query.seller_id,
        masterOrderId: query.master_order_id,
        beforeId: query.cursor ? decodeCursor(query.cursor)?.id : undefined,
        take: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (row) => ({ id: row.id }))
      return {
        next_cursor: page.next_cursor,
        data: page.data.map((r) => ({
          id: r.id,
          code: r.code,
          status: r.status,
          master_order: r.masterOrder,
          seller: r.seller,
          buyer: r.buyer,
          value_paise: r.valueMinor,
          cost_paise: r.costMinor,
          line_count: r.lineCount,
          required_by: r.requiredBy,
          counter_offer_recorded: r.counterOfferRecorded,
          decided_at: r.decidedAt,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
        })),
      }
    },
  }),
  endpoint({
    id: 'getSellerOrder',
    method: 'GET',
    path: '/seller-orders/{sellerOrderId}',
    tag: 'Seller orders',
    summary: 'Read a seller order',
    description:
      'One seller order with its lines (quantities in thousandths of the unit, the seller’s costs, each line’s workflow stage and the category’s stages), any counter-offer waiting, and `next_steps`: the moves this token may take on it now. A seller order this token’s user does not reach is 404, whether or not it exists. A seller’s token never reads the buyer’s name, codes or prices.',
    scope: 'orders:read',
    portals: SELLER_ORDER_READERS,
    params: sellerOrderIdParams,
    response: sellerOrderSchema,
    examples: [
      {
        name: 'own',
        summary: 'A mill reads its seller order in production',
        as: 'seller@example.com',
        params: { sellerOrderId: 1 },
        status: 200,
      },
      {
        name: 'another-sellers',
        summary: 'Another seller’s seller order is not found',
        as: 'seller@example.com',
        params: { sellerOrderId: 3 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => sellerOrderBody(db, lensOf(viewer, portal), params.sellerOrderId),
  }),
]
