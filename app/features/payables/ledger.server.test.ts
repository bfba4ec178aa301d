import fc from 'fast-check'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { lifecycleParties, orderThrough } from '../../../tests/support/lifecycle'
import { billableOrders, inspected, type Parties } from '../../../tests/support/payables'
import { lineValue } from '../orders/lines'
import { decideBill, issueSellerDebitNote, paySeller, recordBill } from './mutations.server'
import { expectedTax, tds194Q } from './money'
import { taxRegisters } from './queries.server'

// The seller side of money through the real functions and the database: bills matched three ways,
// the review queue, debit notes, payouts in part and TDS under section 194Q; and, over random
// sequences of them, every seller's ledger adding up to the balance shown after every step.

let parties: Parties
let counter = 0
const today = () => kolkataDay()
const db = () => getDb()
const INTRA = '27AAACM1234A1Z5'
const INTER = '29AAACL5678B1Z3'

beforeAll(async () => {
  parties = await lifecycleParties('Payables')
  await db()
    .updateTable('sellers')
    .set({ gstin: INTRA, payment_terms_days: 45 })
    .where('id', '=', parties.sellerIds[0]!)
    .execute()
  await db().updateTable('sellers').set({ gstin: INTER }).where('id', '=', parties.sellerIds[1]!).execute()
})

type Order = Awaited<ReturnType<typeof billableOrders>>[number]

/** A bill as the seller wrote it: every line at the ordered quantity and cost, tax as expected (or as told). */
function billOf(
  order: Order,
  supply: 'intra' | 'inter',
  over: { quantityMilli?: number; rateMinor?: number; taxMinor?: number } = {},
) {
  return {
    sellerOrderId: order.id,
    number: `SB-${++counter}`,
    billOn: today(),
    lines: Object.fromEntries(
      order.lines.map((l) => {
        const quantityMilli = over.quantityMilli ?? l.quantityMilli
        const rateMinor = over.rateMinor ?? l.costMinor
        const taxMinor = over.taxMinor ?? expectedTax(lineValue(quantityMilli, rateMinor), l.gstRateBp, supply, true)
        return [l.id, { quantityMilli, rateMinor, taxMinor }]
      }),
    ),
  }
}

async function checkSeller(sellerId: number) {
  const [account, ledger, bills, payouts, notes] = await Promise.all([
    db().selectFrom('seller_accounts').selectAll().where('seller_id', '=', sellerId).executeTakeFirst(),
    db().selectFrom('seller_ledger').selectAll().where('seller_id', '=', sellerId).orderBy('seq').execute(),
    db().selectFrom('seller_bills').selectAll().where('seller_id', '=', sellerId).execute(),
    db().selectFrom('seller_payouts').selectAll().where('seller_id', '=', sellerId).execute(),
    db().selectFrom('seller_debit_notes').selectAll().where('seller_id', '=', sellerId).execute(),
  ])
  if (!account) return expect(ledger).toHaveLength(0)
  const n = (x: number | string) => Number(x)
  const balance = n(account.billed_minor) - n(account.paid_minor) - n(account.debited_minor) - n(account.tds_minor)
  let running = 0
  ledger.forEach((row, i) => {
    expect(n(row.seq)).toBe(i + 1)
    running += n(row.credit_minor) - n(row.debit_minor)
    expect(n(row.balance_minor)).toBe(running)
  })
  expect(running).toBe(balance)
  expect(n(account.entries)).toBe(ledger.length)
  const approved = bills.filter((b) => b.status === 'approved')
  const open = approved.map((b) => n(b.total_minor) - n(b.paid_minor) - n(b.debited_minor) - n(b.tds_minor))
  for (const o of open) expect(o).toBeGreaterThanOrEqual(0)
  expect(open.reduce((s, o) => s + o, 0)).toBe(balance)
  expect(approved.reduce((s, b) => s + n(b.total_minor), 0)).toBe(n(account.billed_minor))
  expect(payouts.reduce((s, p) => s + n(p.amount_minor), 0)).toBe(n(account.paid_minor))
  expect(notes.reduce((s, p) => s + n(p.amount_minor), 0)).toBe(n(account.debited_minor))
  expect(approved.reduce((s, b) => s + n(b.tds_minor), 0)).toBe(n(account.tds_minor))
  const lines = await db()
    .selectFrom('seller_payout_lines as l')
    .innerJoin('seller_payouts as p', 'p.id', 'l.payout_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount_minor'), eb.lit(0)).as('s'))
    .where('p.seller_id', '=', sellerId)
    .executeTakeFirstOrThrow()
  expect(n(lines.s)).toBe(n(account.paid_minor))
  expect(approved.reduce((s, b) => s + n(b.paid_minor), 0)).toBe(n(account.paid_minor))
}

describe('seller bills', () => {
  it('approves a bill that matches what was ordered, dispatched and accepted, once per key', async () => {
    const [order] = await billableOrders(parties, 1)
    const input = billOf(order!, 'intra')
    const first = await recordBill(db(), parties.staff, input, 'bill-key-1')
    const again = await recordBill(db(), parties.staff, input, 'bill-key-1')
    expect(first).toMatchObject({ ok: true, value: { status: 'approved', repeated: false } })
    expect(again).toMatchObject({ ok: true, value: { repeated: true } })
    const bill = await db()
      .selectFrom('seller_bills')
      .selectAll()
      .where('number', '=', input.number)
      .executeTakeFirstOrThrow()
    expect(bill.supply).toBe('intra')
    expect(Number(bill.cgst_minor)).toBeGreaterThan(0)
    expect(Number(bill.cgst_minor) + Number(bill.sgst_minor)).toBe(
      Number(bill.total_minor) - Number(bill.taxable_minor),
    )
    expect(Number(bill.igst_minor)).toBe(0)
    // Due after the seller's 45 days' terms.
    expect(Date.parse(bill.due_on) - Date.parse(bill.bill_on)).toBe(45 * 86_400_000)
    const ledger = await db().selectFrom('seller_ledger').selectAll().where('ref_id', '=', bill.id).execute()
    expect(ledger.map((l) => [l.kind, Number(l.credit_minor)])).toEqual([['bill', Number(bill.total_minor)]])
    // The same number again for this seller is refused at its field; another seller may use it.
    const [other] = await billableOrders(parties, 1)
    expect(
      await recordBill(db(), parties.staff, { ...billOf(other!, 'intra'), number: input.number }, undefined),
    ).toMatchObject({
      ok: false,
      field: 'number',
    })
    await checkSeller(parties.sellerIds[0]!)
  })

  it('holds a bill that does not match for a person, who approves it with a reason or rejects it', async () => {
    const [a, b] = await billableOrders(parties, 2)
    const over = await recordBill(
      db(),
      parties.staff,
      billOf(a!, 'intra', { quantityMilli: a!.lines[0]!.quantityMilli + 1000 }),
      undefined,
    )
    expect(over).toMatchObject({ ok: true, value: { status: 'review' } })
    if (!over.ok) return
    const held = await db()
      .selectFrom('seller_bills')
      .select(['mismatch', 'status'])
      .where('id', '=', over.value.id)
      .executeTakeFirstOrThrow()
    expect(held.mismatch).toMatch(/accepted in QC 10/)
    expect(held.mismatch).toMatch(/ordered 10/)
    expect(
      await db()
        .selectFrom('seller_ledger')
        .select('id')
        .where('ref_id', '=', over.value.id)
        .where('kind', '=', 'bill')
        .execute(),
    ).toHaveLength(0)
    expect(await decideBill(db(), parties.staff, over.value.id, 'approve', '  ')).toMatchObject({
      ok: false,
      field: 'reason',
    })
    expect(
      await decideBill(db(), parties.staff, over.value.id, 'approve', 'Extra piece agreed by phone'),
    ).toMatchObject({
      ok: true,
      value: { status: 'approved' },
    })
    const twice = await decideBill(db(), parties.staff, over.value.id, 'reject', 'No')
    expect(twice).toMatchObject({ ok: false })
    if (!twice.ok) expect(twice.message).toMatch(/already approved/)

    const dear = await recordBill(
      db(),
      parties.staff,
      billOf(b!, 'intra', { rateMinor: b!.lines[0]!.costMinor + 1, taxMinor: 1 }),
      undefined,
    )
    expect(dear).toMatchObject({ ok: true, value: { status: 'review' } })
    if (!dear.ok) return
    const why = await db()
      .selectFrom('seller_bills')
      .select('mismatch')
      .where('id', '=', dear.value.id)
      .executeTakeFirstOrThrow()
    expect(why.mismatch).toMatch(/above the ordered cost/)
    expect(why.mismatch).toMatch(/tax ₹0\.01, expected/)
    expect(
      await decideBill(db(), parties.staff, dear.value.id, 'reject', 'Wrong rate: send a corrected bill'),
    ).toMatchObject({
      ok: true,
      value: { status: 'rejected' },
    })
    await checkSeller(parties.sellerIds[0]!)
  })

  it('bills across states with IGST, and holds a bill on an order not yet dispatched', async () => {
    const [order] = await billableOrders(parties, 1, undefined, 2).then((os) =>
      os.filter((o) => o.sellerId === parties.sellerIds[1]),
    )
    const done = await recordBill(db(), parties.staff, billOf(order!, 'inter'), undefined)
    expect(done).toMatchObject({ ok: true, value: { status: 'approved' } })
    const bill = await db()
      .selectFrom('seller_bills')
      .selectAll()
      .where('seller_id', '=', parties.sellerIds[1]!)
      .executeTakeFirstOrThrow()
    expect(bill.supply).toBe('inter')
    expect(Number(bill.igst_minor)).toBeGreaterThan(0)
    expect(Number(bill.cgst_minor)).toBe(0)
    const waiting = await orderThrough(parties, ['approve', 'start_production', 'ready_for_qc', 'qc_pass'])
    await inspected(parties, waiting.sellerOrderId)
    const lines = await db()
      .selectFrom('sub_orders')
      .select(['id', 'quantity_milli', 'cost_minor', 'gst_rate_bp'])
      .where('seller_order_id', '=', waiting.sellerOrderId)
      .execute()
    const early = await recordBill(
      db(),
      parties.staff,
      billOf(
        {
          id: waiting.sellerOrderId,
          sellerId: parties.sellerIds[0]!,
          lines: lines.map((l) => ({
            id: l.id,
            quantityMilli: Number(l.quantity_milli),
            costMinor: Number(l.cost_minor),
            gstRateBp: l.gst_rate_bp,
          })),
        },
        'intra',
      ),
      undefined,
    )
    expect(early).toMatchObject({ ok: true, value: { status: 'review' } })
    if (early.ok)
      expect(
        (
          await db()
            .selectFrom('seller_bills')
            .select('mismatch')
            .where('id', '=', early.value.id)
            .executeTakeFirstOrThrow()
        ).mismatch,
      ).toMatch(/not dispatched yet/)
    await checkSeller(parties.sellerIds[1]!)
  })

  it('takes back rejected quantities with a debit note of its own series, never more than the bill owes', async () => {
    const [order] = await billableOrders(parties, 1)
    // QC later accepts 7 of the 10 billed (a second decided inspection is not how QC works; the bill's match is what counts).
    const recorded = await recordBill(db(), parties.staff, billOf(order!, 'intra'), undefined)
    if (!recorded.ok) throw new Error(recorded.message)
    const line = await db()
      .selectFrom('seller_bill_lines')
      .selectAll()
      .where('bill_id', '=', recorded.value.id)
      .executeTakeFirstOrThrow()
    const tooMany = await issueSellerDebitNote(
      db(),
      parties.staff,
      recorded.value.id,
      { lines: { [line.id]: 11_000 }, reason: 'QC rejection' },
      undefined,
    )
    expect(tooMany).toMatchObject({
      ok: false,
      fields: { [`line.${line.id}.quantity`]: expect.stringMatching(/At most/) },
    })
    const note = await issueSellerDebitNote(
      db(),
      parties.staff,
      recorded.value.id,
      { lines: { [line.id]: 3_000 }, reason: 'Rejected in QC after billing' },
      'dn-1',
    )
    const again = await issueSellerDebitNote(
      db(),
      parties.staff,
      recorded.value.id,
      { lines: { [line.id]: 3_000 }, reason: 'Rejected in QC after billing' },
      'dn-1',
    )
    expect(note).toMatchObject({ ok: true, value: { number: expect.stringMatching(/^PDN\/\d{2}-\d{2}\/\d{6}$/) } })
    expect(again).toMatchObject({ ok: true, value: { repeated: true } })
    if (!note.ok) return
    const taxable = lineValue(3_000, Number(line.rate_minor))
    const row = await db()
      .selectFrom('seller_debit_notes')
      .selectAll()
      .where('id', '=', note.value.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.taxable_minor)).toBe(taxable)
    expect(Number(row.amount_minor)).toBe(taxable + Number(row.cgst_minor) + Number(row.sgst_minor))
    expect(Number(row.cgst_minor)).toBeGreaterThan(0)
    await checkSeller(parties.sellerIds[0]!)
  })

  it('pays bills in part and in full, never more than owed, once per key', async () => {
    const [order] = await billableOrders(parties, 1)
    const recorded = await recordBill(db(), parties.staff, billOf(order!, 'intra'), undefined)
    if (!recorded.ok) throw new Error(recorded.message)
    const bill = await db()
      .selectFrom('seller_bills')
      .selectAll()
      .where('id', '=', recorded.value.id)
      .executeTakeFirstOrThrow()
    const owed = Number(bill.total_minor) - Number(bill.tds_minor)
    const sellerId = parties.sellerIds[0]!
    const part = { paidOn: today(), utr: 'UTR-PART-1', amounts: { [bill.id]: 1000 } }
    const first = await paySeller(db(), parties.staff, sellerId, part, 'pay-1')
    const resent = await paySeller(db(), parties.staff, sellerId, part, 'pay-1')
    expect(first).toMatchObject({ ok: true, value: { number: expect.stringMatching(/^PAY\//), amountMinor: 1000 } })
    expect(resent).toMatchObject({ ok: true, value: { repeated: true } })
    const over = await paySeller(
      db(),
      parties.staff,
      sellerId,
      { paidOn: today(), utr: 'UTR-OVER', amounts: { [bill.id]: owed } },
      undefined,
    )
    expect(over).toMatchObject({ ok: false, fields: { [`bill.${bill.id}.amount`]: expect.stringMatching(/At most/) } })
    const rest = await paySeller(
      db(),
      parties.staff,
      sellerId,
      { paidOn: today(), utr: 'UTR-REST', amounts: { [bill.id]: owed - 1000 } },
      undefined,
    )
    expect(rest.ok).toBe(true)
    const future = await paySeller(
      db(),
      parties.staff,
      sellerId,
      { paidOn: '2999-01-01', utr: 'X', amounts: { [bill.id]: 1 } },
      undefined,
    )
    expect(future).toMatchObject({ ok: false, field: 'paidOn' })
    const other = await paySeller(
      db(),
      parties.staff,
      parties.sellerIds[1]!,
      { paidOn: today(), utr: 'X', amounts: { [bill.id]: 1 } },
      undefined,
    )
    expect(other).toMatchObject({ ok: false })
    await checkSeller(sellerId)
  })
})

describe('two payouts of one bill at once', () => {
  it('pay it once: the second is refused, never more than owed (a real race on PostgreSQL)', async () => {
    const [order] = await billableOrders(parties, 1)
    const recorded = await recordBill(db(), parties.staff, billOf(order!, 'intra'), undefined)
    if (!recorded.ok) throw new Error(recorded.message)
    const bill = await db()
      .selectFrom('seller_bills')
      .select(['id', 'total_minor', 'tds_minor'])
      .where('id', '=', recorded.value.id)
      .executeTakeFirstOrThrow()
    const owed = Number(bill.total_minor) - Number(bill.tds_minor)
    const sellerId = parties.sellerIds[0]!
    const pay = (utr: string) =>
      paySeller(db(), parties.staff, sellerId, { paidOn: today(), utr, amounts: { [bill.id]: owed } }, undefined)
    const answers = await Promise.all([pay('UTR-RACE-A'), pay('UTR-RACE-B'), pay('UTR-RACE-C')])
    expect(answers.filter((a) => a.ok)).toHaveLength(1)
    const paid = await db()
      .selectFrom('seller_bills')
      .select('paid_minor')
      .where('id', '=', bill.id)
      .executeTakeFirstOrThrow()
    expect(Number(paid.paid_minor)).toBe(owed)
    await checkSeller(sellerId)
  })
})

describe('TDS under section 194Q', () => {
  it('is 0.1% of the part of the year’s purchases above ₹50 lakh', () => {
    expect(tds194Q(0, 49_00_000_00)).toBe(0)
    expect(tds194Q(49_00_000_00, 2_00_000_00)).toBe(100_00)
    expect(tds194Q(60_00_000_00, 10_00_000_00)).toBe(1_000_00)
    expect(tds194Q(50_00_000_00, 0)).toBe(0)
  })

  it('deducts it when a bill is credited, in the ledger, against what the bill owes', async () => {
    // ₹40 lakh a bill (10 pieces at ₹4 lakh): the second bill crosses ₹50 lakh by ₹30 lakh.
    const orders = await billableOrders(parties, 2, 4_00_000_00, 2).then((os) =>
      os.filter((o) => o.sellerId === parties.sellerIds[1]),
    )
    const seller = parties.sellerIds[1]!
    const [o1] = orders
    const first = await recordBill(db(), parties.staff, billOf(o1!, 'inter'), undefined)
    expect(first).toMatchObject({ ok: true, value: { status: 'approved' } })
    const more = await billableOrders(parties, 2, 4_00_000_00, 2).then((os) => os.filter((o) => o.sellerId === seller))
    const second = await recordBill(db(), parties.staff, billOf(more[0]!, 'inter'), undefined)
    if (!first.ok || !second.ok) throw new Error('not recorded')
    const bills = await db()
      .selectFrom('seller_bills')
      .select(['id', 'taxable_minor', 'tds_minor'])
      .where('id', 'in', [first.value.id, second.value.id])
      .orderBy('id')
      .execute()
    const before = await priorTaxable(seller, first.value.id)
    expect(before).toBeLessThan(10_00_000_00)
    expect(bills.map((b) => Number(b.tds_minor))).toEqual([
      0,
      tds194Q(before + Number(bills[0]!.taxable_minor), Number(bills[1]!.taxable_minor)),
    ])
    // ₹80 lakh and a little: the second bill's part above ₹50 lakh is over ₹29 lakh, 0.1% of it over ₹2,900.
    expect(Number(bills[1]!.tds_minor)).toBeGreaterThan(2_900_00)
    const tds = await db()
      .selectFrom('seller_ledger')
      .select(['kind', 'debit_minor', 'ref_number'])
      .where('seller_id', '=', seller)
      .where('kind', '=', 'tds')
      .execute()
    expect(tds.map((t) => Number(t.debit_minor))).toEqual([Number(bills[1]!.tds_minor)])
    await checkSeller(seller)
  })
})

describe('the month’s registers', () => {
  it('hold the input tax of the bills approved in it less its debit notes, and the TDS per seller with its PAN', async () => {
    const month = today().slice(0, 7)
    const registers = await taxRegisters(db(), month)
    const bills = await db()
      .selectFrom('seller_bills')
      .select(['cgst_minor', 'sgst_minor', 'igst_minor', 'tds_minor', 'seller_id'])
      .where('status', '=', 'approved')
      .where('approved_on', 'like', `${month}-%`)
      .execute()
    const notes = await db()
      .selectFrom('seller_debit_notes')
      .select(['cgst_minor', 'sgst_minor', 'igst_minor'])
      .where('issued_on', 'like', `${month}-%`)
      .execute()
    const sum = (rows: Record<string, unknown>[], k: string) => rows.reduce((t, r) => t + Number(r[k]), 0)
    expect(bills.length).toBeGreaterThan(0)
    expect(notes.length).toBeGreaterThan(0)
    for (const [k, key] of [
      ['cgst_minor', 'cgstMinor'],
      ['sgst_minor', 'sgstMinor'],
      ['igst_minor', 'igstMinor'],
    ] as const)
      expect(registers.inputTotals[key]).toBe(sum(bills, k) - sum(notes, k))
    expect(registers.inputTotals.igstMinor).toBeGreaterThan(0)
    expect(registers.tdsTotalMinor).toBe(sum(bills, 'tds_minor'))
    const inter = registers.tds.find((r) => r.sellerId === parties.sellerIds[1])
    expect(inter?.pan).toBe(INTER.slice(2, 12))
  })
})

/** Taxable value of the seller's approved bills before one. */
async function priorTaxable(sellerId: number, beforeId: number) {
  const rows = await db()
    .selectFrom('seller_bills')
    .select('taxable_minor')
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'approved')
    .where('id', '<', beforeId)
    .execute()
  return rows.reduce((s, r) => s + Number(r.taxable_minor), 0)
}

describe('the seller ledger', () => {
  it('adds up to the balance shown after every step of random bills, reviews, debit notes and payouts', async () => {
    const pool = await billableOrders(parties, 12, 1_50_000_00, 2)
    await inspected(parties, pool[0]!.id, 6_000)
    const op = fc.oneof(
      fc.record({ kind: fc.constant('bill' as const), share: fc.integer({ min: 1, max: 12 }), dear: fc.boolean() }),
      fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
      fc.record({ kind: fc.constant('debit' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 4_000 }) }),
      fc.record({
        kind: fc.constant('pay' as const),
        pick: fc.nat(),
        share: fc.integer({ min: 1, max: 110 }),
        retry: fc.boolean(),
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'bill') {
            const order = pool[counter % pool.length]!
            const supply = order.sellerId === parties.sellerIds[0] ? 'intra' : 'inter'
            const input = billOf(order, supply, {
              quantityMilli: o.share * 1000,
              rateMinor: o.dear ? order.lines[0]!.costMinor + 100 : order.lines[0]!.costMinor,
            })
            const done = await recordBill(db(), parties.staff, input, undefined)
            expect(done.ok).toBe(true)
          } else {
            const status = o.kind === 'decide' ? 'review' : 'approved'
            const bills = await db()
              .selectFrom('seller_bills')
              .select(['id', 'seller_id', 'total_minor', 'paid_minor', 'debited_minor', 'tds_minor'])
              .where('status', '=', status)
              .orderBy('id')
              .execute()
            const bill = bills[o.pick % Math.max(1, bills.length)]
            if (!bill) continue
            if (o.kind === 'decide') {
              const done = await decideBill(
                db(),
                parties.staff,
                bill.id,
                o.approve ? 'approve' : 'reject',
                'Checked with the seller',
              )
              expect(done.ok).toBe(true)
            } else if (o.kind === 'debit') {
              const line = await db()
                .selectFrom('seller_bill_lines')
                .select('id')
                .where('bill_id', '=', bill.id)
                .executeTakeFirstOrThrow()
              await issueSellerDebitNote(
                db(),
                parties.staff,
                bill.id,
                { lines: { [line.id]: o.quantity }, reason: 'Rejected' },
                undefined,
              )
            } else {
              const open =
                Number(bill.total_minor) - Number(bill.paid_minor) - Number(bill.debited_minor) - Number(bill.tds_minor)
              const amount = Math.max(1, Math.floor((open * o.share) / 100))
              const key = `rand-pay-${++counter}`
              const input = { paidOn: today(), utr: key, amounts: { [bill.id]: amount } }
              const done = await paySeller(db(), parties.staff, bill.seller_id, input, key)
              expect(done.ok).toBe(amount <= open)
              if (o.retry)
                expect(await paySeller(db(), parties.staff, bill.seller_id, input, key)).toMatchObject({ ok: done.ok })
            }
          }
          for (const sellerId of parties.sellerIds) await checkSeller(sellerId)
        }
      }),
      { numRuns: 12 },
    )
    const deducted = await db()
      .selectFrom('seller_ledger')
      .select('id')
      .where('kind', '=', 'tds')
      .where('seller_id', 'in', parties.sellerIds)
      .execute()
    expect(deducted.length).toBeGreaterThan(0)
  }, 120_000)
})
