import { sql } from 'kysely'
import { kolkataDay } from '../app/utils/format'
import { documentNumber, documentScope, type DocumentPrefix } from '../app/platform/numbering.server'
import { advanceIdSequence, refreshAfterBulkLoad } from '#db/dialect.js'
import type { Database } from '#db/database'
import { randomSource } from './catalogue'
import type { TransportType } from '#db/types'

// Logistics and money at scale (npm run db:seed:scale, npm run bench -- logistics): on top of the
// orders at scale, the transport of their seller orders (a first mile and a last mile each, then
// returns, until `bookings` bookings), each booked with one of forty transporters and billed, the
// bills of the last weeks unpaid (overdue, due this week, later); seller orders that passed QC get
// requests open or booked for the coming days. And the buyers' ledgers: an invoice per delivered
// seller order and its payment in four instalments (the last weeks' still open), until `ledgerRows`
// ledger rows, each buyer's rows numbered and balanced in date order, its account row their sums.
// Plain batched inserts with ids given up front, portable to PostgreSQL. Buyers that already have
// a ledger (the demo's) are left as they are.

export const LOGISTICS_SCALE = { bookings: 1_000_000, ledgerRows: 2_000_000 }

const ROWS_PER_INSERT = 500
const CHUNK = 20_000
const DAY = 86_400_000
const CITIES = [
  'Mumbai',
  'Surat',
  'Ludhiana',
  'Tiruppur',
  'Bengaluru',
  'New Delhi',
  'Ahmedabad',
  'Kolkata',
  'Jaipur',
  'Coimbatore',
]
type Table =
  | 'transport_requests'
  | 'transport_bookings'
  | 'buyer_invoices'
  | 'buyer_invoice_lines'
  | 'buyer_payments'
  | 'payment_allocations'
  | 'buyer_ledger'
  | 'transporters'

async function insertRows(db: Database, table: Table, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .execute()
}

const place = (party: string, city: string) =>
  JSON.stringify({
    party,
    label: null,
    line1: `Plot ${city.length * 7}, Industrial Estate`,
    line2: null,
    city,
    state: 'Maharashtra',
    pin: '400001',
    phone: null,
    addressId: null,
  })

export async function seedLogisticsScale(
  db: Database,
  scale: { bookings: number; ledgerRows: number },
  now = new Date(),
): Promise<void> {
  const random = randomSource(23)
  const dayOf = (ms: number) => kolkataDay(new Date(ms))
  const counters = new Map(
    (await db.selectFrom('code_counters').select(['scope', 'last']).execute()).map((c) => [c.scope, Number(c.last)]),
  )
  const code = (scope: string, width = 6, sep = '-') => {
    const next = (counters.get(scope) ?? 0) + 1
    counters.set(scope, next)
    return `${scope}${sep}${String(next).padStart(width, '0')}`
  }
  /** The next document number of a series (the counter per series and financial year, as the app's). */
  const documentCode = (prefix: DocumentPrefix, day: string) => {
    const scope = documentScope(prefix, day)
    const next = (counters.get(scope) ?? 0) + 1
    counters.set(scope, next)
    return documentNumber(prefix, day, next)
  }

  await db
    .insertInto('transporters')
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        name: `Scale Transport ${String(i + 1).padStart(2, '0')}`,
        name_key: `scale transport ${String(i + 1).padStart(2, '0')}`,
      })),
    )
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute()
  const transporters = (await db.selectFrom('transporters').select('id').orderBy('id').execute()).map((t) => t.id)
  const [lastRequest, lastBooking, lastInvoice, lastLine, lastPayment, lastAllocation] = await Promise.all(
    (
      [
        'transport_requests',
        'transport_bookings',
        'buyer_invoices',
        'buyer_invoice_lines',
        'buyer_payments',
        'payment_allocations',
      ] as const
    ).map((t) =>
      db
        .selectFrom(t)
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
        .then((r) => Number(r?.id ?? 0)),
    ),
  )
  let requestId = lastRequest!
  let bookingId = lastBooking!
  let invoiceId = lastInvoice!
  let lineId = lastLine!
  let paymentId = lastPayment!
  let allocationId = lastAllocation!
  // Buyers with entries before today keep their ledgers as they are (the scale's entries would come
  // after them with older dates). A buyer whose entries are all of today (a sample order's invoice)
  // takes the scale's history before them: its entries make room above, and move down after it.
  const today = dayOf(now.getTime())
  const ledgered = new Set(
    (await db.selectFrom('buyer_ledger').select('buyer_id').distinct().where('entry_on', '<', today).execute()).map(
      (a) => a.buyer_id,
    ),
  )
  const carried = (await db.selectFrom('buyer_accounts').select('buyer_id').execute())
    .map((a) => a.buyer_id)
    .filter((id) => !ledgered.has(id))
  const ROOM = 1_000_000_000
  for (const buyerId of carried)
    await db
      .updateTable('buyer_ledger')
      .set((eb) => ({ seq: eb('seq', '+', ROOM) }))
      .where('buyer_id', '=', buyerId)
      .execute()

  // ---------- Transport ----------
  type Source = {
    id: number
    code: string
    status: string
    master_order_id: number
    created_at: string
    buyer_id: number
    value_minor: number
    gst: number
  }
  async function* sellerOrders(statuses: string[]): AsyncGenerator<Source[]> {
    let after = 0
    for (;;) {
      const rows = await db
        .selectFrom('seller_orders as so')
        .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
        .select([
          'so.id',
          'so.code',
          'so.status',
          'so.master_order_id',
          'so.created_at',
          'mo.buyer_id',
          'so.value_minor',
          'mo.gst_minor',
          'mo.value_minor as moValue',
        ])
        .where('so.status', 'in', statuses as never)
        .where('so.id', '>', after)
        .orderBy('so.id')
        .limit(CHUNK)
        .execute()
      if (!rows.length) return
      yield rows.map((r) => ({
        ...r,
        value_minor: Number(r.value_minor),
        gst: Number(r.moValue) ? Math.round((Number(r.gst_minor) * Number(r.value_minor)) / Number(r.moValue)) : 0,
      }))
      after = rows[rows.length - 1]!.id
    }
  }

  let bookings = 0
  const requestRows: Record<string, unknown>[] = []
  const bookingRows: Record<string, unknown>[] = []
  const flush = async () => {
    await db.transaction().execute(async (tx) => {
      await insertRows(tx as unknown as Database, 'transport_requests', requestRows)
      await insertRows(tx as unknown as Database, 'transport_bookings', bookingRows)
    })
    requestRows.length = 0
    bookingRows.length = 0
  }
  /** A request and its booking: delivered when `deliveredAt` is given, else picked up, booked or open (no booking). */
  const move = (
    so: Source,
    type: TransportType,
    pickupMs: number,
    state: 'delivered' | 'picked_up' | 'booked' | 'open',
  ) => {
    const pickupOn = dayOf(pickupMs)
    const fromCity = CITIES[so.id % CITIES.length]!
    const toCity = CITIES[(so.id + 3) % CITIES.length]!
    requestRows.push({
      id: ++requestId,
      code: code(`TR-${pickupOn.slice(0, 4)}`),
      transport_type: type,
      status: state === 'delivered' ? 'delivered' : state === 'picked_up' ? 'in_transit' : state,
      seller_order_id: so.id,
      master_order_id: so.master_order_id,
      sample_order_id: null,
      order_code: so.code,
      order_ref: `SO:${so.id}`,
      from_json: place(type === 'first_mile' ? 'Seller' : 'Platform warehouse', fromCity),
      to_json: place(type === 'first_mile' ? 'Platform warehouse' : 'Buyer', toCity),
      from_city: fromCity,
      to_city: toCity,
      pickup_on: pickupOn,
      weight_grams: random.int(20, 2_000) * 1_000,
      packages: random.int(1, 40),
      created_at: new Date(pickupMs - 2 * DAY).toISOString(),
      updated_at: new Date(pickupMs).toISOString(),
    })
    if (state === 'open') return
    bookings++
    const deliveryMs = pickupMs + random.int(1, 4) * DAY
    const freight = random.int(30, 400) * 10_000
    const billed = state === 'delivered'
    const billDay = dayOf(deliveryMs + 2 * DAY)
    const dueDay = dayOf(deliveryMs + 32 * DAY)
    const paid = billed && deliveryMs < now.getTime() - 45 * DAY
    bookingRows.push({
      id: ++bookingId,
      code: code(`TB-${pickupOn.slice(0, 4)}`),
      request_id: requestId,
      transporter_id: transporters[so.id % transporters.length]!,
      status: state,
      vehicle_number: `MH${String(10 + (so.id % 40))}AB${String(1000 + (so.id % 9000))}`,
      driver_phone: null,
      lr_number: `LR${so.id}${type === 'first_mile' ? 'F' : type === 'last_mile' ? 'L' : 'R'}`,
      pickup_at: new Date(pickupMs).toISOString(),
      pickup_on: pickupOn,
      expected_delivery_at: new Date(deliveryMs).toISOString(),
      delivery_on: dayOf(deliveryMs),
      picked_up_at: state === 'delivered' || state === 'picked_up' ? new Date(pickupMs).toISOString() : null,
      delivered_at: state === 'delivered' ? new Date(deliveryMs).toISOString() : null,
      freight_minor: freight,
      bill_state: billed ? (paid ? 'paid' : 'unpaid') : 'none',
      bill_number: billed ? `SB-${bookingId}` : null,
      bill_date: billed ? billDay : null,
      bill_amount_minor: billed ? freight : null,
      // Under reverse charge (issue 52): a GTA's bill carries no GST.
      bill_gst_minor: billed ? 0 : null,
      bill_due_on: billed ? dueDay : null,
      paid_on: paid ? dayOf(deliveryMs + 30 * DAY) : null,
      payment_reference: paid ? `NEFT-${bookingId}` : null,
      paid_at: paid ? new Date(deliveryMs + 30 * DAY).toISOString() : null,
      created_at: new Date(pickupMs - DAY).toISOString(),
      updated_at: new Date(Math.min(now.getTime(), deliveryMs + 30 * DAY)).toISOString(),
    })
  }

  // Seller orders that passed QC: their first mile is open or booked for the coming fortnight
  // (those that have a request already, the demo's, are left as they are).
  const busy = new Set(
    (
      await db
        .selectFrom('transport_requests')
        .select('seller_order_id')
        .where('seller_order_id', 'is not', null)
        .execute()
    ).map((r) => r.seller_order_id),
  )
  for await (const chunk of sellerOrders(['qc_passed', 'dispatched'])) {
    for (const so of chunk) {
      if (bookings >= scale.bookings) break
      if (busy.has(so.id)) continue
      const soon = now.getTime() + random.int(0, 14) * DAY + random.int(8, 18) * 3_600_000
      if (so.status === 'qc_passed') move(so, 'first_mile', soon, random.next() < 0.5 ? 'open' : 'booked')
      else {
        move(so, 'first_mile', now.getTime() - random.int(3, 10) * DAY, 'delivered')
        move(so, 'last_mile', now.getTime() - random.int(0, 2) * DAY, 'picked_up')
      }
    }
    if (requestRows.length) await flush()
  }
  // Delivered seller orders: both legs delivered; then returns of some, until the bookings are made.
  for (const pass of ['legs', 'returns'] as const) {
    if (bookings >= scale.bookings) break
    for await (const chunk of sellerOrders(['delivered'])) {
      for (const so of chunk) {
        if (bookings >= scale.bookings) break
        const placed = Date.parse(so.created_at)
        if (pass === 'legs') {
          move(so, 'first_mile', placed + 30 * DAY, 'delivered')
          if (bookings < scale.bookings) move(so, 'last_mile', placed + 35 * DAY, 'delivered')
        } else move(so, 'return', placed + 60 * DAY, 'delivered')
      }
      if (requestRows.length) await flush()
      if (bookings >= scale.bookings) break
    }
  }
  for (const table of ['transport_requests', 'transport_bookings', 'transporters'] as const)
    await advanceIdSequence(db, table)
  await recountBookingDays(db)
  await db.deleteFrom('transport_request_counts').execute()
  await db
    .insertInto('transport_request_counts')
    .columns(['transport_type', 'status', 'n'])
    .expression((eb) =>
      eb
        .selectFrom('transport_requests')
        .select((inner) => ['transport_type', 'status', inner.fn.countAll<number>().as('n')])
        .groupBy(['transport_type', 'status']),
    )
    .execute()

  // ---------- Ledgers ----------
  // Events in date order: each invoice (its seller order delivered 40 days after it was placed) and
  // its payment in four instalments (a quarter after 8, 16 and 24 days, the rest after 30),
  // those still to come left out. Seller orders come in id order, the order they were placed in, so
  // the invoices and each instalment's stream are in date order and merge as they go. An invoice is
  // written once its instalments are in (thirty days on), with what was paid and its allocations.
  type Account = { seq: number; invoiced: number; received: number }
  type Held = {
    at: number
    row: Record<string, unknown>
    line: Record<string, unknown>
    allocations: Record<string, unknown>[]
    paid: number
    total: number
  }
  const accounts = new Map<number, Account>()
  const INSTALMENTS = [
    { after: 8, share: 0.25 },
    { after: 16, share: 0.25 },
    { after: 24, share: 0.25 },
    { after: 30, share: 1 },
  ]
  const queues = INSTALMENTS.map(() => [] as { at: number; buyerId: number; invoice: number; amount: number }[])
  const held = new Map<number, Held>()
  const heldOrder: Held[] = []
  let ledgerRows = 0
  const invoices: Record<string, unknown>[] = []
  const lines: Record<string, unknown>[] = []
  const payments: Record<string, unknown>[] = []
  const allocations: Record<string, unknown>[] = []
  const ledger: Record<string, unknown>[] = []
  const post = (
    buyerId: number,
    at: number,
    kind: 'invoice' | 'payment',
    refId: number,
    refNumber: string,
    amount: number,
  ) => {
    const account = accounts.get(buyerId) ?? { seq: 0, invoiced: 0, received: 0 }
    accounts.set(buyerId, account)
    account.seq++
    if (kind === 'invoice') account.invoiced += amount
    else account.received += amount
    ledgerRows++
    ledger.push({
      buyer_id: buyerId,
      seq: account.seq,
      entry_on: dayOf(at),
      kind,
      ref_id: refId,
      ref_number: refNumber,
      debit_minor: kind === 'invoice' ? amount : 0,
      credit_minor: kind === 'invoice' ? 0 : amount,
      balance_minor: account.invoiced - account.received,
      created_at: new Date(at).toISOString(),
    })
  }
  /** Writes the invoices whose instalments are all in by `until` (everything when it is infinite). */
  const release = (until: number) => {
    while (heldOrder.length && heldOrder[0]!.at + 30 * DAY < until) {
      const h = heldOrder.shift()!
      held.delete(h.row.id as number)
      invoices.push({ ...h.row, paid_minor: h.paid, status: h.paid === h.total ? 'settled' : 'open' })
      lines.push(h.line)
      allocations.push(...h.allocations)
    }
  }
  /** Posts the instalments due by `until`, oldest first across the four streams. */
  const pay = (until: number) => {
    for (;;) {
      let next = -1
      for (const [q, queue] of queues.entries())
        if (queue.length && queue[0]!.at <= until && (next < 0 || queue[0]!.at < queues[next]![0]!.at)) next = q
      if (next < 0 || ledgerRows >= scale.ledgerRows) return
      const p = queues[next]!.shift()!
      const day = dayOf(p.at)
      const number = documentCode('RCPT', day)
      payments.push({
        id: ++paymentId,
        number,
        buyer_id: p.buyerId,
        received_on: day,
        amount_minor: p.amount,
        mode: (['neft', 'rtgs', 'upi', 'imps'] as const)[next],
        reference: `UTR${paymentId}`,
        unallocated_minor: 0,
        created_at: new Date(p.at).toISOString(),
      })
      const h = held.get(p.invoice)!
      h.paid += p.amount
      h.allocations.push({
        id: ++allocationId,
        payment_id: paymentId,
        invoice_id: p.invoice,
        amount_minor: p.amount,
        created_at: new Date(p.at).toISOString(),
      })
      post(p.buyerId, p.at, 'payment', paymentId, number, p.amount)
    }
  }
  const writeLedgerChunk = async () => {
    await db.transaction().execute(async (tx) => {
      const t = tx as unknown as Database
      await insertRows(t, 'buyer_invoices', invoices)
      await insertRows(t, 'buyer_invoice_lines', lines)
      await insertRows(t, 'buyer_payments', payments)
      await insertRows(t, 'payment_allocations', allocations)
      await insertRows(t, 'buyer_ledger', ledger)
    })
    for (const list of [invoices, lines, payments, allocations, ledger]) list.length = 0
  }
  let done = false
  for await (const chunk of sellerOrders(['delivered'])) {
    const firstLines = await db
      .selectFrom('sub_orders')
      .select(['seller_order_id', (eb) => eb.fn.min('id').as('id')])
      .where(
        'seller_order_id',
        'in',
        chunk.map((so) => so.id),
      )
      .groupBy('seller_order_id')
      .execute()
    const lineOf = new Map(firstLines.map((l) => [l.seller_order_id, Number(l.id)]))
    for (const so of chunk) {
      if (ledgered.has(so.buyer_id) || !lineOf.has(so.id)) continue
      const at = Date.parse(so.created_at) + 40 * DAY
      if (at > now.getTime()) continue
      pay(at)
      release(at)
      if (ledgerRows >= scale.ledgerRows) {
        done = true
        break
      }
      const day = dayOf(at)
      const number = documentCode('INV', day)
      const total = so.value_minor + so.gst
      const h: Held = {
        at,
        total,
        paid: 0,
        allocations: [],
        row: {
          id: ++invoiceId,
          number,
          buyer_id: so.buyer_id,
          seller_order_id: so.id,
          master_order_id: so.master_order_id,
          invoice_on: day,
          due_on: dayOf(at + 30 * DAY),
          supply: 'inter',
          place_of_supply: 'Maharashtra',
          seller_json: '{}',
          buyer_json: '{}',
          taxable_minor: so.value_minor,
          cgst_minor: 0,
          sgst_minor: 0,
          igst_minor: so.gst,
          total_minor: total,
          credited_minor: 0,
          created_at: new Date(at).toISOString(),
          updated_at: new Date(at).toISOString(),
        },
        line: {
          id: ++lineId,
          invoice_id: invoiceId,
          line_no: 1,
          sub_order_id: lineOf.get(so.id)!,
          description: `Goods of ${so.code}`,
          hsn_code: '520832',
          unit: 'm',
          quantity_milli: 1_000,
          price_minor: so.value_minor,
          taxable_minor: so.value_minor,
          gst_rate_bp: so.value_minor ? Math.round((so.gst * 10_000) / so.value_minor) : 0,
          cgst_minor: 0,
          sgst_minor: 0,
          igst_minor: so.gst,
          total_minor: total,
        },
      }
      held.set(invoiceId, h)
      heldOrder.push(h)
      post(so.buyer_id, at, 'invoice', invoiceId, number, total)
      let left = total
      for (const [q, instalment] of INSTALMENTS.entries()) {
        const amount = q === INSTALMENTS.length - 1 ? left : Math.floor(total * instalment.share)
        left -= amount
        if (amount > 0 && at + instalment.after * DAY <= now.getTime())
          queues[q]!.push({ at: at + instalment.after * DAY, buyerId: so.buyer_id, invoice: invoiceId, amount })
      }
    }
    await writeLedgerChunk()
    if (done) break
  }
  if (!done) pay(now.getTime())
  release(Number.POSITIVE_INFINITY)
  await writeLedgerChunk()
  for (const buyerId of carried) {
    // Its own entries after the scale's: numbered on from them, each balance with the scale's added.
    const account = accounts.get(buyerId) ?? { seq: 0, invoiced: 0, received: 0 }
    await db
      .updateTable('buyer_ledger')
      .set((eb) => ({
        seq: eb(eb('seq', '-', ROOM), '+', account.seq),
        balance_minor: eb('balance_minor', '+', account.invoiced - account.received),
      }))
      .where('buyer_id', '=', buyerId)
      .where('seq', '>', ROOM)
      .execute()
    await db
      .updateTable('buyer_accounts')
      .set((eb) => ({
        invoiced_minor: eb('invoiced_minor', '+', account.invoiced),
        received_minor: eb('received_minor', '+', account.received),
        entries: eb('entries', '+', account.seq),
      }))
      .where('buyer_id', '=', buyerId)
      .execute()
    accounts.delete(buyerId)
  }
  for (const [buyerId, account] of accounts) {
    await db
      .insertInto('buyer_accounts')
      .values({
        buyer_id: buyerId,
        invoiced_minor: account.invoiced,
        received_minor: account.received,
        credited_minor: 0,
        unallocated_minor: 0,
        entries: account.seq,
      })
      .execute()
  }
  for (const [scope, last] of counters) {
    if (!/^(TR|TB)-|^(INV|RCPT)\//.test(scope)) continue
    await db
      .insertInto('code_counters')
      .values({ scope, last })
      .onConflict((oc) => oc.column('scope').doUpdateSet({ last }))
      .execute()
  }
  for (const table of [
    'buyer_invoices',
    'buyer_invoice_lines',
    'buyer_payments',
    'payment_allocations',
    'buyer_ledger',
  ] as const)
    await advanceIdSequence(db, table)
  await refreshAfterBulkLoad(db)
}

/** The calendar's kept day counts worked out again from the bookings, after a bulk load. */
export async function recountBookingDays(db: Database): Promise<void> {
  await db.deleteFrom('transport_booking_days').execute()
  for (const [side, column] of [
    ['pickup', 'pickup_on'],
    ['delivery', 'delivery_on'],
  ] as const) {
    await db
      .insertInto('transport_booking_days')
      .columns(['day', 'side', 'transporter_id', 'n'])
      .expression((eb) =>
        eb
          .selectFrom('transport_bookings')
          .select((inner) => [
            `${column} as day` as never,
            sql<string>`cast(${side} as text)`.as('side'),
            'transporter_id',
            inner.fn.countAll<number>().as('n'),
          ])
          .where('status', '<>', 'cancelled')
          .groupBy([column, 'transporter_id']),
      )
      .execute()
  }
}
