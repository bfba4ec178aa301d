import { z } from 'zod'
import type { PortalKey } from '~/auth/portals'
import { buyerShipmentsAfter } from '~/features/logistics/buyer-shipments.server'
import { pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { Refused } from '~/utils/refusal.server'
import { endpoint } from '../endpoint'
import { afterOf, id, idParam, idQuery, instant } from './shared'

// Shipments to the buyer (docs/api.md "Shipments"): the movements that bring its goods to its door
// (last miles), as its order page tracks them: where each is in words, the transporter, the LR/docket
// (AWB) number, when it was picked up, when it is expected and when it was delivered, and the buyer's
// codes of the lines it carries. Nothing else of the transport request or booking (no addresses,
// parties, phones, vehicle, freight or bills); first miles (from the seller) are not shipments to it.
// Staff of the portals that follow shipping read any buyer's in the same shape.

const READERS = ['admin', 'main', 'biz_ops', 'logistics', 'buyer'] as const satisfies readonly PortalKey[]

const shipment = z.object({
  id,
  master_order: z.object({ id, code: z.string() }),
  state: z
    .enum(['to_be_booked', 'booked', 'on_the_way', 'delivered'])
    .describe('Transport being arranged, transporter booked, on the way, delivered.'),
  transporter: z.string().nullable(),
  lr_number: z.string().nullable().describe('The transporter’s LR / docket / AWB number.'),
  picked_up_at: instant.nullable(),
  expected_delivery_at: instant.nullable().describe('While on the road: when it is expected.'),
  delivered_at: instant.nullable(),
  lines: z.array(z.string()).describe('The buyer’s codes of the lines it carries.'),
})

type Found = Awaited<ReturnType<typeof buyerShipmentsAfter>>[number]
const body = (s: Found): z.input<typeof shipment> => ({
  id: s.id,
  master_order: { id: s.masterOrderId, code: s.masterCode },
  state: s.state,
  transporter: s.transporter,
  lr_number: s.lrNumber,
  picked_up_at: s.pickedUpAt,
  expected_delivery_at: s.expectedDeliveryAt,
  delivered_at: s.deliveredAt,
  lines: s.lines,
})

const buyerOf = (viewer: { company: { kind: string; id: number } | null }, portal: PortalKey) =>
  portal === 'buyer' ? (viewer.company?.kind === 'buyer' ? viewer.company.id : -1) : null

export const shipmentEndpoints = [
  endpoint({
    id: 'listShipments',
    method: 'GET',
    path: '/shipments',
    tag: 'Shipments',
    summary: 'List shipments',
    description:
      'The shipments to the buyer’s door across its orders (or one order’s: `master_order_id`), newest first, with their tracking.',
    scope: 'shipments:read',
    portals: READERS,
    query: z.object({ master_order_id: idQuery('Only this order’s shipments.'), ...pageQuery }),
    response: pageSchema(shipment),
    examples: [{ name: 'buyer', summary: 'The buyer’s shipments', as: 'buyer@example.com', status: 200 }],
    handle: async ({ db, viewer, portal, query }) => {
      const rows = await buyerShipmentsAfter(
        db,
        buyerOf(viewer, portal),
        { masterOrderId: query.master_order_id },
        afterOf(query.cursor)?.id ?? null,
        query.limit + 1,
      )
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return { data: page.data.map(body), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'getShipment',
    method: 'GET',
    path: '/shipments/{shipmentId}',
    tag: 'Shipments',
    summary: 'Track a shipment',
    description: 'One shipment to the buyer with its tracking. Another buyer’s is 404.',
    scope: 'shipments:read',
    portals: READERS,
    params: z.object({ shipmentId: idParam }),
    response: shipment,
    examples: [
      {
        name: 'missing',
        summary: 'A shipment that is not the buyer’s',
        as: 'buyer@example.com',
        params: { shipmentId: 999999999 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const [found] = await buyerShipmentsAfter(db, buyerOf(viewer, portal), { id: params.shipmentId }, null, 1)
      if (!found) throw Refused.notFound('There is no such shipment, or it is not yours to read.')
      return body(found)
    },
  }),
]
