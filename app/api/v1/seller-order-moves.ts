import { z } from 'zod'
import type { Database } from '#db/database'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { orderActions, type OrderActions } from '~/features/orders/actions'
import type { OrderLens } from '~/features/orders/lens'
import { actsOnSellerOrder } from '~/features/orders/seller-order-reads.server'
import type { SellerOrderStepName } from '~/features/orders/states'
import { orderMoves } from '~/lifecycle/seller-orders.server'
import { ApiProblem } from '~/platform/api/problem'
import { rupeesInput } from '~/utils/money'
import { quantityInput } from '~/utils/quantity'
import { Refused, type Result } from '~/utils/refusal.server'
import { endpoint, type Example } from '../endpoint'
import { lensOf, sellerOrderBody, sellerOrderIdParams, sellerOrderSchema } from './seller-orders'

// The moves of a seller order (issue 40), exactly as its page takes them: the same portals (which
// portal takes which step is app/features/orders/actions.ts, the one table the pages read), the same
// reach (a seller its own seller orders; an agent its sellers'), the same lifecycle functions
// (app/lifecycle/seller-orders.server.ts orderMoves: one transaction under the master order's lock,
// the step helper's conditional update, the production gates, the audit entry, the e-mails and the
// master order's status) and the same refusals. Of two moves at once exactly one wins: the other is
// 409 "… is already approved (by X, T) …". Every answer is the seller order as it is after the move.

/** The portals whose pages offer a move, widest lens first: the same order as the reads. */
const MOVERS = ['admin', 'main', 'supplier_admin', 'supplier_agent', 'biz_ops', 'seller'] as const

/** The portals whose order pages take this step (orderActions), or offer this form. */
const portalsWhere = (offers: (may: OrderActions) => boolean): PortalKey[] =>
  MOVERS.filter((portal) => offers(orderActions(portal)))

const stepPortals = (step: SellerOrderStepName) => portalsWhere((may) => may.steps.includes(step))

/** A mutation's answer: its value, or its refusal thrown as the features throw it (404, 422 at a field, else 409). */
function settled<T>(result: Result<T>): T {
  if (result.ok) return result.value
  if (result.notFound) throw ApiProblem.of('not-found', result.message)
  throw new Refused(result.fields ?? result.field, result.message)
}

/** The caller's lens and what its portal may do, with the seller order checked to be one it acts on (else 404). */
async function actingOn(db: Database, viewer: Viewer, portal: PortalKey, sellerOrderId: number) {
  const lens: OrderLens = lensOf(viewer, portal)
  if (!(await actsOnSellerOrder(db, lens, sellerOrderId)))
    throw ApiProblem.of('not-found', 'There is no such seller order, or it is not one this token’s user acts on.')
  const may = orderActions(lens.portal)
  return { lens, may, actor: { userId: viewer.userId, onBehalf: may.onBehalf } }
}

/** A step of the machine (approve, reject, start production, ready for QC, rework), as the page's step form takes it. */
async function takeStep(
  db: Database,
  viewer: Viewer,
  portal: PortalKey,
  sellerOrderId: number,
  step: SellerOrderStepName,
  reason?: string,
) {
  const { lens, may, actor } = await actingOn(db, viewer, portal, sellerOrderId)
  if (!may.steps.includes(step)) throw ApiProblem.of('forbidden', 'This token’s user does not take that step.')
  const taken = settled(await orderMoves.takeSellerOrderStep(db, actor, sellerOrderId, step, reason))
  return { firstApproval: taken.firstApproval === true, body: await sellerOrderBody(db, lens, sellerOrderId) }
}

const SELLER_STEP_WORDS = {
  start_production: {
    path: 'start-production',
    id: 'startSellerOrderProduction',
    summary: 'Start production of a seller order',
    description:
      'An approved seller order goes into production (its lines then move through their workflow stages: POST …/stage). The seller takes it, or staff for a seller that does not sign in (the history then says "for <seller>").',
    example: { sellerOrderId: 2, as: 'seller@example.com', status: 200, summary: 'A mill starts an approved order' },
  },
  ready_for_qc: {
    path: 'ready-for-qc',
    id: 'markSellerOrderReadyForQc',
    summary: 'Mark a seller order ready for QC',
    description:
      'A seller order in production is ready for its QC inspection. Held by the production gate: every line must have reached its category’s first QC-gate stage (a workflow without a QC gate: its last stage), every stage before it passed; otherwise 409 naming each line short of its stage ("Line 2 is at Spinning (2 of 4): …").',
    example: {
      sellerOrderId: 1,
      as: 'seller@example.com',
      status: 409,
      summary: 'Refused by the production gate: the lines are not at the QC gate yet',
    },
  },
  rework: {
    path: 'rework',
    id: 'markSellerOrderReworked',
    summary: 'Mark a seller order reworked after a failed QC',
    description:
      'A seller order that failed QC is reworked and ready for QC again, under the same production gate as ready for QC.',
    example: { sellerOrderId: 20, as: 'seller@example.com', status: 200, summary: 'A mill reworks a failed order' },
  },
} as const satisfies Partial<
  Record<
    SellerOrderStepName,
    {
      path: string
      id: string
      summary: string
      description: string
      example: { sellerOrderId: number; as: string; status: number; summary: string }
    }
  >
>

const TWO_AT_ONCE =
  ' Of two moves of one seller order at once exactly one is taken: the other is 409, saying who moved it first and when. A retry with the same Idempotency-Key answers the first answer again and moves nothing.'

const sellerStepEndpoints = (Object.keys(SELLER_STEP_WORDS) as (keyof typeof SELLER_STEP_WORDS)[]).map((step) => {
  const words = SELLER_STEP_WORDS[step]
  const example: Example = {
    name: step.replace(/_/g, '-'),
    summary: words.example.summary,
    as: words.example.as,
    params: { sellerOrderId: words.example.sellerOrderId },
    status: words.example.status,
  }
  return endpoint({
    id: words.id,
    method: 'POST',
    path: `/seller-orders/{sellerOrderId}/${words.path}`,
    tag: 'Seller orders',
    summary: words.summary,
    description: words.description + TWO_AT_ONCE,
    scope: 'orders:write',
    portals: stepPortals(step),
    params: sellerOrderIdParams,
    response: sellerOrderSchema,
    examples: [example],
    handle: async ({ db, viewer, portal, params }) =>
      (await takeStep(db, viewer, portal, params.sellerOrderId, step)).body,
  })
})

const reasonBody = z.object({
  reason: z
    .string({ error: 'Say why: the seller and the team read it' })
    .max(1000, 'Use at most 1,000 characters')
    .describe('Why it is rejected (required; the seller reads it in its e-mail and on its order).'),
})

const counterOfferBody = z.object({
  lines: z
    .array(
      z.object({
        line_id: z.number().int().positive().describe('The line’s id (`lines[].id` of the seller order).'),
        quantity_milli: z
          .number()
          .int()
          .min(0)
          .describe('The quantity the seller offers, in thousandths of the line’s unit (above 0).'),
        ready_by: z.string().max(20).describe('When it will be ready, YYYY-MM-DD, today or later.'),
        cost_paise: z.number().int().min(0).describe('The seller’s cost per unit, in paise (above 0).'),
      }),
    )
    .min(1, 'Offer every line of the seller order')
    .max(500)
    .describe('Every line of the seller order, each once.'),
})

const stageBody = z.object({
  line_id: z.number().int().positive().describe('The line’s id (`lines[].id`).'),
  from_position: z
    .number()
    .int()
    .min(0)
    .describe(
      'The stage position the line is at as you last read it (`lines[].stage.position`): a line that has moved on since is refused (409), so a retry or a double send moves it once.',
    ),
})

/** A refused counter-offer field (`line.<lineId>.<field>`, the page's names) at its place in the body. */
function counterOfferPointers(refused: Refused, lines: { line_id: number }[]): Refused {
  if (!refused.fields) return refused
  const names = { quantity: 'quantity_milli', readyBy: 'ready_by', cost: 'cost_paise' } as Record<string, string>
  const fields: Record<string, string> = {}
  for (const [field, message] of Object.entries(refused.fields)) {
    const [, lineId, name] = field.split('.')
    const index = lines.findIndex((l) => l.line_id === Number(lineId))
    if (index < 0) fields.lines = `Line #${lineId} is missing: offer every line of the seller order. ${message}`
    else fields[`lines.${index}.${names[name!] ?? name}`] = message
  }
  return new Refused(fields, refused.message)
}

export const sellerOrderMoveEndpoints = [
  endpoint({
    id: 'approveSellerOrder',
    method: 'POST',
    path: '/seller-orders/{sellerOrderId}/approve',
    tag: 'Seller orders',
    summary: 'Approve a seller order',
    description:
      'Approves a seller order waiting for approval, as the supplier team admin and admin do on the order page and the approval queue (a seller’s own token may not: approving is the supplier team’s decision, 403). A counter-offer recorded on it is set aside (it is approved as it stands). Above a category’s second-approval threshold the first approval is only recorded (`first_approval: true`, the order still waits) and a different person’s approval approves it; the same person again is refused (409).' +
      TWO_AT_ONCE,
    scope: 'orders:write',
    portals: stepPortals('approve'),
    params: sellerOrderIdParams,
    response: z.object({
      first_approval: z
        .boolean()
        .describe(
          'Only the first of the two approvals this order needs was recorded: it still waits for a second person.',
        ),
      seller_order: sellerOrderSchema,
    }),
    examples: [
      {
        name: 'supplier-team',
        summary: 'The supplier team admin approves a seller order',
        as: 'supplier_admin@example.com',
        params: { sellerOrderId: 29 },
        status: 200,
      },
      {
        name: 'seller',
        summary: 'A seller’s token may not approve (the supplier team decides)',
        as: 'seller@example.com',
        params: { sellerOrderId: 4 },
        status: 403,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const { firstApproval, body } = await takeStep(db, viewer, portal, params.sellerOrderId, 'approve')
      return { first_approval: firstApproval, seller_order: body }
    },
  }),
  endpoint({
    id: 'rejectSellerOrder',
    method: 'POST',
    path: '/seller-orders/{sellerOrderId}/reject',
    tag: 'Seller orders',
    summary: 'Reject a seller order',
    description:
      'Rejects a seller order waiting for approval, with the reason (required: a blank one is 422 at /reason). The supplier team admin and admin take it; its lines may then be moved to another seller on the order page.' +
      TWO_AT_ONCE,
    scope: 'orders:write',
    portals: stepPortals('reject'),
    params: sellerOrderIdParams,
    body: reasonBody,
    response: sellerOrderSchema,
    examples: [
      {
        name: 'supplier-team',
        summary: 'The supplier team admin rejects a seller order',
        as: 'supplier_admin@example.com',
        params: { sellerOrderId: 31 },
        body: { reason: 'The mill has no capacity before February.' },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, params, body }) =>
      (await takeStep(db, viewer, portal, params.sellerOrderId, 'reject', body.reason)).body,
  }),
  endpoint({
    id: 'recordSellerOrderCounterOffer',
    method: 'POST',
    path: '/seller-orders/{sellerOrderId}/counter-offer',
    tag: 'Seller orders',
    summary: 'Record a seller’s counter-offer',
    description:
      'Records (or replaces) the seller’s counter-offer on a seller order waiting for approval: per line the quantity, the date it will be ready and the cost per unit, for every line. It changes nothing yet: staff accept it (the lines change and the order is approved) or decline it on the order page; whoever recorded it cannot accept it (four eyes), and one that gives the buyer less or later waits for the buyer’s agreement. Recording clears a first approval. Taken by the supplier team admin and admin for the seller. Each refused value is 422 at its place (`/lines/0/ready_by`).' +
      TWO_AT_ONCE,
    scope: 'orders:write',
    portals: portalsWhere((may) => may.counterOffers),
    params: sellerOrderIdParams,
    body: counterOfferBody,
    response: sellerOrderSchema,
    examples: [
      {
        name: 'later-and-dearer',
        summary: 'The seller offers both lines later and at a higher cost',
        as: 'supplier_admin@example.com',
        params: { sellerOrderId: 30 },
        body: {
          lines: [
            { line_id: 31, quantity_milli: 300000, ready_by: '2099-01-31', cost_paise: 66500 },
            { line_id: 32, quantity_milli: 250000, ready_by: '2099-01-31', cost_paise: 14000 },
          ],
        },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, params, body }) => {
      const { lens, actor } = await actingOn(db, viewer, portal, params.sellerOrderId)
      // The page's own function and checks (the lifecycle's, so webhooks hear of it), given the values as the form would carry them.
      const result = await orderMoves.recordCounterOffer(
        db,
        actor,
        params.sellerOrderId,
        body.lines.map((line) => ({
          subOrderId: line.line_id,
          quantity: quantityInput(line.quantity_milli),
          readyBy: line.ready_by,
          cost: rupeesInput(line.cost_paise),
        })),
      )
      if (!result.ok && !result.notFound)
        throw counterOfferPointers(new Refused(result.fields ?? result.field, result.message), body.lines)
      settled(result)
      return sellerOrderBody(db, lens, params.sellerOrderId)
    },
  }),
  endpoint({
    id: 'moveSellerOrderLineStage',
    method: 'POST',
    path: '/seller-orders/{sellerOrderId}/stage',
    tag: 'Seller orders',
    summary: 'Move a line to its next workflow stage',
    description:
      'Moves one line of a seller order in production (or after QC passed) to the next stage of its category’s fulfilment workflow. A QC-gate stage holds the line until an inspection of the order is approved (409); a line already at its last stage, or moved on since `from_position`, is 409 and nothing changes.',
    scope: 'orders:write',
    portals: portalsWhere((may) => may.advance),
    params: sellerOrderIdParams,
    body: stageBody,
    response: sellerOrderSchema,
    examples: [
      {
        name: 'next-stage',
        summary: 'A mill moves line 1 from Spinning to Lab test',
        as: 'seller@example.com',
        params: { sellerOrderId: 1 },
        body: { line_id: 1, from_position: 2 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, portal, params, body }) => {
      const { lens, may, actor } = await actingOn(db, viewer, portal, params.sellerOrderId)
      if (!may.advance) throw ApiProblem.of('forbidden', 'This token’s user does not move lines.')
      const line = await db
        .selectFrom('sub_orders')
        .select('id')
        .where('id', '=', body.line_id)
        .where('seller_order_id', '=', params.sellerOrderId)
        .executeTakeFirst()
      if (!line) throw new Refused('line_id', 'This seller order has no such line.')
      const sellerId = lens.scope.kind === 'seller' ? lens.scope.sellerId : null
      settled(await orderMoves.advanceLine(db, actor, sellerId, body.line_id, body.from_position))
      return sellerOrderBody(db, lens, params.sellerOrderId)
    },
  }),
  ...sellerStepEndpoints,
]
