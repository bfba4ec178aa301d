import { PDFParse } from 'pdf-parse'
import { getDb } from '~/db.server'
import * as homeRoute from '~/routes/buyer+/_index'
import * as invoicePdfRoute from '~/routes/buyer+/invoices.$invoiceId[.pdf]'
import * as invoicesRoute from '~/routes/buyer+/invoices._index'
import * as outstandingRoute from '~/routes/buyer+/outstanding'
import * as paymentsRoute from '~/routes/buyer+/payments._index'
import * as statementRoute from '~/routes/buyer+/statement[.pdf]'
import { kolkataDay } from '~/utils/format'
import { cookieFor } from '../../../tests/support/db'
import { accountOf } from './queries.server'

// The buyer's money pages, through their loaders as the demo buyer (buyer@example.com) signs in:
// each reads only its own company's invoices and payments (another buyer's invoice is not found),
// and its PDFs carry nothing of a seller: no seller's name, no seller order code, no cost.

const url = (path: string) => `http://localhost${path}`
const get = async (path: string, who = 'buyer@example.com') =>
  new Request(url(path), { headers: { Cookie: await cookieFor(who) } })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never

let buyerId: number
let sellerMarkers: string[]

beforeAll(async () => {
  const db = getDb()
  buyerId = (
    await db.selectFrom('users').select('buyer_id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow()
  ).buyer_id!
  const sellers = (await db.selectFrom('sellers').select('name').execute()).map((s) => s.name)
  const sellerOrderCodes = (await db.selectFrom('seller_orders').select('code').execute()).map((s) => s.code)
  sellerMarkers = [...sellers, ...sellerOrderCodes]
})

const pdfText = async (response: Response) => {
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('application/pdf')
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) })
  const { text } = await parser.getText()
  await parser.destroy()
  return text
}

const noSellerIn = (text: string) => {
  for (const marker of sellerMarkers) expect(text, marker).not.toContain(marker)
  expect(text).not.toMatch(/\bcost\b|margin/i)
}

describe('the buyer’s invoices', () => {
  it('lists its own invoices only, and filters past due ones', async () => {
    const db = getDb()
    const own = await db
      .selectFrom('buyer_invoices')
      .select(['id', 'number', 'status', 'due_on'])
      .where('buyer_id', '=', buyerId)
      .execute()
    expect(own.length).toBeGreaterThan(1)
    const data = (await invoicesRoute.loader(args(await get('/buyer/invoices?perPage=100')))) as Awaited<
      ReturnType<typeof invoicesRoute.loader>
    >
    expect(data.total).toBe(own.length)
    expect(data.rows.map((r) => r.number).sort()).toEqual(own.map((r) => r.number).sort())
    const json = JSON.stringify(data)
    noSellerIn(json)
    expect(json).not.toMatch(/sellerOrder|seller_order/)
    const today = kolkataDay()
    const overdue = (await invoicesRoute.loader(
      args(await get('/buyer/invoices?status=overdue&perPage=100')),
    )) as Awaited<ReturnType<typeof invoicesRoute.loader>>
    expect(overdue.rows.map((r) => r.number).sort()).toEqual(
      own
        .filter((r) => r.status === 'open' && r.due_on < today)
        .map((r) => r.number)
        .sort(),
    )
  })

  it('opens its own invoice as a PDF with the platform as supplier and no seller; another buyer’s is not found', async () => {
    const db = getDb()
    const mine = await db
      .selectFrom('buyer_invoices as i')
      .innerJoin('master_orders as mo', 'mo.id', 'i.master_order_id')
      .select(['i.id', 'i.number', 'mo.code'])
      .where('i.buyer_id', '=', buyerId)
      .orderBy('i.id')
      .executeTakeFirstOrThrow()
    const text = await pdfText(
      await invoicePdfRoute.loader(args(await get(`/buyer/invoices/${mine.id}.pdf`), { invoiceId: `${mine.id}.pdf` })),
    )
    expect(text).toContain(mine.number)
    expect(text).toContain(`Order: ${mine.code}`)
    expect(text).toContain('Sourcing Platform Private Limited')
    noSellerIn(text)

    const theirs = await db
      .selectFrom('buyer_invoices')
      .select('id')
      .where('buyer_id', '<>', buyerId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await expect(
      invoicePdfRoute.loader(args(await get(`/buyer/invoices/${theirs.id}.pdf`), { invoiceId: `${theirs.id}.pdf` })),
    ).rejects.toMatchObject({ status: 404 })
    await expect(
      invoicePdfRoute.loader(args(await get('/buyer/invoices/abc.pdf'), { invoiceId: 'abc.pdf' })),
    ).rejects.toMatchObject({ status: 404 })
    // Staff do not enter the buyer portal.
    await expect(
      invoicePdfRoute.loader(
        args(await get(`/buyer/invoices/${mine.id}.pdf`, 'admin'), { invoiceId: `${mine.id}.pdf` }),
      ),
    ).rejects.toMatchObject({ status: 403 })
  })
})

describe('the buyer’s payments, outstanding and statement', () => {
  it('lists its own payments, each with the invoices it paid', async () => {
    const db = getDb()
    const own = await db
      .selectFrom('buyer_payments')
      .select(['number', 'amount_minor'])
      .where('buyer_id', '=', buyerId)
      .execute()
    expect(own.length).toBeGreaterThan(0)
    const data = (await paymentsRoute.loader(args(await get('/buyer/payments?perPage=100')))) as Awaited<
      ReturnType<typeof paymentsRoute.loader>
    >
    expect(data.rows.map((r) => r.number).sort()).toEqual(own.map((r) => r.number).sort())
    const invoiceNumbers = new Set(
      (await db.selectFrom('buyer_invoices').select('number').where('buyer_id', '=', buyerId).execute()).map(
        (r) => r.number,
      ),
    )
    for (const row of data.rows) {
      const allocated = row.paid.reduce((s, a) => s + a.amountMinor, 0)
      expect(allocated + row.unallocatedMinor).toBe(row.amountMinor + row.tdsMinor)
      for (const a of row.paid) expect(invoiceNumbers.has(a.number)).toBe(true)
    }
  })

  it('shows what it owes by age, agreeing with its account, and its statement as a PDF without a seller', async () => {
    const db = getDb()
    const account = (await accountOf(db, buyerId))!
    const data = (await outstandingRoute.loader(args(await get('/buyer/outstanding')))) as Awaited<
      ReturnType<typeof outstandingRoute.loader>
    >
    expect(data.account.outstandingMinor).toBe(account.outstandingMinor)
    const openTotal = data.open.reduce((s, i) => s + i.outstandingMinor, 0)
    expect(Object.values(data.ageing.buckets).reduce((s, n) => s + n, 0)).toBe(openTotal)
    expect(data.ageing.overdueMinor).toBe(
      data.open.filter((i) => i.dueOn < data.today).reduce((s, i) => s + i.outstandingMinor, 0),
    )
    noSellerIn(JSON.stringify(data))

    const first = await db
      .selectFrom('buyer_ledger')
      .select(['entry_on', 'ref_number'])
      .where('buyer_id', '=', buyerId)
      .orderBy('entry_on')
      .orderBy('seq')
      .executeTakeFirstOrThrow()
    const text = await pdfText(
      await statementRoute.loader(args(await get(`/buyer/statement.pdf?from=${first.entry_on}&to=${kolkataDay()}`))),
    )
    expect(text).toContain('Statement of account')
    expect(text).toContain(first.ref_number)
    expect(text).toContain('Indigo Threads Retail')
    noSellerIn(text)
  })

  it('puts the money on the buyer’s home, every figure a link', async () => {
    const data = (await homeRoute.loader(args(await get('/buyer')))) as Awaited<ReturnType<typeof homeRoute.loader>>
    expect(data.figures.map((f) => f.label)).toEqual(
      expect.arrayContaining(['Your open orders', 'Outstanding', 'Past due', 'Open invoices']),
    )
    expect(data.figures.filter((f) => !f.to)).toEqual([])
    expect(data.figures.find((f) => f.label === 'Past due')?.to).toBe('/buyer/invoices?status=overdue')
  })
})
