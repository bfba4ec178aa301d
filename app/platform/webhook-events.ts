// The webhook events and what each audience reads of them (docs/domain.md "Webhooks (issue 40)"):
// thin events (ids, codes, statuses, times and the API path to read the record with a token),
// declared once per event type, with an allow-list of fields per audience. A buyer's subscription
// reads its own orders' events as the buyer's order page does (never a seller, a seller order, a cost);
// a seller's its own seller orders' as its order page does (never the buyer, a buyer price, a value, an
// invoice); the platform's (staff) every field declared. A field that is not declared is not sent, to
// anybody: a new key never leaks, it is merely not sent until it is declared here.

export const WEBHOOK_AUDIENCES = ['buyer', 'seller', 'platform'] as const
export type WebhookAudience = (typeof WEBHOOK_AUDIENCES)[number]

/** The API's paths of the records an event names (the receiver reads them with its token). */
export const apiPath = {
  masterOrder: (id: number) => `/api/v1/master-orders/${id}`,
  sellerOrder: (id: number) => `/api/v1/seller-orders/${id}`,
  inspection: (id: number) => `/api/v1/inspections/${id}`,
  shipment: (id: number) => `/api/v1/shipments/${id}`,
  invoice: (id: number) => `/api/v1/invoices/${id}`,
} as const

/** What an event says: nested records of ids, codes and times (the facts; each audience reads its part). */
export type EventData = Record<string, unknown>

interface AudienceRule {
  /** The fields it reads: dotted paths, `list[].field` for a field of each item of a list. */
  fields: readonly string[]
  /** Sent to it only when this holds (a shipment reaches the buyer only on its way to the buyer). */
  when?: (data: EventData) => boolean
}

export interface WebhookEventType {
  label: string
  /** When it is sent, for the subscription form and docs/api.md. */
  describe: string
  /** Who may receive it: absent, never sent to that audience. */
  audiences: Partial<Record<WebhookAudience, AudienceRule>>
}

const masterOrder = ['master_order.id', 'master_order.code', 'master_order.status', 'master_order.api']
const sellerOrder = ['seller_order.id', 'seller_order.code', 'seller_order.status', 'seller_order.api']
/** The master order a seller order belongs to, as its seller reads it (its code and id: its order page's). */
const masterOrderOfSeller = ['master_order.id', 'master_order.code']
const parties = ['buyer.id', 'buyer.name', 'seller.id', 'seller.name']

/** A seller order's event: the seller reads its own order, staff everything declared; buyers never read seller orders. */
const sellerOrderEvent = (label: string, describe: string, extra: string[] = []): WebhookEventType => ({
  label,
  describe,
  audiences: {
    seller: { fields: [...sellerOrder, ...masterOrderOfSeller, 'seller.id', ...extra] },
    platform: { fields: [...sellerOrder, ...masterOrderOfSeller, 'master_order.api', ...parties, ...extra] },
  },
})

/** Shipments the buyer reads: those that bring goods or samples to it (its order page's "shipments"). */
const toTheBuyer = (data: EventData) => {
  const shipment = data.shipment as { type?: unknown } | undefined
  return shipment?.type === 'last_mile' || shipment?.type === 'sample'
}

const shipmentFields = [
  'shipment.id',
  'shipment.type',
  'shipment.status',
  'shipment.transporter',
  'shipment.lr_number',
  'shipment.picked_up_at',
  'shipment.expected_delivery_at',
  'shipment.delivered_at',
  'shipment.api',
]
const shipmentEvent = (label: string, describe: string): WebhookEventType => ({
  label,
  describe,
  audiences: {
    buyer: {
      fields: [...shipmentFields, ...masterOrder, 'sample_order.id', 'sample_order.code', 'buyer.id'],
      when: toTheBuyer,
    },
    platform: {
      fields: [
        ...shipmentFields,
        'shipment.code',
        'shipment.booking_code',
        ...masterOrder,
        'seller_order.id',
        'seller_order.code',
        'sample_order.id',
        'sample_order.code',
        ...parties,
      ],
    },
  },
})

export const WEBHOOK_EVENTS = {
  'master_order.placed': {
    label: 'Order placed',
    describe: 'A master order is placed (from the cart or a channel import).',
    audiences: {
      buyer: {
        fields: [
          ...masterOrder,
          'master_order.placed_at',
          'master_order.required_by',
          'master_order.lines',
          'buyer.id',
        ],
      },
      platform: {
        fields: [
          ...masterOrder,
          'master_order.placed_at',
          'master_order.required_by',
          'master_order.lines',
          'master_order.source',
          'master_order.credit_hold',
          'buyer.id',
          'buyer.name',
          'seller_orders[].id',
          'seller_orders[].code',
          'seller_orders[].seller_id',
        ],
      },
    },
  },
  'master_order.status_changed': {
    label: 'Order status changed',
    describe:
      'A master order’s status moves (confirmed, in production, in QC, dispatched, delivered, closed, cancelled).',
    audiences: {
      buyer: { fields: [...masterOrder, 'previous_status', 'buyer.id'] },
      platform: { fields: [...masterOrder, 'previous_status', 'buyer.id', 'buyer.name'] },
    },
  },
  'master_order.change_proposed': {
    label: 'Change to an order proposed',
    describe: 'A counter-offer gives the buyer less or later than it ordered: the buyer’s agreement is needed.',
    audiences: {
      buyer: { fields: [...masterOrder, 'proposed_at', 'buyer.id'] },
      platform: {
        fields: [...masterOrder, 'proposed_at', 'buyer.id', 'buyer.name', 'seller_order.id', 'seller_order.code'],
      },
    },
  },
  'seller_order.created': sellerOrderEvent(
    'Seller order received',
    'A seller order comes to the seller: placed, released from a credit hold, or lines moved to it.',
    ['seller_order.lines'],
  ),
  'seller_order.approved': sellerOrderEvent(
    'Seller order approved',
    'A seller order is approved: by staff, automatically, or by accepting its counter-offer.',
    ['approved_at', 'approved_by'],
  ),
  'seller_order.rejected': sellerOrderEvent('Seller order rejected', 'A seller order is rejected, with the reason.', [
    'reason',
  ]),
  'seller_order.cancelled': sellerOrderEvent(
    'Seller order cancelled',
    'A seller order is cancelled, with the reason.',
    ['reason'],
  ),
  'seller_order.countered': sellerOrderEvent(
    'Counter-offer recorded',
    'A counter-offer (quantities, ready dates, costs) is recorded on a seller order waiting for approval.',
    ['recorded_at'],
  ),
  'seller_order.status_changed': sellerOrderEvent(
    'Seller order status changed',
    'Every move of a seller order’s status (approved, rejected and cancelled also have their own events).',
    ['previous_status'],
  ),
  'seller_order.stage_changed': sellerOrderEvent(
    'Production stage moved',
    'A line of a seller order in production moves to the next stage of its workflow.',
    ['line.line_no', 'line.stage', 'line.previous_stage'],
  ),
  'qc.decided': {
    label: 'QC decided',
    describe:
      'A QC inspection is decided: approved, rejected, or accepted in part (the rejected part is a new seller order).',
    audiences: {
      seller: {
        fields: [
          'inspection.id',
          'inspection.code',
          'inspection.decision',
          'inspection.decided_at',
          'inspection.api',
          ...sellerOrder,
          ...masterOrderOfSeller,
          'rejected_part.id',
          'rejected_part.code',
          'rejected_part.status',
          'seller.id',
        ],
      },
      platform: {
        fields: [
          'inspection.id',
          'inspection.code',
          'inspection.decision',
          'inspection.decided_at',
          'inspection.api',
          ...sellerOrder,
          ...masterOrderOfSeller,
          'master_order.api',
          'rejected_part.id',
          'rejected_part.code',
          'rejected_part.status',
          ...parties,
        ],
      },
    },
  },
  'shipment.picked_up': shipmentEvent('Shipment picked up', 'A transporter picks up a shipment.'),
  'shipment.delivered': shipmentEvent('Shipment delivered', 'A shipment is delivered.'),
  'invoice.raised': {
    label: 'Invoice raised',
    describe:
      'A tax invoice is raised to the buyer: a seller order delivered, or a sample order with a charge dispatched.',
    audiences: {
      buyer: {
        fields: [
          'invoice.id',
          'invoice.number',
          'invoice.invoice_on',
          'invoice.due_on',
          'invoice.total_minor',
          'invoice.status',
          'invoice.api',
          ...masterOrder,
          'sample_order.id',
          'sample_order.code',
          'buyer.id',
        ],
      },
      platform: {
        fields: [
          'invoice.id',
          'invoice.number',
          'invoice.invoice_on',
          'invoice.due_on',
          'invoice.total_minor',
          'invoice.status',
          'invoice.api',
          ...masterOrder,
          'seller_order.id',
          'seller_order.code',
          'sample_order.id',
          'sample_order.code',
          'buyer.id',
          'buyer.name',
        ],
      },
    },
  },
  'payment.received': {
    label: 'Payment received',
    describe: 'Money is received from the buyer and allocated to its oldest open invoices.',
    audiences: {
      buyer: {
        fields: [
          'payment.id',
          'payment.number',
          'payment.received_on',
          'payment.amount_minor',
          'payment.tds_minor',
          'payment.mode',
          'payment.reference',
          'invoices[].id',
          'invoices[].number',
          'invoices[].status',
          'invoices[].api',
          'buyer.id',
        ],
      },
      platform: {
        fields: [
          'payment.id',
          'payment.number',
          'payment.received_on',
          'payment.amount_minor',
          'payment.tds_minor',
          'payment.mode',
          'payment.reference',
          'invoices[].id',
          'invoices[].number',
          'invoices[].status',
          'invoices[].api',
          'buyer.id',
          'buyer.name',
        ],
      },
    },
  },
  'webhook.test': {
    label: 'Test event',
    describe: 'Sent when “Send a test event” is pressed on a subscription’s page (always, whatever it subscribes to).',
    audiences: {
      buyer: { fields: ['subscription.id', 'message'] },
      seller: { fields: ['subscription.id', 'message'] },
      platform: { fields: ['subscription.id', 'message'] },
    },
  },
} satisfies Record<string, WebhookEventType>

export type WebhookEventName = keyof typeof WEBHOOK_EVENTS
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEventName[]

export const isWebhookEventName = (value: unknown): value is WebhookEventName =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(WEBHOOK_EVENTS, value)

/** The event types an audience may subscribe to (the test event is always sent, never chosen). */
export const subscribableEvents = (audience: WebhookAudience): WebhookEventName[] =>
  WEBHOOK_EVENT_NAMES.filter(
    (name) => name !== 'webhook.test' && (WEBHOOK_EVENTS[name] as WebhookEventType).audiences[audience],
  )

/** Copies the value at `path` (its `[]` segments through lists) from `from` into `to`, when it is there. */
function copyPath(from: unknown, to: Record<string, unknown>, segments: string[]): void {
  if (from === null || typeof from !== 'object' || Array.isArray(from)) return
  const [head, ...rest] = segments
  const listed = head.endsWith('[]')
  const key = listed ? head.slice(0, -2) : head
  if (!Object.prototype.hasOwnProperty.call(from, key)) return
  const value = (from as Record<string, unknown>)[key]
  if (listed) {
    if (!Array.isArray(value)) return
    const list = (Array.isArray(to[key]) ? to[key] : (to[key] = value.map(() => ({})))) as Record<string, unknown>[]
    value.forEach((item, i) => copyPath(item, list[i], rest))
    return
  }
  if (rest.length === 0) {
    // A leaf is a plain value: a record or list declared whole would carry undeclared keys.
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) to[key] = value
    return
  }
  // A record that is null stays null (the event has none: a sample order's invoice has no master order).
  if (value === null) {
    to[key] ??= null
    return
  }
  const inner = (to[key] ??= {}) as Record<string, unknown>
  if (inner !== null) copyPath(value, inner, rest)
}

/**
 * The event as one audience reads it: only its declared fields, or null when it is not sent to that
 * audience at all (not declared for it, or its condition does not hold).
 */
export function lensEvent(type: WebhookEventName, audience: WebhookAudience, data: EventData): EventData | null {
  const rule = (WEBHOOK_EVENTS[type] as WebhookEventType).audiences[audience]
  if (!rule || (rule.when && !rule.when(data))) return null
  const read: EventData = {}
  for (const field of rule.fields) copyPath(data, read, field.split('.'))
  return read
}
