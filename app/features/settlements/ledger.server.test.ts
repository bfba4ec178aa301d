import fc from 'fast-check'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { issueCreditNote, issueDebitNote, recordPayment } from '~/lifecycle/settlements.server'
import { accountOf } from './queries.server'
import { invoiceLinesWithNotes } from './notes.server'
import { noteLineAmounts } from './notes'

// The ledger's arithmetic over random sequences of deliveries (invoices), payments (with TDS), credit
// notes (by quantity, by amount, on paid invoices too) and debit notes,
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
  const [account, invoices, lines, payments, allocations, notes, ledger, debits, noteLines] = await Promise.all([
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
    db.selectFrom('debit_notes').selectAll().where('buyer_id', '=', id).execute(),
    Promise.all([
      db
        .selectFrom('credit_note_lines as l')
        .innerJoin('credit_notes as n', 'n.id', 'l.note_id')
        .select(['l.note_id', 'l.invoice_line_id', 'l.quantity_milli', 'l.taxable_minor', 'l.total_minor'])
        .where('n.buyer_id', '=', id)
        .execute(),
      db
        .selectFrom('debit_note_lines as l')
        .innerJoin('debit_notes as n', 'n.id', 'l.note_id')
        .select(['l.note_id', 'l.invoice_line_id', 'l.quantity_milli', 'l.taxable_minor', 'l.total_minor'])
        .where('n.buyer_id', '=', id)
        .execute(),
    ]).then(([c, d]) => [
      ...c.map((r) => ({ ...r, kind: 'credit' as const })),
      ...d.map((r) => ({ ...r, kind: 'debit' as const })),
    ]),
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
    expect(Number(inv.debited_minor)).toBe(
      sum(debits.filter((n) => n.invoice_id === inv.id).map((n) => n.amount_minor)),
    )
    const open =
      Number(inv.total_minor) + Number(inv.debited_minor) - Number(inv.paid_minor) - Number(inv.credited_minor)
    expect(open).toBeGreaterThanOrEqual(0)
    expect(inv.status).toBe(open === 0 ? 'settled' : 'open')
  }
  // Every note: its totals the sums of its lines; no line credits more goods or value than its invoice line had (with debits).
  for (const [kind, list] of [
    ['credit', notes],
    ['debit', debits],
  ] as const) {
    for (const n of list) {
      const own = noteLines.filter((l) => l.kind === kind && l.note_id === n.id)
      expect(own.length).toBeGreaterThan(0)
      expect(Number(n.amount_minor)).toBe(sum(own.map((l) => l.total_minor)))
      expect(Number(n.taxable_minor)).toBe(sum(own.map((l) => l.taxable_minor)))
      expect(Number(n.amount_minor)).toBe(
        Number(n.taxable_minor) + Number(n.cgst_minor) + Number(n.sgst_minor) + Number(n.igst_minor),
      )
    }
  }
  const invoiceLines = await db
    .selectFrom('buyer_invoice_lines as l')
    .innerJoin('buyer_invoices as i', 'i.id', 'l.invoice_id')
    .select(['l.id', 'l.quantity_milli', 'l.total_minor'])
    .where('i.buyer_id', '=', id)
    .execute()
  for (const line of invoiceLines) {
    const on = noteLines.filter((l) => l.invoice_line_id === line.id)
    const credit = on.filter((l) => l.kind === 'credit')
    expect(sum(credit.map((l) => l.quantity_milli ?? 0))).toBeLessThanOrEqual(Number(line.quantity_milli))
    expect(sum(credit.map((l) => l.total_minor))).toBeLessThanOrEqual(
      Number(line.total_minor) + sum(on.filter((l) => l.kind === 'debit').map((l) => l.total_minor)),
    )
  }
  for (const p of payments) {
    expect(Number(p.unallocated_minor)).toBeGreaterThanOrEqual(0)
    expect(Number(p.amount_minor) + Number(p.tds_minor)).toBe(
      Number(p.unallocated_minor) + sum(allocations.filter((a) => a.payment_id === p.id).map((a) => a.amount_minor)),
    )
  }
  expect(Number(account.invoiced_minor)).toBe(sum(invoices.map((i) => i.total_minor)))
  expect(Number(account.received_minor)).toBe(sum(payments.map((p) => Number(p.amount_minor) + Number(p.tds_minor))))
  expect(Number(account.credited_minor)).toBe(sum(notes.map((n) => n.amount_minor)))
  expect(Number(account.debited_minor)).toBe(sum(debits.map((n) => n.amount_minor)))
  expect(Number(account.unallocated_minor)).toBe(sum(payments.map((p) => p.unallocated_minor)))
  // Money left over and an invoice still owed never wait side by side.
  expect(invoices.some((i) => i.status === 'open') && payments.some((p) => Number(p.unallocated_minor) > 0)).toBe(false)
  // The ledger: one row per document, numbered 1..n, each balance the one before plus debit less credit.
  expect(ledger).toHaveLength(invoices.length + payments.length + notes.length + debits.length)
  let balance = 0
  for (const [i, row] of ledger.entries()) {
    expect(Number(row.seq)).toBe(i + 1)
    balance += Number(row.debit_minor) - Number(row.credit_minor)
    expect(Number(row.balance_minor)).toBe(balance)
  }
  expect(balance).toBe(
    Number(account.invoiced_minor) +
      Number(account.debited_minor) -
      Number(account.received_minor) -
      Number(account.credited_minor),
  )
  expect(Number(account.entries)).toBe(ledger.length)
  // The balance the pages show is the sum of the debits less the credits, and what the open invoices owe less the advance.
  const shown = await accountOf(db, id)
  expect(shown!.outstandingMinor).toBe(sum(ledger.map((r) => Number(r.debit_minor) - Number(r.credit_minor))))
  expect(shown!.outstandingMinor).toBe(
    sum(
      invoices.map(
        (i) => Number(i.total_minor) + Number(i.debited_minor) - Number(i.paid_minor) - Number(i.credited_minor),
      ),
    ) - Number(account.unallocated_minor),
  )
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

  it('refuses a credit note over what its line can still take, and a payment dated in the future', async () => {
    const invoice = await getDb()
      .selectFrom('buyer_invoices')
      .select(['id', 'total_minor', 'credited_minor', 'debited_minor'])
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow()
    const room = Number(invoice.total_minor) + Number(invoice.debited_minor) - Number(invoice.credited_minor)
    const over = await issueCreditNote(
      getDb(),
      staff,
      buyerId,
      { invoiceId: invoice.id, amountMinor: room + 1, reason: 'Short supply' },
      undefined,
    )
    expect(over).toMatchObject({ ok: false, field: 'amount' })
    const [line] = await invoiceLinesWithNotes(getDb(), invoice.id)
    const tooMany = await issueCreditNote(
      getDb(),
      staff,
      buyerId,
      {
        invoiceId: invoice.id,
        reasonCode: 'short_delivery',
        reason: 'Short',
        lines: [{ invoiceLineId: line!.id, quantityMilli: line!.creditableQuantityMilli + 1 }],
      },
      undefined,
    )
    expect(tooMany).toMatchObject({ ok: false, fields: { 'lines[0].quantity': expect.stringMatching(/^At most/) } })
    const debitByQuantity = await issueDebitNote(
      getDb(),
      staff,
      buyerId,
      {
        invoiceId: invoice.id,
        reasonCode: 'qc_rejection',
        reason: 'x',
        lines: [{ invoiceLineId: line!.id, quantityMilli: 1000 }],
      },
      undefined,
    )
    expect(debitByQuantity).toMatchObject({ ok: false, field: 'reasonCode' })
    const future = await recordPayment(
      getDb(),
      staff,
      buyerId,
      { receivedOn: '2999-01-01', amountMinor: 100, mode: 'upi', reference: 'x' },
      undefined,
    )
    expect(future).toMatchObject({ ok: false, field: 'receivedOn' })
  })

  it('keeps every total equal to its rows over random sequences of invoices, payments with TDS, credit and debit notes', async () => {
    const pool = await dispatchedOrders(24)
    const op = fc.oneof(
      fc.record({ kind: fc.constant('deliver' as const) }),
      fc.record({
        kind: fc.constant('pay' as const),
        amount: fc.integer({ min: 1, max: 2_000_000 }),
        tds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
        retry: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('credit' as const),
        by: fc.constantFrom('quantity' as const, 'amount' as const, 'sum' as const),
        pick: fc.nat(),
        share: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        kind: fc.constant('debit' as const),
        pick: fc.nat(),
        taxable: fc.integer({ min: 1, max: 500_000 }),
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'deliver') {
            const next = pool.shift()
            if (next) await deliver(next)
          } else if (o.kind === 'pay') {
            const key = `prop-${++counter}`
            const input = {
              receivedOn: kolkataDay(),
              amountMinor: o.amount,
              mode: 'rtgs' as const,
              reference: key,
              tdsMinor: Math.min(o.tds, o.amount),
              tdsSection: '194C', // any TDS: only 194Q's is checked against its base (receipt-rules.server.test.ts)
            }
            const paid = await recordPayment(getDb(), staff, buyerId, input, key)
            expect(paid.ok).toBe(true)
            if (o.retry)
              expect(await recordPayment(getDb(), staff, buyerId, input, key)).toMatchObject({
                ok: true,
                value: { repeated: true },
              })
          } else {
            // Any invoice, paid or not: a credit beyond what is open goes back to the advance.
            const invoices = await getDb()
              .selectFrom('buyer_invoices')
              .select(['id', 'supply'])
              .where('buyer_id', '=', buyerId)
              .orderBy('id')
              .execute()
            const invoice = invoices[o.pick % Math.max(1, invoices.length)]
            if (!invoice) continue
            const lines = await invoiceLinesWithNotes(getDb(), invoice.id)
            const line = lines[o.pick % lines.length]!
            const supply = invoice.supply
            const rates = { priceMinor: line.price_minor, gstRateBp: line.gst_rate_bp }
            if (o.kind === 'debit') {
              const fits =
                noteLineAmounts(rates, { taxableMinor: o.taxable }, supply).total <=
                line.total_minor - line.debitedMinor
              const debited = await issueDebitNote(
                getDb(),
                staff,
                buyerId,
                {
                  invoiceId: invoice.id,
                  reasonCode: 'rate_difference',
                  reason: 'Rate revised',
                  lines: [{ invoiceLineId: line.id, taxableMinor: o.taxable }],
                },
                `dn-${++counter}`,
              )
              expect(debited.ok).toBe(fits)
            } else if (o.by === 'quantity') {
              const quantityMilli = Math.floor((line.creditableQuantityMilli * o.share) / 100)
              const fits =
                quantityMilli > 0 && noteLineAmounts(rates, { quantityMilli }, supply).total <= line.creditableMinor
              const credited = await issueCreditNote(
                getDb(),
                staff,
                buyerId,
                {
                  invoiceId: invoice.id,
                  reasonCode: 'qc_rejection',
                  reason: 'Rejected at QC after invoicing',
                  lines: [{ invoiceLineId: line.id, quantityMilli }],
                },
                `cn-${++counter}`,
              )
              expect(credited.ok).toBe(fits)
              if (!credited.ok)
                expect(credited.fields ?? { [credited.field!]: credited.message }).toHaveProperty(['lines[0].quantity'])
            } else {
              const room =
                o.by === 'sum' ? lines.reduce((s, l) => s + Math.max(0, l.creditableMinor), 0) : line.creditableMinor
              const share = Math.floor((room * o.share) / 100)
              const taxableMinor = Math.floor((share * 10_000) / (10_000 + line.gst_rate_bp))
              const input =
                o.by === 'sum' ? { amountMinor: share } : { lines: [{ invoiceLineId: line.id, taxableMinor }] }
              const fits =
                o.by === 'sum'
                  ? share > 0
                  : taxableMinor > 0 && noteLineAmounts(rates, { taxableMinor }, supply).total <= room
              const credited = await issueCreditNote(
                getDb(),
                staff,
                buyerId,
                {
                  invoiceId: invoice.id,
                  reasonCode: o.by === 'sum' ? 'other' : 'rate_difference',
                  reason: 'Rate difference',
                  ...input,
                },
                `cn-${++counter}`,
              )
              expect(credited.ok).toBe(fits)
            }
          }
          await checkLedger(buyerId)
        }
      }),
      {
        numRuns: 12,
        // Besides the random runs, one that surely issues each kind the checks below ask for.
        examples: [
          [
            [
              { kind: 'deliver' },
              { kind: 'credit', by: 'quantity', pick: 0, share: 50 },
              { kind: 'debit', pick: 0, taxable: 10_000 },
              { kind: 'pay', amount: 100_000, tds: 1_000, retry: false },
            ],
          ],
        ],
      },
    )
    // The runs did issue each kind of note and TDS (a property that never issued one proves nothing).
    const db = getDb()
    const n = (row: { n: number | string }) => Number(row.n)
    expect(
      n(
        await db
          .selectFrom('debit_notes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('buyer_id', '=', buyerId)
          .executeTakeFirstOrThrow(),
      ),
    ).toBeGreaterThan(0)
    expect(
      n(
        await db
          .selectFrom('credit_note_lines as l')
          .innerJoin('credit_notes as c', 'c.id', 'l.note_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('c.buyer_id', '=', buyerId)
          .where('l.quantity_milli', 'is not', null)
          .executeTakeFirstOrThrow(),
      ),
    ).toBeGreaterThan(0)
    expect(
      n(
        await db
          .selectFrom('buyer_payments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tds_minor', '>', 0)
          .where('buyer_id', '=', buyerId)
          .executeTakeFirstOrThrow(),
      ),
    ).toBeGreaterThan(0)
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
      .select(['invoiced_minor', 'debited_minor', 'received_minor', 'credited_minor'])
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    const owed =
      Number(account.invoiced_minor) +
      Number(account.debited_minor) -
      Number(account.received_minor) -
      Number(account.credited_minor)
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
