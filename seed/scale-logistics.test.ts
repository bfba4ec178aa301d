import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { userIdOf } from '../tests/support/db'
import { placeTestOrder, stagesBefore } from '../tests/support/orders'
import { makeBuyer, makeSeller } from '../tests/support/companies'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { recordPayment } from '~/lifecycle/settlements.server'
import { seedOrdersScale } from './scale-orders'
import { seedLogisticsScale } from './scale-logistics'
import { expectBookingDaysKept } from '../tests/support/logistics'

// The logistics scale seed writes requests, bookings, invoices, payments and ledgers in bulk with
// their ids and numbers given: afterwards the counts agree with the rows, each ledger balances, and
// the app's own functions go on numbering after them.

describe('seedLogisticsScale', () => {
  it('loads bookings and balanced ledgers, after which the app carries on', async () => {
    const db = getDb()
    await seedOrdersScale(db, { orders: 1_500 })
    const before = Number(
      (
        await db
          .selectFrom('transport_bookings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const ledgerBefore = Number(
      (
        await db
          .selectFrom('buyer_ledger')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    await seedLogisticsScale(db, { bookings: 1_200, ledgerRows: 900 })
    const count = async (table: 'transport_bookings' | 'buyer_ledger') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count('transport_bookings')).toBe(before + 1_200)
    expect(await count('buyer_ledger')).toBe(ledgerBefore + 900)
    // The kept counts are the rows'.
    const kept = await db.selectFrom('transport_request_counts').select(['transport_type', 'status', 'n']).execute()
    const real = await db
      .selectFrom('transport_requests')
      .select(['transport_type', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['transport_type', 'status'])
      .execute()
    expect(kept.map((k) => `${k.transport_type}/${k.status}=${Number(k.n)}`).sort()).toEqual(
      real.map((r) => `${r.transport_type}/${r.status}=${Number(r.n)}`).sort(),
    )
    await expectBookingDaysKept(db)
    expect(
      (
        await db
          .selectFrom('transport_bookings')
          .select('bill_state')
          .where('bill_state', '=', 'unpaid')
          .limit(1)
          .execute()
      ).length,
    ).toBe(1)
    // Every ledger: numbered 1..n in date order, balances chained, the account the sums.
    const rows = await db
      .selectFrom('buyer_ledger')
      .select(['buyer_id', 'seq', 'entry_on', 'debit_minor', 'credit_minor', 'balance_minor'])
      .orderBy('buyer_id')
      .orderBy('seq')
      .execute()
    const accounts = new Map((await db.selectFrom('buyer_accounts').selectAll().execute()).map((a) => [a.buyer_id, a]))
    let balance = 0
    for (const [i, row] of rows.entries()) {
      const first = i === 0 || rows[i - 1]!.buyer_id !== row.buyer_id
      if (first) balance = 0
      else expect(row.entry_on >= rows[i - 1]!.entry_on).toBe(true)
      expect(Number(row.seq)).toBe(first ? 1 : Number(rows[i - 1]!.seq) + 1)
      balance += Number(row.debit_minor) - Number(row.credit_minor)
      expect(Number(row.balance_minor)).toBe(balance)
      const last = i === rows.length - 1 || rows[i + 1]!.buyer_id !== row.buyer_id
      if (last) {
        const account = accounts.get(row.buyer_id)!
        expect(Number(account.entries)).toBe(Number(row.seq))
        expect(
          Number(account.invoiced_minor) +
            Number(account.debited_minor) -
            Number(account.received_minor) -
            Number(account.credited_minor),
        ).toBe(balance)
      }
    }
    // Invoices: paid ones settled by their allocation, the rest open.
    const mismatched = await db
      .selectFrom('buyer_invoices as i')
      .leftJoin('payment_allocations as a', 'a.invoice_id', 'i.id')
      .select([
        'i.id',
        'i.paid_minor',
        'i.status',
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('a.amount_minor'), eb.val(0)).as('allocated'),
      ])
      .groupBy(['i.id', 'i.paid_minor', 'i.status'])
      .execute()
    for (const inv of mismatched) expect(Number(inv.paid_minor)).toBe(Number(inv.allocated))

    // The app numbers after the scale rows: a new buyer's delivery and payment.
    const staff = { userId: await userIdOf('internal@example.com') }
    const buyerId = await makeBuyer({ name: 'After Scale Ledger', status: 'active' }, [
      { kind: 'shipping', city: 'Pune', isDefault: true },
      { kind: 'billing', city: 'Pune', isDefault: true },
    ])
    const order = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: [await makeSeller({ name: 'After Scale Mills', status: 'active' })],
      key: 'after-scale-ledger',
    })
    for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'] as const) {
      await stagesBefore(order.sellerOrderId, step)
      expect((await takeSellerOrderStep(db, staff, order.sellerOrderId, step)).ok).toBe(true)
    }
    expect(
      await recordPayment(
        db,
        staff,
        buyerId,
        { receivedOn: kolkataDay(), amountMinor: 100, mode: 'upi', reference: 'after' },
        'after-scale',
      ),
    ).toMatchObject({ ok: true })
  })
})
