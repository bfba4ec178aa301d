import { getDb } from '~/db.server'
import { formatMoney } from '~/utils/format'
import { loadBuiltApp, requestOf } from '../../../tests/access/http'
import { cookieFor } from '../../../tests/support/db'
import { textOfData, textOfHtml, textOfPdf } from '../../../tests/support/markers'

// The seller side's pages through the built app (npm run build first): the demo's bills, review
// queue and payout; what the seller's own money page, its data and its statement PDF carry (its
// bills, payouts with UTR, TDS and debit notes; never a buyer, a buyer's price or an order's value
// to the buyer); finance's forms with JavaScript off (a field message, nothing recorded twice).

let handle: (request: Request) => Promise<Response>
const db = () => getDb()

beforeAll(async () => {
  ;({ handle } = await loadBuiltApp())
})

const sellerIdOf = async (email: string) =>
  (await db().selectFrom('users').select('seller_id').where('email', '=', email).executeTakeFirstOrThrow()).seller_id!

async function post(path: string, cookie: string, fields: Record<string, string>) {
  return handle(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
  )
}

describe('the demo', () => {
  it('has approved bills, one waiting for review, a debit note and a payout of the demo seller', async () => {
    const sellerId = await sellerIdOf('seller@example.com')
    const bills = await db().selectFrom('seller_bills').select(['status']).where('seller_id', '=', sellerId).execute()
    expect(bills.filter((b) => b.status === 'approved').length).toBeGreaterThanOrEqual(3)
    expect(bills.filter((b) => b.status === 'review')).toHaveLength(1)
    expect(
      await db().selectFrom('seller_payouts').select('id').where('seller_id', '=', sellerId).execute(),
    ).toHaveLength(1)
    expect(
      await db().selectFrom('seller_debit_notes').select('id').where('seller_id', '=', sellerId).execute(),
    ).toHaveLength(1)
  })
})

describe('the seller’s money page', () => {
  it('shows what it is owed, what was paid with the UTR and the deductions, and never a buyer or a buyer’s price', async () => {
    const sellerId = await sellerIdOf('seller@example.com')
    const cookie = await cookieFor('seller')
    const page = textOfHtml(await (await handle(requestOf('/seller/money', 'page', cookie))).text())
    const data = await textOfData(await handle(requestOf('/seller/money', 'data', cookie)))
    const pdf = await handle(requestOf('/seller/money/statement.pdf', 'page', cookie))
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const statement = await textOfPdf(await pdf.arrayBuffer())
    const payout = await db()
      .selectFrom('seller_payouts')
      .selectAll()
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow()
    for (const text of [page, data]) {
      expect(text).toContain(payout.utr)
      expect(text).toContain(payout.number)
    }
    expect(page).toContain(formatMoney(Number(payout.amount_minor)))
    expect(page).toMatch(/Debit note/)
    const tds = await db()
      .selectFrom('seller_accounts')
      .select('tds_minor')
      .where('seller_id', '=', sellerId)
      .executeTakeFirstOrThrow()
    expect(page).toContain(formatMoney(Number(tds.tds_minor)))
    expect(data).toContain(String(Number(tds.tds_minor)))
    expect(statement).toContain(payout.utr)
    expect(statement).toMatch(/Payout PAY\//)
    expect(statement).toMatch(/Debit note PDN\//)
    // Buyers: their names; buyer prices and order values: what its orders and invoices say to buyers.
    const buyers = await db().selectFrom('buyers').select('name').execute()
    const billed = await db()
      .selectFrom('seller_bills as b')
      .innerJoin('seller_orders as so', 'so.id', 'b.seller_order_id')
      .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
      .select(['so.value_minor', 'mo.value_minor as masterValue', 'so.id'])
      .where('b.seller_id', '=', sellerId)
      .execute()
    const invoices = await db()
      .selectFrom('buyer_invoices')
      .select('total_minor')
      .where(
        'seller_order_id',
        'in',
        billed.map((b) => b.id),
      )
      .execute()
    const prices = await db()
      .selectFrom('sub_orders')
      .select('price_minor')
      .where(
        'seller_order_id',
        'in',
        billed.map((b) => b.id),
      )
      .execute()
    const secrets = [
      ...buyers.map((b) => b.name),
      ...billed.flatMap((b) => [formatMoney(Number(b.value_minor)), formatMoney(Number(b.masterValue))]),
      ...invoices.map((i) => formatMoney(Number(i.total_minor))),
      ...prices.map((p) => formatMoney(Number(p.price_minor))),
      'buyer',
    ]
    for (const secret of secrets)
      for (const [where, text] of [
        ['page', page.replace(/<script[\s\S]*?<\/script>/g, '')],
        ['data', data],
        ['pdf', statement],
      ] as const)
        expect(text.toLowerCase().includes(secret.toLowerCase()) ? `${where} carries ${secret}` : 'clean').toBe('clean')
  })

  it('is its own: another seller’s money is not on it', async () => {
    const cookie = await cookieFor('seller')
    const other = await db()
      .selectFrom('seller_payouts')
      .select('utr')
      .where('seller_id', '!=', await sellerIdOf('seller@example.com'))
      .execute()
    const data = await textOfData(await handle(requestOf('/seller/money', 'data', cookie)))
    for (const p of other) expect(data).not.toContain(p.utr)
  })
})

describe('finance’s forms, JavaScript off', () => {
  it('records a bill once, tells a bad field, and pays it with a UTR', async () => {
    const cookie = await cookieFor('biz_fin')
    const order = await db()
      .selectFrom('seller_orders')
      .select(['id', 'code'])
      .where('status', '=', 'delivered')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('seller_bills').select('id').whereRef('seller_order_id', '=', 'seller_orders.id')),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const form = await handle(requestOf(`/logistics/settlements/seller_bills/new?order=${order.code}`, 'page', cookie))
    const html = await form.text()
    expect(form.status).toBe(200)
    const fields = Object.fromEntries(
      [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, textOfHtml(m[2]!)]),
    )
    const path = `/logistics/settlements/seller_bills/new?order=${order.code}`
    const bad = await post(path, cookie, { ...fields, billOn: '2026-02-30', number: 'T/1' })
    expect(bad.status).toBe(400)
    const lineField = Object.keys(fields).find((k) => k.endsWith('.quantity'))!
    const badLine = await post(path, cookie, { ...fields, [lineField]: 'ten', number: 'T/1' })
    expect(badLine.status).toBe(400)
    const body = { ...fields, number: 'T/1' }
    const first = await post(path, cookie, body)
    const again = await post(path, cookie, body)
    expect(first.status).toBe(302)
    expect(again.status).toBe(302)
    const bills = await db().selectFrom('seller_bills').selectAll().where('seller_order_id', '=', order.id).execute()
    expect(bills).toHaveLength(1)
    expect(bills[0]!.status).toBe('approved')
    const pay = await post('/logistics/settlements/payables', cookie, {
      seller: String(bills[0]!.seller_id),
      paidOn: '2026-11-01',
      utr: 'UTR-JS-OFF-1',
      [`bill.${bills[0]!.id}.pay`]: 'on',
      [`bill.${bills[0]!.id}.amount`]: '1.00',
      idempotencyKey: 'js-off-pay',
    })
    expect(pay.status).toBe(302)
    const paid = await db()
      .selectFrom('seller_bills')
      .select('paid_minor')
      .where('id', '=', bills[0]!.id)
      .executeTakeFirstOrThrow()
    expect(Number(paid.paid_minor)).toBe(100)
    const tooMuch = await post('/logistics/settlements/payables', cookie, {
      seller: String(bills[0]!.seller_id),
      paidOn: '2026-11-01',
      utr: 'UTR-JS-OFF-2',
      [`bill.${bills[0]!.id}.pay`]: 'on',
      [`bill.${bills[0]!.id}.amount`]: '99,99,99,999.00',
    })
    expect(tooMuch.status).toBe(400)
    expect(await tooMuch.text()).toMatch(/At most what/)
  })

  it('draws the review queue, the registers and a seller’s account for finance', async () => {
    const cookie = await cookieFor('biz_fin')
    const queue = textOfHtml(
      await (await handle(requestOf('/logistics/settlements/seller_bills', 'page', cookie))).text(),
    )
    expect(queue).toMatch(/above the ordered cost/)
    const month = new Date().toISOString().slice(0, 7)
    const registers = await handle(requestOf(`/logistics/settlements/tax_registers?month=${month}`, 'page', cookie))
    expect(registers.status).toBe(200)
    expect(textOfHtml(await registers.text())).toMatch(/Input tax register/)
    const sellerId = await sellerIdOf('seller@example.com')
    const account = await handle(requestOf(`/logistics/settlements/sellers/${sellerId}`, 'page', cookie))
    expect(account.status).toBe(200)
    const terms = await post(`/logistics/settlements/sellers/${sellerId}`, cookie, {
      paymentTermsDays: '400',
      openingPurchases: '0',
    })
    expect(terms.status).toBe(400)
    expect(
      await post(`/logistics/settlements/sellers/${sellerId}`, cookie, {
        paymentTermsDays: '60',
        openingPurchases: '49,90,000',
      }),
    ).toMatchObject({
      status: 302,
    })
    expect(
      (
        await db()
          .selectFrom('sellers')
          .select('payment_terms_days')
          .where('id', '=', sellerId)
          .executeTakeFirstOrThrow()
      ).payment_terms_days,
    ).toBe(60)
  })
})
