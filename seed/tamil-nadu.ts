import type { Database } from '#db/database'
import { createBuyerSku } from '../app/features/buyer-skus/mutations.server'
import { markBillsPaid, recordEwayBill } from '../app/features/logistics/bookings.server'
import { addDays } from '../app/features/settlements/money'
import { issueCreditNote, recordPayment } from '../app/lifecycle/settlements.server'
import { invoiceBeforePickup, takeBookingStep } from '../app/lifecycle/shipments.server'
import { kolkataDay } from '../app/utils/format'
import { dayAt, type SeedClock } from './clock'
import type { DemoLogistics } from './logistics'

// Goods leaving the Tamil Nadu registration (issue 52, docs/domain.md "Registrations per state"): yarn
// orders whose goods the first mile takes from the spinning mill to the "Yarn warehouse, Tiruppur"
// and whose last mile leaves from there, so their invoices, notes and e-way bills are under
// 33AABCS1429B1Z1 in its own series (INVTN/…, CNTN/…): to a buyer in Tamil Nadu (CGST + SGST) and one
// in Karnataka (IGST). Moved with the year of logistics' own helpers (./logistics.ts), seeded after
// the rest of the demo so that no other row's id or number moves; each buyer's documents and
// payments in date order, so its ledger does too. And today's: the Chennai buyer's latest order left
// the warehouse this morning, its invoice waiting for its IRN (so the registration's e-invoice bulk
// file of this month has a document, as the home one's has today's samples).

const ok = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`demo Tamil Nadu: ${what}: ${result.message}`)
  return result.value
}

/** Today's order (the Chennai buyer's): placed 16 days ago, at the warehouse for five days, picked up now. */
export const TN_TODAY = { buyer: 0 as const, placed: 16, sku: 1, priceRupees: 185, kg: 500 }

/** The buyers, by name: a Chennai weaver's trading house (intra-state) and a Bengaluru apparel maker (inter-state). */
export const TN_BUYERS = ['Coastal Weaves Trading', 'Cedar Apparel'] as const

/**
 * The orders, oldest first: placed `placed` days ago, which of the first demo buyer's first SKUs (the
 * yarns the demo's mills offer), at what price per kg, how many kg (each worth more than ₹50,000, so
 * both miles carry an e-way bill). The Chennai one of three months ago is credited for 25 kg short.
 */
export const TN_ORDERS: {
  buyer: 0 | 1
  placed: number
  sku: number
  priceRupees: number
  kg: number
  short?: number
}[] = [
  { buyer: 0, placed: 335, sku: 0, priceRupees: 860, kg: 400 },
  { buyer: 1, placed: 275, sku: 4, priceRupees: 265, kg: 500 },
  { buyer: 0, placed: 185, sku: 3, priceRupees: 135, kg: 800 },
  { buyer: 1, placed: 125, sku: 5, priceRupees: 790, kg: 1000 },
  { buyer: 0, placed: 95, sku: 2, priceRupees: 930, kg: 600, short: 25 },
]

export async function seedDemoTamilNadu(db: Database, clock: SeedClock, kit: DemoLogistics): Promise<void> {
  const { staff, sellers, passedOrder, moveAndBill, request, book, millInvoice, ewayBill, bookingStep } = kit
  const buyers = await Promise.all(
    TN_BUYERS.map(
      async (name) =>
        await db
          .selectFrom('buyers')
          .select(['id', 'payment_terms_days'])
          .where('name', '=', name)
          .where('status', '=', 'active')
          .executeTakeFirst(),
    ),
  )
  if (buyers.some((b) => !b)) return
  // The yarns: the first demo buyer's first SKUs, which the demo's three mills offer; from the spinner.
  const indigo = await db
    .selectFrom('buyers')
    .select('id')
    .where('name', '=', 'Indigo Threads Retail')
    .executeTakeFirstOrThrow()
  const yarns = await db
    .selectFrom('buyer_skus as bs')
    .innerJoin('product_skus as ps', 'ps.id', 'bs.product_sku_id')
    .select(['ps.id', 'ps.code'])
    .where('bs.buyer_id', '=', indigo.id)
    .where('bs.status', '=', 'active')
    .orderBy('bs.id')
    .limit(6)
    .execute()
  const spinner = sellers[2]!.id
  // Each buyer's SKUs of the yarns it buys, at its price, agreed over a year ago (as the form saves them).
  const agreed = dayAt(-400, 11)
  for (const [k, o] of [...TN_ORDERS, TN_TODAY].entries()) {
    const buyer = buyers[o.buyer]!
    const created = await clock.at(agreed, async () =>
      ok(
        await createBuyerSku(db, staff, {
          buyer: `#${buyer.id}`,
          productSkuCode: yarns[o.sku]!.code,
          buyerCode: `${o.buyer === 0 ? 'CW' : 'CA'}-Y${String(100 + k)}`,
          price: o.priceRupees * 100,
          moq: 100_000,
          note: 'Agreed at onboarding',
          idempotencyKey: `demo-tn-sku-${k + 1}`,
        }),
        'buyer SKU',
      ),
    )
    await db
      .updateTable('buyer_sku_versions')
      .set({ effective_from: agreed.toISOString() })
      .where('buyer_sku_id', '=', created.id)
      .execute()
  }

  for (const [k, o] of TN_ORDERS.entries()) {
    const buyer = buyers[o.buyer]!
    const so = await passedOrder(buyer.id, o.placed, {
      productSkuId: yarns[o.sku]!.id,
      sellerId: spinner,
      quantity: String(o.kg),
      key: `demo-tn-${k + 1}`,
    })
    // Mill to the Tiruppur warehouse, and from there to the buyer: invoiced under 33… at the last mile's pickup.
    const bookings = await moveAndBill(so, o.placed, 30, undefined, 'Tamil Nadu')
    const invoice = await db
      .selectFrom('buyer_invoices as i')
      .innerJoin('buyer_invoice_lines as l', 'l.invoice_id', 'i.id')
      .select(['i.id', 'i.invoice_on', 'l.id as lineId'])
      .where('i.seller_order_id', '=', so.id)
      .orderBy('l.line_no')
      .executeTakeFirstOrThrow()
    if (o.short) {
      // Counted short at the buyer's gate two days after the delivery.
      const at = dayAt(-o.placed + 15, 12)
      await clock.at(at, async () =>
        ok(
          await issueCreditNote(
            db,
            staff,
            buyer.id,
            {
              invoiceId: invoice.id,
              reasonCode: 'short_delivery',
              reason: `${o.kg} kg sent, ${o.kg - o.short!} kg counted at the buyer’s gate`,
              lines: [{ invoiceLineId: invoice.lineId, quantityMilli: o.short! * 1000 }],
            },
            `demo-tn-cn-${k + 1}`,
            at,
          ),
          'credit note',
        ),
      )
    }
    // Paid by NEFT on the invoice's due date.
    const owed = await db
      .selectFrom('buyer_accounts')
      .select(['invoiced_minor', 'received_minor', 'credited_minor', 'debited_minor'])
      .where('buyer_id', '=', buyer.id)
      .executeTakeFirstOrThrow()
    const outstanding =
      Number(owed.invoiced_minor) +
      Number(owed.debited_minor) -
      Number(owed.received_minor) -
      Number(owed.credited_minor)
    const paidOn = addDays(invoice.invoice_on, Number(buyer.payment_terms_days))
    const paidAt = new Date(Date.parse(`${paidOn}T12:00:00+05:30`))
    await clock.at(paidAt, async () =>
      ok(
        await recordPayment(
          db,
          staff,
          buyer.id,
          {
            receivedOn: paidOn,
            amountMinor: outstanding,
            tdsMinor: 0,
            mode: 'neft',
            reference: `UTR${paidOn.replace(/-/g, '')}${buyer.id}`,
          },
          `demo-tn-pay-${k + 1}`,
          paidAt,
        ),
        'payment',
      ),
    )
    // The transporters' two bills, paid when the last one falls due (billed 14 days after the order, due in 30).
    const billsPaid = -o.placed + 44
    await clock.at(dayAt(billsPaid, 15), async () =>
      ok(
        await markBillsPaid(db, staff, bookings, addDays(kolkataDay(), billsPaid), `NEFT-TRANSPORT-TN-${k + 1}`),
        'pay bills',
      ),
    )
  }
  // Today's: the first mile took the goods to the warehouse five days ago; the last mile was picked
  // up now (not on the seed clock, as a sample's dispatch today), raising the invoice under 33… today.
  const o = TN_TODAY
  const k = TN_ORDERS.length
  const buyer = buyers[o.buyer]!
  const so = await passedOrder(buyer.id, o.placed, {
    productSkuId: yarns[o.sku]!.id,
    sellerId: spinner,
    quantity: String(o.kg),
    key: `demo-tn-${k + 1}`,
  })
  const firstPickup = -6
  const first = await request('first_mile', so.code, firstPickup, `demo-fm-${so.id}`, 'Tamil Nadu')
  const fb = await book(first.id, firstPickup, 1, `demo-fmb-${so.id}`)
  await millInvoice(first.id, fb.id, so.code, firstPickup)
  await ewayBill(first.id, fb.id, dayAt(firstPickup, 10))
  await bookingStep(first.id, fb.id, 'pick_up', dayAt(firstPickup, 10), 'first mile picked up')
  await bookingStep(first.id, fb.id, 'deliver', dayAt(firstPickup + 1, 16), 'first mile delivered')
  const last = await request('last_mile', so.code, 0, `demo-lm-${so.id}`)
  const lb = await book(last.id, 0, 2, `demo-lmb-${so.id}`)
  ok(await invoiceBeforePickup(db, staff, last.id, lb.id), 'invoice')
  ok(
    await recordEwayBill(db, staff, last.id, lb.id, {
      ewayBillNumber: '771000000001',
      generatedAt: new Date().toISOString(),
    }),
    'e-way bill',
  )
  ok(await takeBookingStep(db, staff, last.id, lb.id, 'pick_up', '', new Date()), 'last mile picked up')
}
