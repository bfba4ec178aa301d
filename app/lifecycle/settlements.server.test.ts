import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { lastAudit, lifecycleParties, orderThrough, statusOf } from '../../tests/support/lifecycle'
import { issueCreditNote, recordPayment } from './settlements.server'

// Money that settles an order's invoices closes the order: settlements answer which orders they
// settled, and the lifecycle moves those orders on in the same transaction.

let parties: Awaited<ReturnType<typeof lifecycleParties>>
beforeAll(async () => {
  parties = await lifecycleParties('Money')
})

const DELIVERED = ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'] as const

const invoiceOf = (masterOrderId: number) =>
  getDb()
    .selectFrom('buyer_invoices')
    .select(['id', 'total_minor', 'status'])
    .where('master_order_id', '=', masterOrderId)
    .executeTakeFirstOrThrow()

describe('settling closes the order', () => {
  it('a payment of part leaves the order delivered; the payment that settles it closes it', async () => {
    const order = await orderThrough(parties, [...DELIVERED])
    const invoice = await invoiceOf(order.id)
    const total = Number(invoice.total_minor)
    const pay = (amountMinor: number, key: string) =>
      recordPayment(
        getDb(),
        parties.staff,
        parties.buyerId,
        { receivedOn: kolkataDay(), amountMinor, mode: 'neft', reference: key },
        key,
      )
    expect(await pay(total - 100, 'part')).toMatchObject({ ok: true })
    expect(await statusOf('master_orders', order.id)).toBe('delivered')
    expect(await pay(100, 'rest')).toMatchObject({ ok: true })
    expect((await invoiceOf(order.id)).status).toBe('settled')
    expect(await statusOf('master_orders', order.id)).toBe('closed')
    expect(await lastAudit('master_order', order.id)).toMatchObject({
      action: 'master_order.status_changed',
      after_json: JSON.stringify({ status: 'closed' }),
    })
    // The same key again: nothing more is recorded, nothing moves.
    expect(await pay(100, 'rest')).toMatchObject({ ok: true, value: { repeated: true } })
  })

  it('a credit note for what is left closes it too', async () => {
    const order = await orderThrough(parties, [...DELIVERED])
    const invoice = await invoiceOf(order.id)
    expect(
      await issueCreditNote(
        getDb(),
        parties.staff,
        parties.buyerId,
        { invoiceId: invoice.id, amountMinor: Number(invoice.total_minor), reason: 'Goods returned' },
        'credit-all',
      ),
    ).toMatchObject({ ok: true })
    expect(await statusOf('master_orders', order.id)).toBe('closed')
  })
})
