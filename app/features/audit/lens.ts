import type { OrderSight } from '../orders/lens'

// What each viewer reads of an audit entry (docs/domain.md "What each viewer reads"): an
// allow-list, declared once per record type and action. A record type declares the keys of its
// entries that may be read at all, each with its label, how its value is told, and who reads it
// (the viewer kind, and the sight it needs); an action declares who reads the entry at all and its
// note. A key or an action that is not declared here is never told to a buyer or a seller, and a
// key not declared is told to nobody: a new key never leaks, it is merely not shown until declared.

/** Who reads: the buyer's people, the seller's people, or the platform's staff. */
export type Reader = 'buyer' | 'seller' | 'staff'
export type Sight = keyof OrderSight

/** How a value is told: words for states, ₹ for money, the Indian date for days. */
export type Shape = 'text' | 'state' | 'money' | 'date' | 'datetime' | 'count' | 'list' | 'yesno'

export interface KeyRule {
  label: string
  /** The label in a reader's own words, where they differ (a seller's cost is "Your value", as on its order page). */
  labelFor?: Partial<Record<Reader, string>>
  as?: Shape
  /** Who may read the key (default: every reader of the entry). */
  readers?: readonly Reader[]
  /** What the viewer must see (its OrderSight) to read the key. */
  needs?: readonly Sight[]
}

export interface ActionRule {
  /** Who reads the entry at all (default: staff only). */
  readers?: readonly Reader[]
  /** What a viewer must see to read the entry at all. */
  needs?: readonly Sight[]
  /** Who reads the note (default: staff only): a note is free text, written for someone. */
  note?: readonly Reader[]
  /** Key rules of this action that differ from the record type's (null: this action's key is never told). */
  keys?: Record<string, KeyRule | null>
  /** What was done, in words, where the record type's words are not the reader's. */
  what?: Partial<Record<Reader, string>>
}

export interface RecordRule {
  keys: Record<string, KeyRule>
  /** Keys made of a pattern (a counter-offer's `line 2`). */
  patterns?: { match: RegExp; rule: KeyRule }[]
  actions?: Record<string, ActionRule>
}

const STAFF = ['staff'] as const
const SELLER_AND_STAFF = ['seller', 'staff'] as const
const BUYER_AND_STAFF = ['buyer', 'staff'] as const
const ALL = ['buyer', 'seller', 'staff'] as const

const status: KeyRule = { label: 'Status', as: 'state' }
const text = (label: string, more: Omit<KeyRule, 'label'> = {}): KeyRule => ({ label, ...more })
const money = (label: string, needs: readonly Sight[] = []): KeyRule => ({ label, as: 'money', needs })

/** A seller order step the seller reads, with its note (reasons are written for the seller). */
const sellerReads: ActionRule = { readers: SELLER_AND_STAFF, note: SELLER_AND_STAFF }

const addressKeys: Record<string, KeyRule> = {
  kind: text('Kind', { as: 'state' }),
  label: text('Label'),
  line1: text('Line 1'),
  line2: text('Line 2'),
  city: text('City'),
  state: text('State'),
  pin: text('PIN'),
  country: text('Country'),
  isDefault: text('Default', { as: 'yesno' }),
}

/** What a company's own people read of its own record: its contact, addresses and invitations. */
const ownCompany = { readers: ALL, note: ALL } as const satisfies ActionRule

const companyRecord: RecordRule = {
  keys: {
    ...addressKeys,
    name: text('Name'),
    legal_name: text('Legal name'),
    gstin: text('GSTIN'),
    contact_email: text('Contact e-mail'),
    contact_phone: text('Contact phone'),
    kam: text('KAM'),
    agent: text('Agent'),
    credit_limit: money('Credit limit'),
    payment_terms_days: text('Payment terms (days)', { as: 'count' }),
    'orders approved automatically': text('Orders approved automatically', { as: 'yesno' }),
    status,
    address: text('Address'),
    first_user: text('First user'),
    firstUser: text('First user'),
    email: text('E-mail'),
    companyAdmin: text('Company admin', { as: 'yesno' }),
    payment: text('Payment', { needs: ['settlement'] }),
    amount: money('Amount', ['settlement']),
    mode: text('Mode', { as: 'state', needs: ['settlement'] }),
    reference: text('Reference', { needs: ['settlement'] }),
    received: text('Received on', { as: 'date', needs: ['settlement'] }),
    creditNote: text('Credit note', { needs: ['settlement'] }),
    invoice: text('Invoice', { needs: ['settlement'] }),
  },
  actions: {
    'address.created': ownCompany,
    'address.updated': ownCompany,
    'address.removed': ownCompany,
    'address.made_default': ownCompany,
    'company.contact_updated': ownCompany,
    'user.invited': ownCompany,
    'buyer_payment.received': { needs: ['settlement'] },
    'credit_note.issued': { needs: ['settlement'] },
  },
}

/** Per record type (the audit entry's entity_type). */
export const RECORDS: Record<string, RecordRule> = {
  master_order: {
    keys: {
      code: text('Order'),
      buyer: text('Buyer', { needs: ['buyer'] }),
      lines: text('Lines', { as: 'count' }),
      value: money('Value', ['value']),
      gst: money('GST', ['value']),
      seller_orders: text('Seller orders', { as: 'list', readers: STAFF, needs: ['sellers'] }),
      status,
      credit_hold: text('Credit hold', { as: 'state', readers: STAFF }),
    },
    actions: {
      'master_order.placed': { readers: ALL },
      'master_order.status_changed': { readers: BUYER_AND_STAFF },
      // Told by its own teller (history.ts): per line, the buyer's code, quantity and expected date.
      'master_order.lines_changed': { readers: BUYER_AND_STAFF },
      // The buyer's agreement to a counter-offer that gives it less or later (its KAM, an admin or its own user).
      'master_order.change_agreed': {
        readers: BUYER_AND_STAFF,
        what: { buyer: 'proposed change agreed', staff: 'buyer’s agreement to the counter-offer recorded' },
      },
      // The credit hold (docs/domain.md "Credit"): staff who see order values read why it was held,
      // released or cancelled (its note tells the buyer's exposure and the order's value).
      'master_order.credit_held': { readers: STAFF, needs: ['value'], note: STAFF },
      'master_order.credit_released': { readers: STAFF, needs: ['value'], note: STAFF },
      'master_order.credit_cancelled': { readers: STAFF, needs: ['value'], note: STAFF },
    },
  },
  seller_order: {
    keys: {
      status,
      code: text('Seller order'),
      order: text('Order'),
      seller: text('Seller', { needs: ['sellers'] }),
      lines: text('Lines', { as: 'count' }),
      cost: { ...money('Cost', ['cost']), labelFor: { seller: 'Your value' } },
      moved_from: text('Moved from', { readers: STAFF, needs: ['sellers'] }),
      moved_to: text('Moved to', { readers: STAFF, needs: ['sellers'] }),
      split_from: text('Split from'),
      inspection: text('Inspection'),
      line: text('Line'),
      stage: text('Stage'),
      request: text('Transport request'),
      type: text('Transport', { as: 'state' }),
      day: text('Day', { as: 'date' }),
      slot: text('Slot', { as: 'state' }),
      operator: text('QC operator', { readers: STAFF }),
      invoice: text('Invoice', { readers: STAFF, needs: ['value', 'settlement'] }),
      total: { label: 'Invoice total', as: 'money', readers: STAFF, needs: ['value', 'settlement'] },
      second_approval_above: { label: 'Second approver above', as: 'money', readers: STAFF, needs: ['value'] },
    },
    patterns: [{ match: /^line \d+$/, rule: { label: 'Line', needs: ['cost'] } }],
    actions: {
      'seller_order.created': sellerReads,
      'seller_order.approved': sellerReads,
      // The first of two approvals (docs/domain.md "Approval rules"): the team's own matter.
      'seller_order.first_approved': { readers: STAFF },
      'seller_order.rejected': sellerReads,
      'seller_order.cancelled': sellerReads,
      'seller_order.counter_offer_recorded': sellerReads,
      'seller_order.counter_offer_accepted': sellerReads,
      'seller_order.counter_offer_declined': sellerReads,
      'seller_order.production_started': sellerReads,
      'seller_order.ready_for_qc': sellerReads,
      'seller_order.reworked': sellerReads,
      'seller_order.stage_moved': sellerReads,
      'seller_order.qc_scheduled': sellerReads,
      'seller_order.qc_passed': sellerReads,
      'seller_order.qc_failed': sellerReads,
      'seller_order.transport_requested': sellerReads,
      'seller_order.dispatched': sellerReads,
      'seller_order.delivered': sellerReads,
      // The losing seller reads that its lines went elsewhere, never to whom (nor the new order's code).
      'seller_order.lines_moved': {
        readers: SELLER_AND_STAFF,
        keys: { seller: { label: 'To seller', readers: STAFF, needs: ['sellers'] } },
      },
      // The buyer's invoice (its number and total, in the entry and its note) is the buyer's value:
      // told to staff who see value and settlement, never to the seller, the supplier team or logistics.
      'buyer_invoice.raised': { needs: ['value', 'settlement'], note: STAFF },
    },
  },
  buyer: companyRecord,
  seller: companyRecord,
  sample_order: {
    keys: {
      status,
      code: text('Sample order'),
      buyer: text('Buyer', { readers: STAFF }),
      items: text('Items', { as: 'list', readers: STAFF }),
      courier: text('Courier'),
      trackingNumber: text('Tracking number'),
      stock: text('Stock', { as: 'list', readers: STAFF }),
      ratings: text('Ratings', { as: 'list' }),
      invoice: text('Invoice'),
      total: money('Invoice total'),
    },
    actions: {
      ...Object.fromEntries(
        ['requested', 'approved', 'rejected', 'dispatched', 'delivered', 'closed', 'cancelled'].map((step) => [
          `sample_order.${step}`,
          { readers: BUYER_AND_STAFF, note: BUYER_AND_STAFF },
        ]),
      ),
      // The invoice of the sample charges, raised on dispatch: the buyer's own, so the buyer and staff read it.
      'buyer_invoice.raised': { readers: BUYER_AND_STAFF, note: BUYER_AND_STAFF },
    },
  },
  transport_request: {
    keys: {
      status: text('Status', { as: 'state' }),
      state: text('Bill', { as: 'state' }),
      type: text('Transport', { as: 'state' }),
      order: text('Order'),
      request: text('Request', { as: 'state' }),
      from: text('From'),
      to: text('To'),
      fromCity: text('From city'),
      toCity: text('To city'),
      pickupOn: text('Pick-up day', { as: 'date' }),
      pickupAt: text('Pick-up', { as: 'datetime' }),
      expectedDeliveryAt: text('Expected delivery', { as: 'datetime' }),
      weightKg: text('Weight (kg)', { as: 'count' }),
      packages: text('Packages', { as: 'count' }),
      packageWeightsKg: text('Package weights (kg)'),
      notes: text('Notes'),
      booking: text('Booking'),
      pickedUpAt: text('Picked up', { as: 'datetime' }),
      transporter: text('Transporter'),
      vehicle: text('Vehicle'),
      driverPhone: text('Driver’s phone'),
      lr: text('LR number'),
      freight: money('Freight'),
      distanceKm: text('Distance (km)', { as: 'count' }),
      transporterGstin: text('Transporter’s GSTIN / TRANSIN'),
      ewayBill: text('E-way bill'),
      generated: text('Generated'),
      millInvoice: text('Mill’s invoice'),
      dated: text('Dated', { as: 'date' }),
      validUntil: text('Valid until'),
      reason: text('Reason'),
      remark: text('Remark'),
      place: text('Place'),
      remainingKm: text('Distance still to go (km)', { as: 'count' }),
      bill: text('Bill'),
      date: text('Bill date', { as: 'date' }),
      amount: money('Amount'),
      gst: money('GST'),
      due: text('Due', { as: 'date' }),
      paidOn: text('Paid on', { as: 'date' }),
      reference: text('Reference'),
    },
  },
  qc_inspection: {
    keys: {
      status,
      code: text('Inspection'),
      day: text('Day', { as: 'date' }),
      slot: text('Slot', { as: 'state' }),
      operator: text('Operator'),
      disposition: text('Rejected part', { as: 'state' }),
      rejected_part: text('Rejected part'),
      failed_conditions: text('Failed conditions', { as: 'list' }),
      photos: text('Photos', { as: 'count' }),
      override_reason: text('Accepted against the inspector’s verdict, because', { readers: STAFF }),
      switching: text('Switching state', { as: 'list', readers: STAFF }),
    },
  },
  user: {
    keys: {
      status,
      email: text('E-mail'),
      name: text('Name'),
      phone: text('Phone'),
      roles: text('Roles', { as: 'list' }),
      company: text('Company'),
      companyAdmin: text('Company admin', { as: 'yesno' }),
      access: text('Access'),
      ended: text('Sessions ended', { as: 'count' }),
    },
  },
  product: {
    keys: {
      ...addressKeys,
      slug: text('Slug'),
      name: text('Name'),
      unit: text('Unit'),
      active: text('Active', { as: 'yesno' }),
      line: text('Product line'),
      lines: text('Product lines'),
      key: text('Key'),
      label: text('Label'),
      type: text('Type', { as: 'state' }),
      required: text('Required', { as: 'yesno' }),
      values: text('Values'),
      order: text('Order of attributes'),
    },
  },
  product_sku: {
    keys: {
      status,
      code: text('Code'),
      name: text('Name'),
      category: text('Category'),
      product_line: text('Product line'),
      moq: text('MOQ'),
      images_added: text('Images added', { as: 'count' }),
      images_removed: text('Images removed', { as: 'count' }),
    },
  },
  buyer_sku: {
    keys: {
      status,
      buyer: text('Buyer'),
      product_sku: text('Product SKU'),
      buyer_code: text('Buyer code'),
      price: money('Price'),
      moq: text('MOQ'),
      version: text('Version'),
      effective_from: text('In force from', { as: 'datetime' }),
      in_force_from: text('In force from', { as: 'datetime' }),
    },
  },
  price_request: {
    keys: {
      status,
      version: text('Version'),
      buyer_sku: text('Buyer SKU'),
      price_now: money('Price now'),
      proposed_price: money('Proposed price'),
      base_price: money('Base price (made against)'),
      effective_from: text('In force from', { as: 'date' }),
      reason: text('Reason'),
    },
  },
  seller_sku: {
    keys: {
      status,
      seller: text('Seller'),
      product_sku: text('Product SKU'),
      seller_code: text('Seller’s code'),
      cost: money('Cost'),
      moq: text('MOQ'),
      monthly_capacity: text('Monthly capacity'),
      lead_time_days: text('Lead time (days)', { as: 'count' }),
    },
  },
  // A bulk import's own entries (docs/domain.md "Bulk imports (issue 40)"); the records it wrote
  // carry their own entries, each noting the import and row.
  import_job: {
    keys: {
      status,
      kind: text('Kind'),
      file: text('File'),
      rows: text('Rows', { as: 'count' }),
      to_create: text('To create', { as: 'count' }),
      to_change: text('To change', { as: 'count' }),
      unchanged: text('Unchanged', { as: 'count' }),
      refused: text('Refused', { as: 'count' }),
      created: text('Created', { as: 'count' }),
      changed: text('Changed', { as: 'count' }),
      already_so: text('Already so when applied', { as: 'count' }),
      refused_when_applied: text('Refused when applied', { as: 'count' }),
      price_change_requests: text('Price-change requests made', { as: 'count' }),
    },
  },
  sample_sku: {
    keys: {
      code: text('Code'),
      name: text('Name'),
      category: text('Category'),
      product_sku: text('Product SKU'),
      charge: money('Charge'),
      stock: text('Stock', { as: 'count' }),
      image: text('Image'),
      active: text('Active', { as: 'yesno' }),
    },
  },
  category: {
    keys: {
      name: text('Name'),
      hsn_code: text('HSN code'),
      gst_rate: text('GST rate'),
      gst_slab: text('GST value slab'),
      active: text('Active', { as: 'yesno' }),
      margin_floor: text('Margin floor'),
      second_approval_above: money('Second approver above'),
      stages: text('Stages', { as: 'list' }),
      condition: text('Condition'),
      attribute: text('Attribute'),
      rule: text('Rule'),
      severity: text('Severity', { as: 'state' }),
      qc_method: text('Inspection method'),
      qc_level: text('Inspection level'),
      aql_critical: text('AQL critical'),
      aql_major: text('AQL major'),
      aql_minor: text('AQL minor'),
      points_limit: text('Points limit'),
      defect_type: text('Defect type'),
      hole: text('Hole', { as: 'yesno' }),
    },
  },
}

/** Who reads the entry at all, and what that sight must include. */
export function actionRule(entityType: string, action: string): ActionRule {
  return RECORDS[entityType]?.actions?.[action] ?? {}
}

/** The rule of one key of an action's entry, or undefined: a key not declared is never told. */
export function keyRule(entityType: string, action: string, key: string): KeyRule | undefined {
  const record = RECORDS[entityType]
  if (!record) return undefined
  const own = record.actions?.[action]?.keys
  if (own && key in own) return own[key] ?? undefined
  return record.keys[key] ?? record.patterns?.find((p) => p.match.test(key))?.rule
}
