import { releaseForDemo } from './credit'
import { addCartLine, saveCart } from '../app/features/orders/cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { advanceLine } from '../app/features/orders/progress.server'
import { takeSellerOrderStep } from '../app/lifecycle/seller-orders.server'
import {
  createBooking,
  markBillsPaid,
  recordEwayBill,
  recordSupplierInvoice,
  saveBilling,
  transporterId,
} from '../app/features/logistics/bookings.server'
import { saveTransporterTax } from '../app/features/logistics/transporters.server'
import { invoiceBeforePickup, takeBookingStep } from '../app/lifecycle/shipments.server'
import { createRequest } from '../app/features/logistics/requests.server'
import { addressChoices, linkedOrderByCode } from '../app/features/logistics/linked-orders.server'
import { issueCreditNote, issueDebitNote, recordPayment } from '../app/lifecycle/settlements.server'
import { addDays } from '../app/features/settlements/money'
import { expected194Q } from '../app/features/settlements/receipt-rules'
import type { TransportType } from '#db/types'
import { kolkataDay } from '../app/utils/format'
import type { Database } from '#db/database'
import { demoEmail } from './demo-users'
import { dayAt, type SeedClock } from './clock'
import { B2C_ORDERS, seedB2cBuyers } from './b2c'

// Demo logistics and money (README): a year of orders of the demo KAM's three buyers that went
// through first and last mile, were delivered and invoiced, their transporters billed and paid, the
// buyers paying month by month (with a credit note now and then); and today's work: requests open
// and booked, goods on the road, bills due this week and overdue, a sample courier. All through the
// functions the pages call, dated in the past where they happened in the past: each order's steps
// from placing to QC over its first week, each request and booking the days before its pickup (the
// seed clock, ./clock.ts), each needed 30 days after it was placed.

const TRANSPORTERS = [
  'Safexpress',
  'Gati Cargo',
  'VRL Logistics',
  'TCI Freight',
  'Delhivery',
  'Blue Dart',
  'DTDC Courier',
  'Rivigo',
]
/** The transporters' GSTINs or TRANSINs (the e-way bill's transporter id); Rivigo's is not known yet. */
const TRANSPORTER_IDS: Record<string, string> = {
  Safexpress: '07AAACS4517R1ZN',
  'Gati Cargo': '36AABCG1234D1ZP',
  'VRL Logistics': '29AABCV3609C1ZJ',
  'TCI Freight': '27AAACT7966R1ZS',
  Delhivery: '06AAECD9131Q1ZT',
  'Blue Dart': '27AAACB0446L1ZQ',
  'DTDC Courier': '29AAACD8017H1ZX',
}

const ok = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`demo logistics: ${what}: ${result.message}`)
  return result.value
}

/**
 * The year of logistics and money; answers the helpers that moved it (place an order and pass it at QC,
 * move it by first and last mile and bill the freight), so that a later part of the demo moves more
 * orders the same way (./tamil-nadu.ts), after everything seeded here, keeping every row's id.
 */
export async function seedDemoLogistics(db: Database, clock: SeedClock) {
  const user = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
  const staff = { userId: await user(demoEmail('internal')) }
  // Admin places these orders: the internal user's carts hold the demo's open cart.
  const placer = { userId: await user(demoEmail('admin')) }
  const decider = { userId: await user(demoEmail('supplier_admin')) }
  const sellerUser = { userId: await user(demoEmail('seller')) }
  const kam = await user(demoEmail('demand_kam'))
  const agent = await user(demoEmail('supplier_agent'))
  const buyers = await db
    .selectFrom('buyers')
    .select('id')
    .where('kam_user_id', '=', kam)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(3)
    .execute()
  const sellers = await db
    .selectFrom('sellers')
    .select('id')
    .where('agent_user_id', '=', agent)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(3)
    .execute()
  if (buyers.length < 3 || sellers.length < 3) return null

  const skusOf = async (buyerId: number) =>
    db
      .selectFrom('buyer_skus')
      .innerJoin('seller_skus as o', (join) =>
        join.onRef('o.product_sku_id', '=', 'buyer_skus.product_sku_id').on('o.status', '=', 'live'),
      )
      .select(['buyer_skus.id', 'buyer_skus.product_sku_id', 'o.id as offerId', 'o.seller_id'])
      .where('buyer_skus.buyer_id', '=', buyerId)
      .where('buyer_skus.status', '=', 'active')
      .orderBy('buyer_skus.id')
      .execute()

  /**
   * An order of one line placed through the cart, dated `daysAgo` back, taken to QC passed: the next of
   * the offers in turn, or the one picked (a boutique's, `pick`: its yarn, seller and kg).
   */
  type Pick = { productSkuId: number; sellerId: number; quantity: string; key: string }
  let n = 0
  const passedOrder = async (buyerId: number, daysAgo: number, pick?: Pick) => {
    // Placed at ten in the morning, approved, made and passed at QC over the following days.
    const placedAt = dayAt(-daysAgo, 10)
    const passedAt = dayAt(-daysAgo + 5, 16)
    // Placing, approval, start, nine stages, ready and passed: each step its own moment.
    const sellerOrder = await placeAndPass(
      buyerId,
      clock.steps(placedAt, passedAt, (passedAt.getTime() - placedAt.getTime()) / 13),
      pick,
    )
    // Needed 30 days after it was placed (the cart takes only dates from today).
    const neededBy = addDays(kolkataDay(placedAt), 30)
    const masterOrderId = (
      await db
        .selectFrom('seller_orders')
        .select('master_order_id')
        .where('id', '=', sellerOrder.id)
        .executeTakeFirstOrThrow()
    ).master_order_id
    await db.updateTable('master_orders').set({ required_by: neededBy }).where('id', '=', masterOrderId).execute()
    await db
      .updateTable('sub_orders')
      .set({ required_by: neededBy })
      .where('master_order_id', '=', masterOrderId)
      .execute()
    return sellerOrder
  }
  const placeAndPass = async (buyerId: number, at: ReturnType<SeedClock['steps']>, pick?: Pick) => {
    const offers = (await skusOf(buyerId)).filter((o) => sellers.some((s) => s.id === o.seller_id))
    const offer = pick
      ? offers.find((o) => o.product_sku_id === pick.productSkuId && o.seller_id === pick.sellerId)!
      : offers[n % offers.length]!
    if (!pick) n++
    const order = await at(async () => {
      const { lineId } = ok(await addCartLine(db, placer, buyerId, offer.id), 'add a line')
      const line = await db
        .selectFrom('order_cart_lines')
        .select('quantity')
        .where('id', '=', lineId)
        .executeTakeFirstOrThrow()
      const cart = await db
        .selectFrom('order_carts')
        .select(['ship_to_address_id', 'bill_to_address_id'])
        .where('user_id', '=', placer.userId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow()
      ok(
        await saveCart(db, placer, buyerId, {
          shipTo: cart.ship_to_address_id,
          billTo: cart.bill_to_address_id,
          lines: [
            {
              id: lineId,
              quantity: pick?.quantity ?? (line.quantity || '500'),
              requiredBy: addDays(kolkataDay(), 30),
              sellerSkuId: offer.offerId,
            },
          ],
        }),
        'fill the cart',
      )
      const placed = ok(await placeCart(db, placer, buyerId, pick?.key ?? `demo-logistics-${n}`), 'place')
      await releaseForDemo(db, placer, placed.id)
      return placed
    })
    const sellerOrder = await db
      .selectFrom('seller_orders')
      .select(['id', 'code'])
      .where('master_order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    await at(async () => ok(await takeSellerOrderStep(db, decider, sellerOrder.id, 'approve'), 'approve'))
    await at(async () =>
      ok(await takeSellerOrderStep(db, sellerUser, sellerOrder.id, 'start_production'), 'start production'),
    )
    for (const l of await db
      .selectFrom('sub_orders')
      .select(['id'])
      .where('seller_order_id', '=', sellerOrder.id)
      .execute()) {
      for (let k = 0; k < 9; k++) {
        const stage = await db
          .selectFrom('sub_orders')
          .select('stage_position')
          .where('id', '=', l.id)
          .executeTakeFirstOrThrow()
        if (!(await at(() => advanceLine(db, sellerUser, null, l.id, stage.stage_position))).ok) break
      }
    }
    await at(async () => ok(await takeSellerOrderStep(db, sellerUser, sellerOrder.id, 'ready_for_qc'), 'ready for QC'))
    await at(async () =>
      ok(await takeSellerOrderStep(db, staff, sellerOrder.id, 'qc_pass', 'Passed at the seller’s gate'), 'QC passed'),
    )
    // The seller then takes the lines through the stages after QC. (The demo passes these orders' QC by
    // the step alone, with no inspection to open the gate, so the lines are put at the last stage.)
    for (const l of await db
      .selectFrom('sub_orders')
      .select(['id', 'category_id'])
      .where('seller_order_id', '=', sellerOrder.id)
      .execute()) {
      const last = await db
        .selectFrom('workflow_stages')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('category_id', '=', l.category_id)
        .executeTakeFirst()
      await db
        .updateTable('sub_orders')
        .set({ stage_position: Number(last?.position ?? 0) })
        .where('id', '=', l.id)
        .execute()
    }
    return sellerOrder
  }

  /** A request asked for two days before its pickup: to the first place offered, or to the warehouse in `toState`. */
  const request = async (type: TransportType, code: string, pickupOffset: number, key: string, toState?: string) => {
    const order = (await linkedOrderByCode(db, code))!
    const choices = await addressChoices(db, type, order)
    const to = (toState && choices.to.find((a) => a.snapshot.state === toState)) || choices.to[0]!
    // Asked for two days before the pickup.
    return clock.at(dayAt(pickupOffset - 2, 11), async () =>
      ok(
        await createRequest(
          db,
          staff,
          type,
          code,
          {
            fromAddressId: choices.from[0]!.id,
            toAddressId: to.id,
            pickupOn: addDays(kolkataDay(), pickupOffset),
            weight: 80_000 + (n % 7) * 35_500,
            packages: 2 + (n % 9),
            notes: n % 4 === 0 ? 'Loading dock open 9:00 to 17:00' : undefined,
          },
          key,
        ),
        `request ${type}`,
      ),
    )
  }
  let t = 0
  const book = async (
    requestId: number,
    pickupOffset: number,
    days: number,
    key: string,
    distanceKm?: number,
    // The boutiques' bookings name their transporter, and leave the others' turn as it was.
    own?: number,
  ) => {
    const transporter = TRANSPORTERS[own ?? t++ % TRANSPORTERS.length]!
    // Booked the afternoon before the pickup.
    return clock.at(dayAt(pickupOffset - 1, 15), async () =>
      ok(
        await createBooking(
          db,
          staff,
          requestId,
          {
            transporter,
            vehicleNumber: `MH${String(10 + (t % 40)).padStart(2, '0')}AB${String(1000 + t * 37).slice(-4)}`,
            driverPhone: `98${String(20000000 + t * 7919).slice(-8)}`,
            lrNumber: `LR${String(500000 + t * 13)}`,
            pickupAt: dayAt(pickupOffset, 10).toISOString(),
            expectedDeliveryAt: dayAt(pickupOffset + days, 17).toISOString(),
            freight: (8_000 + (t % 11) * 1_250) * 100,
            transporterGstin: TRANSPORTER_IDS[transporter],
            distanceKm: distanceKm ?? 40 + ((t * 173) % 1400),
          },
          key,
        ),
        'book',
      ),
    )
  }
  // The e-way bill generated an hour before the pickup (every demo consignment is worth more than ₹50,000).
  let ewb = 0
  let ewbB2c = 0
  const ewayBill = async (requestId: number, bookingId: number, pickupAt: Date, b2c = false) => {
    const generatedAt = new Date(pickupAt.getTime() - 3_600_000)
    return clock.at(generatedAt, async () =>
      ok(
        await recordEwayBill(db, staff, requestId, bookingId, {
          // The boutiques' in a series of their own (the others' numbers stay as they were).
          ewayBillNumber: b2c
            ? `79${String(1_000_000_000 + ++ewbB2c * 7_919).slice(-10)}`
            : `78${String(1_000_000_000 + ++ewb * 7_919).slice(-10)}`,
          generatedAt: generatedAt.toISOString(),
        }),
        'e-way bill',
      ),
    )
  }
  // The documents the goods move on (issue 52): a first mile on the mill's invoice to the platform
  // (entered on the booking, dated the day it was booked); a last mile on the buyer's tax invoice,
  // raised the morning of the pickup, before its e-way bill is generated.
  const millInvoice = async (requestId: number, bookingId: number, sellerOrderCode: string, pickupOffset: number) =>
    clock.at(dayAt(pickupOffset - 1, 16), async () =>
      ok(
        await recordSupplierInvoice(db, staff, requestId, bookingId, {
          supplierInvoiceNumber: `SI-${sellerOrderCode.slice(3)}`,
          supplierInvoiceOn: addDays(kolkataDay(), pickupOffset - 1),
        }),
        'mill’s invoice',
      ),
    )
  const invoiceFirst = async (requestId: number, bookingId: number, pickupAt: Date) => {
    const at = new Date(pickupAt.getTime() - 2 * 3_600_000)
    return clock.at(at, async () => ok(await invoiceBeforePickup(db, staff, requestId, bookingId, at), 'invoice'))
  }
  /** A booking's step, taken when it happened. */
  const bookingStep = (
    requestId: number,
    bookingId: number,
    name: Parameters<typeof takeBookingStep>[4],
    at: Date,
    what: string,
  ) => clock.at(at, async () => ok(await takeBookingStep(db, staff, requestId, bookingId, name, '', at), what))
  const bill = async (requestId: number, bookingId: number, billOffset: number, freight: number, dueIn = 30) =>
    clock.at(dayAt(Math.min(0, billOffset), 12), async () =>
      ok(
        await saveBilling(db, staff, requestId, bookingId, {
          billNumber: `INV-${7000 + bookingId}`,
          billDate: addDays(kolkataDay(), Math.min(0, billOffset)),
          amount: freight,
          // Under reverse charge the GTA charges none (the platform pays it); under forward charge, its rate.
          gst: Math.round((freight * (await forwardRateOf(bookingId))) / 10_000),
          dueOn: addDays(kolkataDay(), billOffset + dueIn),
        }),
        'bill',
      ),
    )
  const freightOf = async (bookingId: number) =>
    Number(
      (
        await db
          .selectFrom('transport_bookings')
          .select('freight_minor')
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow()
      ).freight_minor,
    )

  /** The 194Q TDS on a receipt of `settles` (money + TDS): 0.1 % of the value without GST it settles. */
  const tds194QOn = async (buyerId: number, settles: number) => {
    const open = await db
      .selectFrom('buyer_invoices')
      .select(['taxable_minor', 'total_minor', 'debited_minor', 'paid_minor', 'credited_minor'])
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .orderBy('invoice_on')
      .orderBy('id')
      .execute()
    return expected194Q(
      settles,
      open.map((i) => ({
        taxable: Number(i.taxable_minor),
        total: Number(i.total_minor),
        open: Number(i.total_minor) + Number(i.debited_minor) - Number(i.paid_minor) - Number(i.credited_minor),
      })),
    )
  }

  // ---------- Transporters' tax details (issue 52) ----------
  // PANs from their GSTINs (Rivigo's not known: 206AA); Safexpress opted for forward charge at 18 %
  // from 2025-26, the others are under reverse charge; DTDC declared a small fleet (194C(6)).
  for (const name of TRANSPORTERS) {
    const id = await db.transaction().execute((trx) => transporterId(trx, name, TRANSPORTER_IDS[name]))
    const gstin = TRANSPORTER_IDS[name]
    ok(
      await saveTransporterTax(db, staff, id, {
        pan: gstin?.slice(2, 12),
        gtaOption: name === 'Safexpress' ? 'forward' : 'reverse',
        forwardRate: name === 'Safexpress' ? '1800' : undefined,
        optionFy: name === 'Safexpress' ? '2025-26' : undefined,
        smallFleet: name === 'DTDC Courier',
      }),
      'transporter tax',
    )
  }
  const forwardRateOf = async (bookingId: number) => {
    const row = await db
      .selectFrom('transport_bookings as b')
      .innerJoin('transporters as t', 't.id', 'b.transporter_id')
      .select(['t.gta_option', 't.gta_forward_rate_bp'])
      .where('b.id', '=', bookingId)
      .executeTakeFirstOrThrow()
    return row.gta_option === 'forward' ? Number(row.gta_forward_rate_bp) : 0
  }

  // ---------- A year of history: three orders a month, moved, delivered, invoiced, billed, paid ----------
  /**
   * An order passed at QC, moved by first and last mile (invoiced the morning of the last mile's
   * pickup), both bookings billed by their transporters: the bookings. A boutique's bookings (`own`)
   * name their transporter and e-way bills in their own series, leaving the others' turns as they were.
   * `via`: the state of the warehouse the first mile takes the goods to (else the first offered).
   */
  const moveAndBill = async (
    so: { id: number; code: string },
    placed: number,
    dueIn: number,
    own?: number,
    via?: string,
  ) => {
    const firstPickup = -placed + 8
    const first = await request('first_mile', so.code, firstPickup, `demo-fm-${so.id}`, via)
    const fb = await book(first.id, firstPickup, 1, `demo-fmb-${so.id}`, undefined, own)
    await millInvoice(first.id, fb.id, so.code, firstPickup)
    await ewayBill(first.id, fb.id, dayAt(firstPickup, 10), own !== undefined)
    await bookingStep(first.id, fb.id, 'pick_up', dayAt(firstPickup, 10), 'first mile picked up')
    await bookingStep(first.id, fb.id, 'deliver', dayAt(firstPickup + 1, 16), 'first mile delivered')
    const lastPickup = firstPickup + 3
    const last = await request('last_mile', so.code, lastPickup, `demo-lm-${so.id}`)
    const lb = await book(
      last.id,
      lastPickup,
      2,
      `demo-lmb-${so.id}`,
      undefined,
      own === undefined ? undefined : own + 1,
    )
    await invoiceFirst(last.id, lb.id, dayAt(lastPickup, 9))
    await ewayBill(last.id, lb.id, dayAt(lastPickup, 9), own !== undefined)
    await bookingStep(last.id, lb.id, 'pick_up', dayAt(lastPickup, 9), 'last mile picked up')
    await bookingStep(last.id, lb.id, 'deliver', dayAt(lastPickup + 2, 15), 'last mile delivered')
    for (const [r, bk, offset] of [
      [first.id, fb.id, firstPickup + 2],
      [last.id, lb.id, lastPickup + 3],
    ] as const)
      await bill(r, bk, offset, await freightOf(bk), dueIn)
    return [fb.id, lb.id]
  }
  // The boutiques not registered for GST (./b2c.ts), buying the yarns the first buyer's first SKUs are.
  const yarns = (
    await db
      .selectFrom('buyer_skus')
      .select('product_sku_id')
      .where('buyer_id', '=', buyers[0]!.id)
      .where('status', '=', 'active')
      .orderBy('id')
      .limit(6)
      .execute()
  ).map((r) => r.product_sku_id)
  const boutiques = await seedB2cBuyers(db, yarns)
  const b2cBills: number[] = []
  /** The boutiques' invoices, with the one to credit in part after delivery. */
  const b2cInvoices: { month: number; buyerId: number; sellerOrderId: number; credit: boolean }[] = []
  const paidBills: number[] = []
  for (let month = 12; month >= 1; month--) {
    for (const [b, buyer] of buyers.entries()) {
      // Spread over the month, oldest first: the first buyer's about three weeks in, the last's in
      // its first days (so last month to today's date has its orders, as the dashboard compares).
      const placed = month * 30 + 4 + (2 - b) * 9
      const so = await passedOrder(buyer.id, placed)
      // Older bills are paid; the last month's wait in the dues, some overdue.
      const bookings = await moveAndBill(so, placed, month === 1 ? 20 + b * 5 : 30)
      if (month > 1) paidBills.push(...bookings)
      // A boutique's order of the month, between the second buyer's and the third's.
      if (b !== 1) continue
      for (const [k, o] of B2C_ORDERS.entries()) {
        if (o.month !== month) continue
        const at = month * 30 + 8
        const sellerId = sellers[k % sellers.length]!.id
        const bso = await passedOrder(boutiques[o.buyer]!, at, {
          productSkuId: yarns[o.sku]!,
          sellerId,
          quantity: String(o.kg),
          key: `demo-b2c-${k + 1}`,
        })
        b2cBills.push(...(await moveAndBill(bso, at, 30, (2 * k) % TRANSPORTERS.length)))
        b2cInvoices.push({ month, buyerId: boutiques[o.buyer]!, sellerOrderId: bso.id, credit: Boolean(o.credit) })
      }
    }
    // The buyers pay in the month after: most of what they owe; one of them short, made good by a credit note.
    if (month > 1) {
      for (const [b, buyer] of buyers.entries()) {
        const owed = await db
          .selectFrom('buyer_accounts')
          .select(['invoiced_minor', 'received_minor', 'credited_minor'])
          .where('buyer_id', '=', buyer.id)
          .executeTakeFirst()
        const outstanding = owed
          ? Number(owed.invoiced_minor) - Number(owed.received_minor) - Number(owed.credited_minor)
          : 0
        if (outstanding <= 0) continue
        // After this month's deliveries (the last about month × 30 − 9 days ago), before next month's.
        const at = dayAt(-month * 30 + 15 + b, 12)
        const share = b === 2 && month % 3 === 0 ? 0.85 : b === 1 && month < 4 ? 0.6 : 1
        const amount = share === 1 ? outstanding : Math.floor((outstanding * share) / 100) * 100
        // The first buyer deducts TDS under 194Q from one payment, 0.1 % of the value without GST of the
        // invoices it settles (CBDT Circular 13/2021); its certificate is still to come.
        const tds = b === 0 && month === 2 ? await tds194QOn(buyer.id, amount) : 0
        await clock.at(at, async () =>
          ok(
            await recordPayment(
              db,
              staff,
              buyer.id,
              {
                receivedOn: kolkataDay(at),
                amountMinor: amount - tds,
                tdsMinor: tds,
                tdsSection: tds ? '194Q' : undefined,
                mode: (['neft', 'rtgs', 'upi'] as const)[month % 3]!,
                reference: `UTR${kolkataDay(at).replace(/-/g, '')}${buyer.id}`,
              },
              `demo-pay-${month}-${b}`,
              at,
            ),
            'payment',
          ),
        )
        if (share < 1 && b === 2) {
          const open = await db
            .selectFrom('buyer_invoices')
            .select(['id', 'total_minor', 'paid_minor', 'credited_minor'])
            .where('buyer_id', '=', buyer.id)
            .where('status', '=', 'open')
            .orderBy('id')
            .executeTakeFirst()
          if (open) {
            const left = Number(open.total_minor) - Number(open.paid_minor) - Number(open.credited_minor)
            await clock.at(at, async () =>
              ok(
                await issueCreditNote(
                  db,
                  staff,
                  buyer.id,
                  {
                    invoiceId: open.id,
                    amountMinor: Math.min(left, Math.round(left * 0.5)),
                    reason: 'Rate difference agreed with the KAM',
                  },
                  `demo-cn-${month}`,
                  at,
                ),
                'credit note',
              ),
            )
          }
        }
      }
      // The boutiques pay what they owe by UPI after delivery; the Goa boutique's large invoice is first
      // credited for 20 kg short-delivered (a note on a B2C large invoice: GSTR-1's cdnur).
      for (const inv of b2cInvoices.filter((x) => x.month === month)) {
        const at = dayAt(-month * 30 + 16, 11)
        if (inv.credit) {
          const invoice = await db
            .selectFrom('buyer_invoices as i')
            .innerJoin('buyer_invoice_lines as l', 'l.invoice_id', 'i.id')
            .select(['i.id', 'l.id as lineId'])
            .where('i.seller_order_id', '=', inv.sellerOrderId)
            .orderBy('l.line_no')
            .executeTakeFirstOrThrow()
          await clock.at(at, async () =>
            ok(
              await issueCreditNote(
                db,
                staff,
                inv.buyerId,
                {
                  invoiceId: invoice.id,
                  reasonCode: 'short_delivery',
                  reason: 'Twenty kg short in the delivery, counted at the boutique',
                  lines: [{ invoiceLineId: invoice.lineId, quantityMilli: 20_000 }],
                },
                `demo-b2c-cn-${month}`,
                at,
              ),
              'boutique credit note',
            ),
          )
        }
        const owed = await db
          .selectFrom('buyer_accounts')
          .select(['invoiced_minor', 'received_minor', 'credited_minor', 'debited_minor'])
          .where('buyer_id', '=', inv.buyerId)
          .executeTakeFirstOrThrow()
        const outstanding =
          Number(owed.invoiced_minor) +
          Number(owed.debited_minor) -
          Number(owed.received_minor) -
          Number(owed.credited_minor)
        if (outstanding <= 0) continue
        const paidAt = dayAt(-month * 30 + 17, 12)
        await clock.at(paidAt, async () =>
          ok(
            await recordPayment(
              db,
              staff,
              inv.buyerId,
              {
                receivedOn: kolkataDay(paidAt),
                amountMinor: outstanding,
                tdsMinor: 0,
                mode: 'upi',
                reference: `UPI${kolkataDay(paidAt).replace(/-/g, '')}${inv.buyerId}`,
              },
              `demo-b2c-pay-${month}-${inv.buyerId}`,
              paidAt,
            ),
            'boutique payment',
          ),
        )
      }
    }
  }
  // Notes of yesterday (docs/domain.md (issue 38)): a credit note for goods rejected at QC after
  // invoicing (one piece of the first buyer's latest invoice's first line), and a debit note for a
  // rate difference on each of the three buyers' latest invoices.
  for (const [b, buyer] of buyers.slice(0, 3).entries()) {
    const latest = await db
      .selectFrom('buyer_invoices as i')
      .innerJoin('buyer_invoice_lines as l', 'l.invoice_id', 'i.id')
      .select(['i.id', 'l.id as lineId', 'l.quantity_milli'])
      .where('i.buyer_id', '=', buyer.id)
      .orderBy('i.id', 'desc')
      .orderBy('l.line_no')
      .executeTakeFirst()
    if (!latest) continue
    const at = dayAt(-1, 11 + b)
    if (b === 0)
      await clock.at(at, async () =>
        ok(
          await issueCreditNote(
            db,
            staff,
            buyer.id,
            {
              invoiceId: latest.id,
              reasonCode: 'qc_rejection',
              reason: 'One piece failed the buyer’s inspection after delivery',
              lines: [{ invoiceLineId: latest.lineId, quantityMilli: Math.min(1000, Number(latest.quantity_milli)) }],
            },
            `demo-cn-lines-${b}`,
            at,
          ),
          'credit note with lines',
        ),
      )
    await clock.at(at, async () =>
      ok(
        await issueDebitNote(
          db,
          staff,
          buyer.id,
          {
            invoiceId: latest.id,
            reasonCode: 'rate_difference',
            reason: 'Dye surcharge agreed with the KAM after invoicing',
            lines: [{ invoiceLineId: latest.lineId, taxableMinor: 25_000 }],
          },
          `demo-dn-${b}`,
          at,
        ),
        'debit note',
      ),
    )
  }

  // Transporter bills of the past months, paid in two runs.
  const half = Math.floor(paidBills.length / 2)
  await clock.at(dayAt(-120, 15), async () =>
    ok(
      await markBillsPaid(db, staff, paidBills.slice(0, half), addDays(kolkataDay(), -120), 'NEFT-TRANSPORT-0612'),
      'pay bills',
    ),
  )
  await clock.at(dayAt(-15, 15), async () =>
    ok(
      await markBillsPaid(
        db,
        staff,
        [...paidBills.slice(half), ...b2cBills],
        addDays(kolkataDay(), -15),
        'NEFT-TRANSPORT-1111',
      ),
      'pay bills',
    ),
  )

  // ---------- Today's work ----------
  // Open first-mile requests to book, one booked for tomorrow (its e-way bill not yet generated), one
  // on the road since three days whose e-way bill expired yesterday (flagged on the logistics home),
  // one delivered to the warehouse waiting for its last mile.
  const today: { code: string; id: number }[] = []
  for (let i = 0; i < 5; i++) today.push(await passedOrder(buyers[i % 3]!.id, 20 - 2 * i))
  // The two worth most (at the platform's purchase price) are booked and on the road: worth more than
  // ₹50,000, they need e-way bills.
  const costs = new Map(
    (
      await db
        .selectFrom('seller_orders')
        .select(['id', 'cost_minor'])
        .where(
          'id',
          'in',
          today.map((o) => o.id),
        )
        .execute()
    ).map((o) => [o.id, Number(o.cost_minor)]),
  )
  const [worthMost, worthNext, ...toBook] = today.slice(0, 4).sort((a, b) => costs.get(b.id)! - costs.get(a.id)!)
  await request('first_mile', toBook[0]!.code, 1, 'demo-today-1')
  await request('first_mile', toBook[1]!.code, 2, 'demo-today-2')
  const booked = await request('first_mile', worthNext!.code, 1, 'demo-today-3')
  const bookedBooking = await book(booked.id, 1, 2, 'demo-today-3b')
  await millInvoice(booked.id, bookedBooking.id, worthNext!.code, 1)
  const moving = await request('first_mile', worthMost!.code, -3, 'demo-today-4')
  // 180 km: one day, to midnight after the day it was generated.
  const movingBooking = await book(moving.id, -3, 5, 'demo-today-4b', 180)
  await millInvoice(moving.id, movingBooking.id, worthMost!.code, -3)
  await ewayBill(moving.id, movingBooking.id, dayAt(-3, 10))
  await bookingStep(moving.id, movingBooking.id, 'pick_up', dayAt(-3, 10), 'on the road')
  const atWarehouse = await request('first_mile', today[4]!.code, -3, 'demo-today-5')
  const whBooking = await book(atWarehouse.id, -3, 1, 'demo-today-5b')
  await millInvoice(atWarehouse.id, whBooking.id, today[4]!.code, -3)
  await ewayBill(atWarehouse.id, whBooking.id, dayAt(-3, 10))
  await bookingStep(atWarehouse.id, whBooking.id, 'pick_up', dayAt(-3, 10), 'picked up')
  await bookingStep(atWarehouse.id, whBooking.id, 'deliver', dayAt(-2, 15), 'at the warehouse')
  await bill(atWarehouse.id, whBooking.id, -2, await freightOf(whBooking.id), 3)
  return { staff, sellers, passedOrder, moveAndBill, request, book, millInvoice, ewayBill, bookingStep }
}

/** The helpers the year of logistics moved its orders with (seedDemoLogistics' answer). */
export type DemoLogistics = NonNullable<Awaited<ReturnType<typeof seedDemoLogistics>>>

/**
 * A sample courier for an approved sample order, if the sample demo left one: seeded after the
 * sample orders, which come after the year of history (a sample dispatched raises its invoice
 * today, so the buyers' ledgers stay in date order).
 */
export async function seedDemoSampleCourier(db: Database): Promise<void> {
  const staff = {
    userId: (
      await db.selectFrom('users').select('id').where('email', '=', demoEmail('internal')).executeTakeFirstOrThrow()
    ).id,
  }
  const sample = await db
    .selectFrom('sample_orders')
    .select('code')
    .where('status', '=', 'approved')
    .orderBy('id')
    .executeTakeFirst()
  if (!sample) return
  const order = (await linkedOrderByCode(db, sample.code))!
  const choices = await addressChoices(db, 'sample', order)
  ok(
    await createRequest(
      db,
      staff,
      'sample',
      sample.code,
      {
        fromAddressId: choices.from[0]!.id,
        toAddressId: choices.to[0]!.id,
        pickupOn: addDays(kolkataDay(), 1),
        weight: 2_500,
        packages: 1,
      },
      'demo-sample-courier',
    ),
    'request sample',
  )
}
