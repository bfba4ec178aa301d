import fc from 'fast-check'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { issueCreditNote, recordPayment } from '~/lifecycle/settlements.server'

// The ledger's arithmetic over random sequences of deliveries (invoices), payments and credit notes,
// through the real functions and the database: every figure equals the sum of its rows, nothing is
// allocated twice, and money and open invoices never wait side by side.

let staff: { userId: number }
let buyerId: number
let sellerIds: number[]
let counter = 0
const sum = (xs: (number | string)[]) => xs.reduce<number>((s, x) => s + Number(x), 0)

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Ledger Traders', status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  sellerIds = [
    await makeSeller({ name: 'Ledger Mills One', status: 'active' }),
    await makeSeller({ name: 'Ledger Mills Two', status: 'active' }),
  ]
})

/** Seller orders of the buyer, dispatched: each delivered later raises one invoice. */
async function dispatchedOrders(count: number): Promise<number[]> {
  const ids: number[] = []
  while (ids.length < count) {
    const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds, key: `ledger-${++counter}` })
    for (const so of order.sellerOrders) {
      for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch'] as const) {
        await stagesBefore(so.id, step)
        const done = await takeSellerOrderStep(getDb(), staff, so.id, step)
        if (!done.ok) throw new Error(done.message)
      }
      ids.push(so.id)
    }
  }
  return ids
}

async function deliver(sellerOrderId: number) {
  const done = await takeSellerOrderStep(getDb(), staff, sellerOrderId, 'deliver')
  if (!done.ok) throw new Error(done.message)
}

async function checkLedger(id: number) {
  const db = getDb()
  const [account, invoices, lines, payments, allocations, notes, ledger] = await Promise.all([
    db.selectFrom('buyer_accounts').selectAll().where('buyer_id', '=', id).executeTakeFirst(),
    db.selectFrom('buyer_invoices').selectAll().where('buyer_id', '=', id).execute(),
    db
      .selectFrom('buyer_invoice_lines as l')
      .innerJoin('buyer_invoices as i', 'i.id', 'l.invoice_id')
      .select(['l.invoice_id', 'l.taxable_minor', 'l.cgst_minor', 'l.sgst_minor', 'l.igst_minor', 'l.total_minor'])
      .where('i.buyer_id', '=', id)
      .execute(),
    db.selectFrom('buyer_payments').selectAll().where('buyer_id', '=', id).execute(),
    db
      .selectFrom('payment_allocations as a')
      .innerJoin('buyer_payments as p', 'p.id', 'a.payment_id')
      .select(['a.payment_id', 'a.invoice_id', 'a.amount_minor'])
      .where('p.buyer_id', '=', id)
      .execute(),
    db.selectFrom('credit_notes').selectAll().where('buyer_id', '=', id).execute(),
    db.selectFrom('buyer_ledger').selectAll().where('buyer_id', '=', id).orderBy('seq').execute(),
  ])
  if (!account) return expect(invoices).toHaveLength(0)
  for (const inv of invoices) {
    const own = lines.filter((l) => l.invoice_id === inv.id)
    expect(Number(inv.total_minor)).toBe(sum(own.map((l) => l.total_minor)))
    expect(Number(inv.taxable_minor)).toBe(sum(own.map((l) => l.taxable_minor)))
    expect(Number(inv.total_minor)).toBe(
      Number(inv.taxable_minor) + Number(inv.cgst_minor) + Number(inv.sgst_minor) + Number(inv.igst_minor),
    )
    expect(Number(inv.paid_minor)).toBe(
      sum(allocations.filter((a) => a.invoice_id === inv.id).map((a) => a.amount_minor)),
    )
    expect(Number(inv.credited_minor)).toBe(
      sum(notes.filter((n) => n.invoice_id === inv.id).map((n) => n.amount_minor)),
    )
    const open = Number(inv.total_minor) - Number(inv.paid_minor) - Number(inv.credited_minor)
    expect(open).toBeGreaterThanOrEqual(0)
    expect(inv.status).toBe(open === 0 ? 'settled' : 'open')
  }
  for (const p of payments) {
    expect(Number(p.unallocated_minor)).toBeGreaterThanOrEqual(0)
    expect(Number(p.amount_minor)).toBe(
      Number(p.unallocated_minor) + sum(allocations.filter((a) => a.payment_id === p.id).map((a) => a.amount_minor)),
    )
  }
  expect(Number(account.invoiced_minor)).toBe(sum(invoices.map((i) => i.total_minor)))
  expect(Number(account.received_minor)).toBe(sum(payments.map((p) => p.amount_minor)))
  expect(Number(account.credited_minor)).toBe(sum(notes.map((n) => n.amount_minor)))
  expect(Number(account.unallocated_minor)).toBe(sum(payments.map((p) => p.unallocated_minor)))
  // Money left over and an invoice still owed never wait side by side.
  expect(invoices.some((i) => i.status === 'open') && payments.some((p) => Number(p.unallocated_minor) > 0)).toBe(false)
  // The ledger: one row per document, numbered 1..n, each balance the one before plus debit less credit.
  expect(ledger).toHaveLength(invoices.length + payments.length + notes.length)
  let balance = 0
  for (const [i, row] of ledger.entries()) {
    expect(Number(row.seq)).toBe(i + 1)
    balance += Number(row.debit_minor) - Number(row.credit_minor)
    expect(Number(row.balance_minor)).toBe(balance)
  }
  expect(balance).toBe(Number(account.invoiced_minor) - Number(account.received_minor) - Number(account.credited_minor))
  expect(Number(account.entries)).toBe(ledger.length)
}

describe('the buyer ledger', () => {
  it('raises a numbered invoice with GST when a seller order is delivered, once', async () => {
    const [id] = await dispatchedOrders(1)
    await deliver(id!)
    const invoice = await getDb()
      .selectFrom('buyer_invoices')
      .selectAll()
      .where('seller_order_id', '=', id!)
      .executeTakeFirstOrThrow()
    expect(invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/)
    // Test State against the platform's Maharashtra: across states, IGST at the category's rate.
    expect(invoice.supply).toBe('inter')
    expect(Number(invoice.igst_minor)).toBeGreaterThan(0)
    expect(Number(invoice.cgst_minor)).toBe(0)
    expect(invoice.due_on > invoice.invoice_on).toBe(true)
    expect(JSON.parse(invoice.seller_json).gstin).toBe('27AABCS1429B1ZU')
    const again = await takeSellerOrderStep(getDb(), staff, id!, 'deliver')
    expect(again.ok).toBe(false)
    expect(
      await getDb().selectFrom('buyer_invoices').select('id').where('seller_order_id', '=', id!).execute(),
    ).toHaveLength(1)
    await checkLedger(buyerId)
  })

  it('records a payment once per key and allocates it oldest first', async () => {
    const key = `pay-${++counter}`
    const input = { receivedOn: kolkataDay(), amountMinor: 100, mode: 'neft' as const, reference: 'UTR0001' }
    const first = await recordPayment(getDb(), staff, buyerId, input, key)
    const second = await recordPayment(getDb(), staff, buyerId, input, key)
    expect(first.ok && second.ok).toBe(true)
    if (!first.ok || !second.ok) return
    expect(second.value).toMatchObject({ id: first.value.id, repeated: true })
    expect(
      await getDb().selectFrom('buyer_payments').select('id').where('reference', '=', 'UTR0001').execute(),
    ).toHaveLength(1)
    await checkLedger(buyerId)
  })

  it('refuses a credit note over what is open, and a payment dated in the future', async () => {
    const invoice = await getDb()
      .selectFrom('buyer_invoices')
      .select(['id', 'total_minor', 'paid_minor'])
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow()
    const open = Number(invoice.total_minor) - Number(invoice.paid_minor)
    const over = await issueCreditNote(
      getDb(),
      staff,
      buyerId,
      { invoiceId: invoice.id, amountMinor: open + 1, reason: 'Short supply' },
      undefined,
    )
    expect(over).toMatchObject({ ok: false, field: 'amount' })
    const future = await recordPayment(
      getDb(),
      staff,
      buyerId,
      { receivedOn: '2999-01-01', amountMinor: 100, mode: 'upi', reference: 'x' },
      undefined,
    )
    expect(future).toMatchObject({ ok: false, field: 'receivedOn' })
  })

  it('keeps every total equal to its rows over random sequences of invoices, payments and credit notes', async () => {
    const pool = await dispatchedOrders(24)
    const op = fc.oneof(
      fc.record({ kind: fc.constant('deliver' as const) }),
      fc.record({
        kind: fc.constant('pay' as const),
        amount: fc.integer({ min: 1, max: 2_000_000 }),
        retry: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'deliver') {
            const next = pool.shift()
            if (next) await deliver(next)
          } else if (o.kind === 'pay') {
            const key = `prop-${++counter}`
            const input = { receivedOn: kolkataDay(), amountMinor: o.amount, mode: 'rtgs' as const, reference: key }
            const paid = await recordPayment(getDb(), staff, buyerId, input, key)
            expect(paid.ok).toBe(true)
            if (o.retry)
              expect(await recordPayment(getDb(), staff, buyerId, input, key)).toMatchObject({
                ok: true,
                value: { repeated: true },
              })
          } else {
            const open = await getDb()
              .selectFrom('buyer_invoices')
              .select(['id', 'total_minor', 'paid_minor', 'credited_minor'])
              .where('buyer_id', '=', buyerId)
              .where('status', '=', 'open')
              .orderBy('id')
              .execute()
            const invoice = open[o.pick % Math.max(1, open.length)]
            if (!invoice) continue
            const left = Number(invoice.total_minor) - Number(invoice.paid_minor) - Number(invoice.credited_minor)
            const amount = Math.max(1, Math.floor((left * o.share) / 100))
            const credited = await issueCreditNote(
              getDb(),
              staff,
              buyerId,
              { invoiceId: invoice.id, amountMinor: amount, reason: 'Rate difference' },
              `cn-${++counter}`,
            )
            expect(credited.ok).toBe(true)
          }
        }
        await checkLedger(buyerId)
      }),
      { numRuns: 12 },
    )
  })

  it('closes a delivered master order once its invoices are settled', async () => {
    const order = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: [sellerIds[0]!],
      key: `close-${++counter}`,
    })
    for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'] as const) {
      await stagesBefore(order.sellerOrderId, step)
      const done = await takeSellerOrderStep(getDb(), staff, order.sellerOrderId, step)
      if (!done.ok) throw new Error(done.message)
    }
    const status = async () =>
      (await getDb().selectFrom('master_orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow())
        .status
    // Earlier payments may have left an advance that settles it at once; otherwise pay what it owes.
    const account = await getDb()
      .selectFrom('buyer_accounts')
      .select(['invoiced_minor', 'received_minor', 'credited_minor'])
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    const owed = Number(account.invoiced_minor) - Number(account.received_minor) - Number(account.credited_minor)
    if (owed > 0) {
      expect(await status()).toBe('delivered')
      expect(
        await recordPayment(
          getDb(),
          staff,
          buyerId,
          { receivedOn: kolkataDay(), amountMinor: owed, mode: 'neft', reference: 'all' },
          `all-${counter}`,
        ),
      ).toMatchObject({ ok: true })
    }
    expect(await status()).toBe('closed')
    await checkLedger(buyerId)
  })
})

describe('the demo ledgers', () => {
  it('are posted in date order, each balance the one before plus its debit less its credit', async () => {
    const rows = await getDb()
      .selectFrom('buyer_ledger')
      .select(['buyer_id', 'seq', 'entry_on', 'debit_minor', 'credit_minor', 'balance_minor'])
      .orderBy('buyer_id')
      .orderBy('seq')
      .execute()
    expect(rows.length).toBeGreaterThan(30)
    for (const [i, row] of rows.entries()) {
      const before = rows[i - 1]
      if (!before || before.buyer_id !== row.buyer_id) continue
      expect(row.entry_on >= before.entry_on).toBe(true)
      expect(Number(row.balance_minor)).toBe(
        Number(before.balance_minor) + Number(row.debit_minor) - Number(row.credit_minor),
      )
    }
  })
})
