import { PDFParse } from 'pdf-parse'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { invoicePdfFor, settlementAction, settlementPage, statementPdfFor } from './pages.server'
import { pdfMoney } from './pdf.server'
import { settlementMoves } from '~/lifecycle/settlements.server'

let viewer: Viewer
let buyerId: number
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
  buyerId = await makeBuyer(
    {
      name: 'Statement Stores',
      legal_name: 'Statement Stores LLP',
      gstin: '27AAACS1234B1ZN',
      status: 'active',
      credit_limit_minor: 10_000_000,
      payment_terms_days: 30,
    },
    [
      { kind: 'shipping', city: 'Nagpur', isDefault: true },
      { kind: 'billing', city: 'Nagpur', isDefault: true },
    ],
  )
  sellerId = await makeSeller({ name: 'Statement Mills', status: 'active' })
})

async function delivered() {
  const order = await placeTestOrder({ userId: viewer.userId, buyerId, sellerIds: [sellerId], key: `st-${++counter}` })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(getDb(), viewer, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  return getDb()
    .selectFrom('buyer_invoices')
    .selectAll()
    .where('seller_order_id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
}

const textOf = async (response: Response) => {
  expect(response.headers.get('Content-Type')).toBe('application/pdf')
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) })
  const result = await parser.getText()
  await parser.destroy()
  return result
}

describe('a buyer’s settlement', () => {
  it('shows outstanding, ageing and credit use; a payment lowers the outstanding once, however often it is sent', async () => {
    const invoice = await delivered()
    const total = Number(invoice.total_minor)
    const page = (await settlementPage(getDb(), String(buyerId), new URL('http://x/')))!
    expect(page.account.outstandingMinor).toBe(total)
    expect(page.ageing.buckets.d0_30).toBe(total)
    expect(page.account.creditUsedPercent).toBe(Math.round((total * 1000) / 10_000_000) / 10)
    expect(page.open.map((i) => i.number)).toEqual([invoice.number])
    expect(page.ledger.rows[0]).toMatchObject({
      kind: 'invoice',
      refNumber: invoice.number,
      debitMinor: total,
      balanceMinor: total,
    })

    const body = {
      intent: 'payment',
      idempotencyKey: page.paymentKey,
      receivedOn: kolkataDay(),
      amount: '1,000.50',
      mode: 'upi',
      reference: 'UPI-42',
    }
    expect(await settlementAction(getDb(), viewer, String(buyerId), formOf(body), settlementMoves)).toMatchObject({
      status: 'done',
      toast: { kind: 'success' },
    })
    expect(await settlementAction(getDb(), viewer, String(buyerId), formOf(body), settlementMoves)).toMatchObject({
      status: 'done',
      toast: { kind: 'info' },
    })
    const after = (await settlementPage(getDb(), String(buyerId), new URL('http://x/')))!
    expect(after.account.outstandingMinor).toBe(total - 100_050)
    expect(after.open[0]).toMatchObject({ paidMinor: 100_050, openMinor: total - 100_050 })

    // Bad input comes back at its field, nothing written.
    const bad = await settlementAction(
      getDb(),
      viewer,
      String(buyerId),
      formOf({ intent: 'payment', receivedOn: '2026-02-31', amount: 'lots', mode: 'barter', reference: '' }),
      settlementMoves,
    )
    expect(bad.status).toBe('invalid')
    const errors = (bad as { reply: { error: Record<string, string[]> } }).reply.error
    expect(Object.keys(errors).sort()).toEqual(['amount', 'mode', 'receivedOn', 'reference'])
    expect(await settlementAction(getDb(), viewer, '999999', formOf(body), settlementMoves)).toEqual({
      status: 'not-found',
    })

    // A credit note for the rest settles the invoice.
    const rest = total - 100_050
    const credit = {
      intent: 'credit_note',
      idempotencyKey: after.creditKey,
      invoice: invoice.number.toLowerCase(),
      amount: (rest / 100).toFixed(2),
      reason: 'Late delivery discount',
    }
    expect(await settlementAction(getDb(), viewer, String(buyerId), formOf(credit), settlementMoves)).toMatchObject({
      status: 'done',
    })
    const settled = (await settlementPage(getDb(), String(buyerId), new URL('http://x/')))!
    expect(settled.account.outstandingMinor).toBe(0)
    expect(settled.open).toHaveLength(0)
  })

  it('prints the invoice as a PDF with its number, GSTINs, HSN and totals', async () => {
    const invoice = await delivered()
    const pdf = await textOf((await invoicePdfFor(getDb(), String(buyerId), `${invoice.id}.pdf`))!)
    expect(pdf.total).toBe(1)
    expect(pdf.text).toContain(invoice.number)
    expect(pdf.text).toContain('27AABCS1429B1ZU')
    expect(pdf.text).toContain('27AAACS1234B1ZN')
    expect(pdf.text).toContain(`Invoice total: ${pdfMoney(Number(invoice.total_minor))}`)
    expect(pdf.text).toContain('IGST')
    // Another buyer's id with this invoice: not found.
    expect(await invoicePdfFor(getDb(), String(buyerId + 1), String(invoice.id))).toBeUndefined()
  })

  it('prints a statement with balances brought and carried forward', async () => {
    const pdf = await textOf(
      (await statementPdfFor(getDb(), String(buyerId), new URL(`http://x/?from=${kolkataDay()}&to=${kolkataDay()}`)))!,
    )
    expect(pdf.text).toContain('Statement of account')
    expect(pdf.text).toContain('Statement Stores LLP')
    expect(pdf.text).toContain('Balance brought forward')
    const account = await getDb()
      .selectFrom('buyer_accounts')
      .select(['invoiced_minor', 'received_minor', 'credited_minor'])
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    const outstanding = Number(account.invoiced_minor) - Number(account.received_minor) - Number(account.credited_minor)
    expect(pdf.text).toContain(`Outstanding now: ${pdfMoney(outstanding)}`)
    expect(pdf.text).toMatch(/Balance carried forward\s+₹ /)
  })
})
