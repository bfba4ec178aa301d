import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { recordPayment, settlementMoves } from '~/lifecycle/settlements.server'
import { settlementAction } from './pages.server'
import { expected194Q } from './receipt-rules'

// Receipts under the law (docs/domain.md "Cash receipts: section 269ST (issue 52)" and "TDS on
// receipts"): cash of ₹2,00,000 or more from one buyer in a day is refused at the amount, with the
// buyer's other cash of the day counted; TDS said to be under 194Q may be at most ₹1 above 0.1 % of
// the value without GST of what the receipt settles.

let viewer: Viewer
let sellerId: number
let counter = 0

beforeAll(async () => {
  const userId = await userIdOf('internal@example.com')
  viewer = {
    userId,
    email: 'internal@example.com',
    name: 'Internal',
    phone: null,
    roles: ['internal'],
    company: null,
    sessionIdHash: 'x',
  }
  sellerId = await makeSeller({ name: 'Receipt Rules Mills', status: 'active' })
})

const newBuyer = (name: string) =>
  makeBuyer({ name, status: 'active', credit_limit_minor: 1_000_000_000, payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])

async function delivered(buyerId: number, scale = 1) {
  const order = await placeTestOrder({
    userId: viewer.userId,
    buyerId,
    sellerIds: [sellerId],
    key: `rr-${++counter}-${crypto.randomUUID()}`,
  })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    if (step === 'dispatch' && scale > 1)
      await getDb()
        .updateTable('sub_orders')
        .set((eb) => ({ quantity_milli: eb('quantity_milli', '*', scale) }))
        .where('seller_order_id', '=', order.sellerOrderId)
        .execute()
    const done = await takeSellerOrderStep(getDb(), viewer, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  return getDb()
    .selectFrom('buyer_invoices')
    .select(['id', 'number', 'taxable_minor', 'total_minor'])
    .where('seller_order_id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
}

const pay = (
  buyerId: number,
  amountMinor: number,
  mode: 'cash' | 'neft',
  extra: object = {},
  receivedOn = kolkataDay(),
) =>
  recordPayment(
    getDb(),
    viewer,
    buyerId,
    { receivedOn, amountMinor, mode, reference: `R-${++counter}`, ...extra },
    `rr-pay-${counter}-${crypto.randomUUID()}`,
  )

const cashOf = async (buyerId: number) =>
  (
    await getDb()
      .selectFrom('buyer_payments')
      .select(['amount_minor', 'received_on'])
      .where('buyer_id', '=', buyerId)
      .where('mode', '=', 'cash')
      .execute()
  ).map((p) => [Number(p.amount_minor), p.received_on])

describe('section 269ST: cash from one buyer in a day', () => {
  it('refuses ₹2,50,000 in cash at the amount, with the reason, and takes it by bank transfer', async () => {
    const buyerId = await newBuyer('Cash Counter One')
    const refused = await pay(buyerId, 250_000_00, 'cash')
    expect(refused).toMatchObject({ ok: false, field: 'amount' })
    expect(!refused.ok && refused.message).toContain('Section 269ST bars receiving ₹2,00,000 or more in cash')
    expect(await cashOf(buyerId)).toEqual([])
    expect(await pay(buyerId, 250_000_00, 'neft')).toMatchObject({ ok: true })
    // Exactly the limit is barred ("two lakh rupees or more"); a paisa under it is not.
    expect(await pay(buyerId, 200_000_00, 'cash')).toMatchObject({ ok: false, field: 'amount' })
    expect(await pay(buyerId, 199_999_99, 'cash')).toMatchObject({ ok: true })
  })

  it('counts the buyer’s other cash of the same day: a second ₹1,50,000 is refused, another day’s or another buyer’s is not', async () => {
    const buyerId = await newBuyer('Cash Counter Two')
    const other = await newBuyer('Cash Counter Three')
    const today = kolkataDay()
    const yesterday = kolkataDay(new Date(Date.now() - 86_400_000))
    expect(await pay(buyerId, 150_000_00, 'cash')).toMatchObject({ ok: true })
    const second = await pay(buyerId, 150_000_00, 'cash')
    expect(second).toMatchObject({ ok: false, field: 'amount' })
    expect(!second.ok && second.message).toContain('₹1,50,000.00 already received in cash')
    expect(await pay(buyerId, 150_000_00, 'cash', {}, yesterday)).toMatchObject({ ok: true })
    expect(await pay(other, 150_000_00, 'cash')).toMatchObject({ ok: true })
    expect(await pay(buyerId, 150_000_00, 'neft')).toMatchObject({ ok: true })
    expect((await cashOf(buyerId)).sort()).toEqual(
      [
        [150_000_00, today],
        [150_000_00, yesterday],
      ].sort(),
    )
  })

  it('two cash receipts of ₹1,50,000 sent at once: one is taken, the other refused', async () => {
    const buyerId = await newBuyer('Cash Counter Race')
    const results = await Promise.all([pay(buyerId, 150_000_00, 'cash'), pay(buyerId, 150_000_00, 'cash')])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toMatchObject([{ field: 'amount' }])
    expect(await cashOf(buyerId)).toHaveLength(1)
  })

  it('the settlement form answers at the amount field, without a 500', async () => {
    const buyerId = await newBuyer('Cash Counter Form')
    const outcome = await settlementAction(
      getDb(),
      viewer,
      String(buyerId),
      formOf({ intent: 'payment', receivedOn: kolkataDay(), amount: '2,50,000', mode: 'cash', reference: 'Cash' }),
      settlementMoves,
    )
    expect(outcome.status).toBe('invalid')
    const errors = (outcome as { reply: { error: Record<string, string[]> } }).reply.error
    expect(errors.amount?.[0]).toContain('Section 269ST')
  })
})

describe('section 269ST: cash for a single transaction, across days', () => {
  it('sums the cash that settled an invoice over every day: ₹1,50,000 yesterday and ₹1,50,000 today on one invoice is refused; by bank it is taken', async () => {
    const buyerId = await newBuyer('Cash Counter Days')
    const invoice = await delivered(buyerId, 100)
    expect(Number(invoice.total_minor)).toBeGreaterThan(300_000_00)
    const yesterday = kolkataDay(new Date(Date.now() - 86_400_000))
    expect(await pay(buyerId, 150_000_00, 'cash', {}, yesterday)).toMatchObject({ ok: true })
    const refused = await pay(buyerId, 150_000_00, 'cash')
    expect(refused).toMatchObject({ ok: false, field: 'amount' })
    expect(!refused.ok && refused.message).toContain(
      `Section 269ST bars receiving ₹2,00,000 or more in cash for a single transaction: this receipt would settle ₹1,50,000.00 of invoice ${invoice.number} in cash with ₹1,50,000.00 received in cash for it before, ₹3,00,000.00 in all`,
    )
    // Nothing of the refused receipt stays: not the receipt, not its allocation, not the invoice's figures.
    expect(await cashOf(buyerId)).toEqual([[150_000_00, yesterday]])
    const paid = await getDb()
      .selectFrom('buyer_invoices')
      .select('paid_minor')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow()
    expect(Number(paid.paid_minor)).toBe(150_000_00)
    // Under the limit in all is taken; the rest by bank transfer.
    expect(await pay(buyerId, 49_999_99, 'cash')).toMatchObject({ ok: true })
    expect(await pay(buyerId, 150_000_00, 'neft')).toMatchObject({ ok: true })
  })
})

describe('194Q on receipts: on the value without GST', () => {
  it('computes the base from the invoices settled, the advance whole', () => {
    // ₹45,990 with 5 % GST: taxable ₹43,800; 0.1 % of it is ₹43.80, not ₹45.99.
    expect(expected194Q(4_599_000, [{ taxable: 4_380_000, total: 4_599_000, open: 4_599_000 }])).toBe(4_380)
    // Half of the invoice settled: half its taxable value.
    expect(expected194Q(2_299_500, [{ taxable: 4_380_000, total: 4_599_000, open: 4_599_000 }])).toBe(2_190)
    // Nothing open: an advance counts whole.
    expect(expected194Q(1_000_000, [])).toBe(1_000)
  })

  it('refuses 194Q TDS more than ₹1 above 0.1 % of the taxable value settled, naming the figure; takes it within', async () => {
    const buyerId = await newBuyer('Quarterly Q Traders')
    const invoice = await delivered(buyerId)
    const total = Number(invoice.total_minor)
    const taxable = Number(invoice.taxable_minor)
    expect(taxable).toBeLessThan(total)
    const expected = Math.round(taxable / 1000)
    // More than ₹1 above it (as on the value with GST, on a larger invoice): refused at the TDS field, naming the figure.
    const over = expected + 101
    const refused = await pay(buyerId, total - over, 'neft', { tdsMinor: over, tdsSection: '194Q' })
    expect(refused).toMatchObject({ ok: false, field: 'tds' })
    const figure = `₹${(expected / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`
    expect(!refused.ok && refused.message).toContain(`${figure}, not`)
    // Within ₹1 of it: taken, and the invoice settled by money + TDS.
    const within = expected + 100
    expect(await pay(buyerId, total - within, 'neft', { tdsMinor: within, tdsSection: '194q' })).toMatchObject({
      ok: true,
    })
    const after = await getDb()
      .selectFrom('buyer_invoices')
      .select(['status', 'paid_minor'])
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow()
    expect(after).toMatchObject({ status: 'settled' })
    expect(Number(after.paid_minor)).toBe(total)
    const tds = await getDb()
      .selectFrom('buyer_payments')
      .select(['tds_minor', 'tds_section'])
      .where('buyer_id', '=', buyerId)
      .execute()
    expect(tds.map((p) => [Number(p.tds_minor), p.tds_section])).toEqual([[within, '194q']])
  })
})
