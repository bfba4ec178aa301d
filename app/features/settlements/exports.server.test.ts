import { getDb } from '~/db.server'
import * as settlementsCsvRoute from '~/routes/_main+/logistics.settlements[.csv]'
import * as settlementsRoute from '~/routes/_main+/logistics.settlements._index'
import * as invoicesCsvRoute from '~/routes/buyer+/invoices[.csv]'
import * as invoicesRoute from '~/routes/buyer+/invoices._index'
import * as paymentsCsvRoute from '~/routes/buyer+/payments[.csv]'
import * as paymentsRoute from '~/routes/buyer+/payments._index'
import { rupeesInput } from '~/utils/money'
import { makeCompanyUser } from '../../../tests/support/companies'
import { parseCsv } from '../../../tests/support/csv'
import { cookieFor } from '../../../tests/support/db'
import { buyerInvoiceBatches, buyerPaymentBatches } from './buyer.server'
import { paymentModeLabels } from './shared'

// The money lists' CSVs, through their routes as their users sign in: each CSV's rows are the
// list's rows for the same query string (every page of them), the buyer's read only its own
// company, and the buyers' settlements answer only finance. The columns are days and amounts, no
// instants: a day stays a day (never moved to IST), amounts in rupees as the other money CSVs.

const url = (path: string) => `http://localhost${path}`
const get = async (path: string, who: string) => new Request(url(path), { headers: { Cookie: await cookieFor(who) } })
const args = (request: Request) => ({ request, params: {}, context: {} }) as never

const csvOf = async (response: Response) => {
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
  expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[\w.-]+\.csv"$/)
  const text = await response.text()
  return { header: text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!, rows: parseCsv(text) }
}
const DAY = /^\d{4}-\d{2}-\d{2}$/

const BUYER = 'buyer@example.com'
let buyerId: number
/** A user of another buyer that has invoices and payments of its own. */
let otherEmail: string
let otherBuyerId: number

beforeAll(async () => {
  const db = getDb()
  buyerId = (await db.selectFrom('users').select('buyer_id').where('email', '=', BUYER).executeTakeFirstOrThrow())
    .buyer_id!
  // The demo's other buyers with invoices and payments have no users: one is given one here.
  otherBuyerId = (
    await db
      .selectFrom('buyer_payments')
      .select('buyer_id')
      .where('buyer_id', '<>', buyerId)
      .orderBy('buyer_id')
      .executeTakeFirstOrThrow()
  ).buyer_id
  otherEmail = 'csv.other.buyer@example.com'
  await makeCompanyUser('buyer', otherBuyerId, otherEmail)
})

type InvoicesData = Awaited<ReturnType<typeof invoicesRoute.loader>>
type PaymentsData = Awaited<ReturnType<typeof paymentsRoute.loader>>

describe('the buyer’s invoices as CSV', () => {
  it('holds the list’s rows for each status filter, as the list shows them, days as days', async () => {
    for (const status of ['', 'open', 'overdue', 'settled']) {
      const query = status ? `?status=${status}` : ''
      const list = (await invoicesRoute.loader(
        args(await get(`/buyer/invoices${query}${query ? '&' : '?'}perPage=100`, BUYER)),
      )) as InvoicesData
      expect(list.rows.length).toBe(list.total)
      const { header, rows } = await csvOf(
        await invoicesCsvRoute.loader(args(await get(`/buyer/invoices.csv${query}`, BUYER))),
      )
      expect(header).toBe(
        'Invoice,Date,Order,Amount (INR),Debit notes (INR),Credit notes (INR),Received (INR),Due (INR),Due by,Past due,Status',
      )
      expect(rows, status).toEqual(
        list.rows.map((i) => ({
          Invoice: i.number,
          Date: i.invoiceOn,
          Order: i.orderCode,
          'Amount (INR)': rupeesInput(i.invoicedMinor),
          'Debit notes (INR)': rupeesInput(i.debitNotesMinor),
          'Credit notes (INR)': rupeesInput(i.creditNotesMinor),
          'Received (INR)': rupeesInput(i.receivedMinor),
          'Due (INR)': rupeesInput(i.outstandingMinor),
          'Due by': i.dueOn,
          'Past due': i.status === 'open' && i.dueOn < list.today ? 'yes' : 'no',
          Status: i.status === 'open' ? 'Open' : 'Settled',
        })),
      )
      if (status === 'overdue') expect(rows.length > 0 && rows.every((r) => r['Past due'] === 'yes')).toBe(true)
      for (const row of rows) expect(`${row.Date} ${row['Due by']}`).toMatch(/^\d{4}-\d{2}-\d{2} \d{4}-\d{2}-\d{2}$/)
    }
    // The demo buyer has invoices of every kind, so each filter above was tried on rows.
    const all = await getDb().selectFrom('buyer_invoices').select('status').where('buyer_id', '=', buyerId).execute()
    expect(new Set(all.map((i) => i.status))).toEqual(new Set(['open', 'settled']))
  })

  it('never holds another buyer’s invoice, and walks every page in the list’s order', async () => {
    const db = getDb()
    const theirs = (
      await db.selectFrom('buyer_invoices').select('number').where('buyer_id', '=', otherBuyerId).execute()
    ).map((i) => i.number)
    const mine = (await db.selectFrom('buyer_invoices').select('number').where('buyer_id', '=', buyerId).execute()).map(
      (i) => i.number,
    )
    expect(theirs.length).toBeGreaterThan(0)
    const asMe = (await csvOf(await invoicesCsvRoute.loader(args(await get('/buyer/invoices.csv', BUYER))))).rows.map(
      (r) => r.Invoice,
    )
    const asThem = (
      await csvOf(await invoicesCsvRoute.loader(args(await get('/buyer/invoices.csv', otherEmail))))
    ).rows.map((r) => r.Invoice)
    expect(asMe.sort()).toEqual(mine.sort())
    expect(asThem.sort()).toEqual(theirs.sort())

    // Batches of two: the keyset walk goes on past ties on the day, none lost or repeated.
    const list = (await invoicesRoute.loader(args(await get('/buyer/invoices?perPage=100', BUYER)))) as InvoicesData
    const walked: string[] = []
    for await (const { rows } of buyerInvoiceBatches(db, buyerId, new URL(url('/buyer/invoices.csv')), 2))
      walked.push(...rows.map((r) => r.number))
    expect(walked).toEqual(list.rows.map((r) => r.number))
  })

  it('answers only a buyer’s users', async () => {
    await expect(invoicesCsvRoute.loader(args(await get('/buyer/invoices.csv', 'admin')))).rejects.toMatchObject({
      status: 403,
    })
    await expect(
      invoicesCsvRoute.loader(args(await get('/buyer/invoices.csv', 'seller@example.com'))),
    ).rejects.toMatchObject({ status: 403 })
  })
})

describe('the buyer’s payments as CSV', () => {
  it('holds the list’s rows, each with the invoices it paid, and no other buyer’s payment', async () => {
    const list = (await paymentsRoute.loader(args(await get('/buyer/payments?perPage=100', BUYER)))) as PaymentsData
    expect(list.rows.some((p) => p.paid.length > 0)).toBe(true)
    const { header, rows } = await csvOf(await paymentsCsvRoute.loader(args(await get('/buyer/payments.csv', BUYER))))
    expect(header).toBe(
      'Receipt,Received,Amount (INR),TDS deducted (INR),Mode,Reference,Paid against,Not yet allocated (INR)',
    )
    expect(rows).toEqual(
      list.rows.map((p) => ({
        Receipt: p.number,
        Received: p.receivedOn,
        'Amount (INR)': rupeesInput(p.amountMinor),
        'TDS deducted (INR)': rupeesInput(p.tdsMinor),
        Mode: paymentModeLabels[p.mode],
        Reference: p.reference,
        'Paid against': p.paid.map((a) => `${a.number}: ${rupeesInput(a.amountMinor)}`).join('; '),
        'Not yet allocated (INR)': rupeesInput(p.unallocatedMinor),
      })),
    )
    for (const row of rows) expect(row.Received).toMatch(DAY)

    const db = getDb()
    const theirs = new Set(
      (await db.selectFrom('buyer_payments').select('number').where('buyer_id', '<>', buyerId).execute()).map(
        (p) => p.number,
      ),
    )
    const theirInvoices = (
      await db.selectFrom('buyer_invoices').select('number').where('buyer_id', '<>', buyerId).execute()
    ).map((i) => i.number)
    expect(theirs.size).toBeGreaterThan(0)
    for (const row of rows) {
      expect(theirs.has(row.Receipt)).toBe(false)
      for (const number of theirInvoices) expect(row['Paid against']).not.toContain(`${number}:`)
    }
    const asThem = (
      await csvOf(await paymentsCsvRoute.loader(args(await get('/buyer/payments.csv', otherEmail))))
    ).rows.map((r) => r.Receipt)
    const theirOwn = (
      await db.selectFrom('buyer_payments').select('number').where('buyer_id', '=', otherBuyerId).execute()
    ).map((p) => p.number)
    expect(asThem.sort()).toEqual(theirOwn.sort())

    const walked: string[] = []
    for await (const batch of buyerPaymentBatches(db, buyerId, 2)) walked.push(...batch.map((p) => p.number))
    expect(walked).toEqual(list.rows.map((p) => p.number))
  })
})

describe('the buyers’ settlements as CSV', () => {
  it('holds the list’s rows for each filter, for finance only', async () => {
    for (const show of ['', 'past_due', 'paid_this_month']) {
      const query = show ? `?show=${show}` : ''
      const list = (await settlementsRoute.loader(
        args(await get(`/logistics/settlements${query}`, 'biz_fin')),
      )) as Awaited<ReturnType<typeof settlementsRoute.loader>>
      expect(list.total).toBe(list.rows.length)
      const { header, rows } = await csvOf(
        await settlementsCsvRoute.loader(args(await get(`/logistics/settlements.csv${query}`, 'biz_fin'))),
      )
      expect(header).toBe('Buyer,Outstanding (INR),Past due (INR),Paid this month (INR)')
      expect(rows, show).toEqual(
        list.rows.map((r) => ({
          Buyer: r.name,
          'Outstanding (INR)': rupeesInput(r.outstandingMinor),
          'Past due (INR)': rupeesInput(r.pastDueMinor),
          'Paid this month (INR)': rupeesInput(r.paidThisMonthMinor),
        })),
      )
      if (show === 'past_due') expect(rows.length).toBeGreaterThan(0)
      if (show)
        expect(rows.length).toBeLessThanOrEqual(
          (await csvOf(await settlementsCsvRoute.loader(args(await get('/logistics/settlements.csv', 'biz_fin'))))).rows
            .length,
        )
    }
    await expect(
      settlementsCsvRoute.loader(args(await get('/logistics/settlements.csv', 'logistics'))),
    ).rejects.toMatchObject({ status: 403 })
    await expect(
      settlementsCsvRoute.loader(args(await get('/logistics/settlements.csv', BUYER))),
    ).rejects.toMatchObject({ status: 403 })
  })
})
