import {
  lensEvent,
  subscribableEvents,
  WEBHOOK_AUDIENCES,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS,
  type EventData,
  type WebhookAudience,
  type WebhookEventType,
} from './webhook-events'

// The lens of webhook events, every event type x every audience: each audience reads exactly the
// fields declared for it (an undeclared key is sent to nobody), and never the other side's: a
// seller never the buyer, its prices, values, invoices or payments; a buyer never a seller, a seller
// order, a cost or an inspection (docs/domain.md "What each viewer reads").

const rules = (type: string) => (WEBHOOK_EVENTS as Record<string, WebhookEventType>)[type]!.audiences

/** Every field declared for an event type, for any audience. */
const declared = (type: string) => [...new Set(Object.values(rules(type)).flatMap((rule) => rule!.fields))]

/** Keys an event's facts may carry that no audience is declared to read. */
const UNDECLARED = ['buyer.gstin', 'buyer.address', 'seller_order.cost_minor', 'master_order.value_minor', 'margin_bp']

/** An event's facts with a distinctive value in every declared field (two items in each list), and undeclared extras. */
function factsOf(type: string): EventData {
  const facts: EventData = {}
  for (const path of [...declared(type), ...UNDECLARED]) {
    const [head, ...rest] = path.split('.')
    if (head!.endsWith('[]')) {
      const list = (facts[head!.slice(0, -2)] ??= [{}, {}]) as Record<string, unknown>[]
      list.forEach((item, i) => (item[rest.join('.')] = `${path}#${i}`))
      continue
    }
    if (rest.length === 0) facts[head!] = path
    else ((facts[head!] ??= {}) as Record<string, unknown>)[rest.join('.')] = path
  }
  // Shipments reach the buyer only on their way to it.
  if (type.startsWith('shipment.')) (facts.shipment as Record<string, unknown>)['type'] = 'last_mile'
  return facts
}

/** The leaf paths of a payload, lists as `name[]`. */
function pathsOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((item) => pathsOf(item, `${prefix}[]`)))]
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => pathsOf(inner, prefix ? `${prefix}.${key}` : key))
  return [prefix]
}

/** What each audience never reads, whatever the event. */
const NEVER: Record<Exclude<WebhookAudience, 'platform'>, RegExp[]> = {
  buyer: [
    /^seller\./,
    /^seller_orders?(\[\])?\./,
    /cost/,
    /margin/,
    /^inspection\./,
    /^rejected_part\./,
    /booking_code/,
  ],
  seller: [/^buyer\./, /value|price|total|amount|gst|tds/, /^invoices?(\[\])?\./, /^payment\./, /^shipment\./],
}

describe('the webhook event lens', () => {
  it.each(WEBHOOK_EVENT_NAMES.flatMap((type) => WEBHOOK_AUDIENCES.map((audience) => [type, audience] as const)))(
    '%s as the %s reads it: exactly its declared fields',
    (type, audience) => {
      const rule = rules(type)[audience]
      const read = lensEvent(type, audience, factsOf(type))
      if (!rule) {
        expect(read).toBeNull()
        return
      }
      const fields = [...rule.fields].sort()
      expect(pathsOf(read).sort()).toEqual(fields)
      // Each field carries its own value, not another's.
      const json = JSON.stringify(read)
      for (const path of declared(type).filter((p) => !rule.fields.includes(p)))
        expect(json, `${type} must not carry ${path} to the ${audience}`).not.toContain(`"${path}`)
      for (const path of UNDECLARED) expect(json).not.toContain(path)
      if (audience !== 'platform')
        for (const field of rule.fields)
          for (const never of NEVER[audience])
            expect(field, `${type} tells the ${audience} ${field}`).not.toMatch(never)
    },
  )

  it('sends the platform every field declared for anyone', () => {
    for (const type of WEBHOOK_EVENT_NAMES) {
      const platform = rules(type).platform!.fields
      for (const audience of ['buyer', 'seller'] as const)
        for (const field of rules(type)[audience]?.fields ?? []) expect(platform, `${type}: ${field}`).toContain(field)
    }
  })

  it('never sends a buyer an event about a seller order, nor a seller one about money or shipments', () => {
    const buyerTypes = WEBHOOK_EVENT_NAMES.filter((t) => rules(t).buyer)
    const sellerTypes = WEBHOOK_EVENT_NAMES.filter((t) => rules(t).seller)
    expect(buyerTypes.filter((t) => t.startsWith('seller_order.') || t.startsWith('qc.'))).toEqual([])
    expect(sellerTypes.filter((t) => /^(master_order|invoice|payment|shipment)\./.test(t))).toEqual([])
    expect(subscribableEvents('buyer')).not.toContain('webhook.test')
    expect(subscribableEvents('platform')).toHaveLength(WEBHOOK_EVENT_NAMES.length - 1)
  })

  it('tells the buyer of a shipment only when it comes to the buyer', () => {
    const shipment = (type: string) => ({
      shipment: { id: 7, type, code: 'TR-1', booking_code: 'TB-1', transporter: 'Swift' },
      master_order: { id: 3, code: 'MO-1' },
      seller_order: { id: 4, code: 'SO-1' },
      seller: { id: 9, name: 'Mill' },
      buyer: { id: 2, name: 'Buyer' },
    })
    for (const type of ['first_mile', 'return'])
      expect(lensEvent('shipment.picked_up', 'buyer', shipment(type))).toBeNull()
    for (const type of ['last_mile', 'sample'])
      expect(lensEvent('shipment.delivered', 'buyer', shipment(type))).toEqual({
        shipment: { id: 7, type, transporter: 'Swift' },
        master_order: { id: 3, code: 'MO-1' },
        buyer: { id: 2 },
      })
  })

  it('keeps a record the event does not have as null, reads lists item by item, and never copies a record whole', () => {
    const read = lensEvent('invoice.raised', 'buyer', {
      invoice: { id: 1, number: 'INV/1', total_minor: 100, secret: 's' },
      master_order: null,
      sample_order: { id: 5, code: 'SMP-5', note: 'internal' },
      buyer: { id: 2, name: 'Buyer' },
    })
    expect(read).toEqual({
      invoice: { id: 1, number: 'INV/1', total_minor: 100 },
      master_order: null,
      sample_order: { id: 5, code: 'SMP-5' },
      buyer: { id: 2 },
    })
    const paid = lensEvent('payment.received', 'buyer', {
      payment: { id: 1, number: 'RCT/1' },
      invoices: [
        { id: 1, number: 'INV/1', status: 'settled', seller_order_id: 9 },
        { id: 2, number: 'INV/2', status: 'open' },
      ],
      buyer: { id: 2, name: 'Buyer' },
    })
    expect(paid).toEqual({
      payment: { id: 1, number: 'RCT/1' },
      invoices: [
        { id: 1, number: 'INV/1', status: 'settled' },
        { id: 2, number: 'INV/2', status: 'open' },
      ],
      buyer: { id: 2 },
    })
    // A record where a value is declared is not sent (its keys would not be declared).
    expect(lensEvent('seller_order.created', 'seller', { seller_order: { id: { nested: 'x' } } })).toEqual({
      seller_order: {},
    })
  })
})
