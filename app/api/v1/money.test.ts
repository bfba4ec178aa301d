import { getDb } from '~/db.server'
import { dispatchV1 } from '~/api/v1/dispatch.server'
import { buyerInvoicePdf } from '~/features/settlements/buyer.server'
import { api, tokenFor } from '../../../tests/support/api'
import { viewerFor } from '../../../tests/support/db'
import { textOfPdf } from '../../../tests/support/markers'

// A buyer's money through the API: its own invoices, credit notes, payments and statement (as its
// Money pages read them), another buyer's 404; finance reads any buyer's by buyer_id; sellers none.

type Page<T = Record<string, unknown>> = { data: T[]; next_cursor: string | null }

let buyerId: number
let buyer: string
let otherBuyerId: number

beforeAll(async () => {
  buyerId = (await viewerFor('buyer@example.com')).company!.id
  buyer = await tokenFor('buyer@example.com')
  // Another buyer that has invoices (the demo KAM's other buyers).
  const other = await getDb()
    .selectFrom('buyer_invoices')
    .select('buyer_id')
    .where('buyer_id', '!=', buyerId)
    .executeTakeFirstOrThrow()
  otherBuyerId = other.buyer_id
})

const ids = (rows: { id: number }[]) => rows.map((r) => r.id)

describe('invoices', () => {
  it('lists the buyer’s own invoices, newest first, all of them by cursor, filtered by status', async () => {
    const own = await getDb()
      .selectFrom('buyer_invoices')
      .select(['id', 'status'])
      .where('buyer_id', '=', buyerId)
      .orderBy('invoice_on', 'desc')
      .orderBy('id', 'desc')
      .execute()
    expect(own.length).toBeGreaterThan(0)
    const seen: number[] = []
    let cursor: string | null = null
    do {
      const page: { status: number; json: Page<{ id: number }> } = await api(
        'GET',
        `/invoices?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        { token: buyer },
      )
      expect(page.status).toBe(200)
      seen.push(...ids(page.json.data))
      cursor = page.json.next_cursor
    } while (cursor)
    expect(seen).toEqual(ids(own))
    const settled = await api<Page<{ status: string }>>('GET', '/invoices?status=settled&limit=200', { token: buyer })
    expect(settled.json.data.length).toBe(own.filter((i) => i.status === 'settled').length)
    expect((await api('GET', '/invoices?status=paid', { token: buyer })).status).toBe(422)
  })

  it('reads one invoice with its lines and taxes, and its PDF; another buyer’s is 404', async () => {
    const mine = await getDb()
      .selectFrom('buyer_invoices')
      .select(['id', 'number', 'total_minor'])
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    const one = await api<{ number: string; total_paise: number; lines: unknown[]; pdf: string }>(
      'GET',
      `/invoices/${mine.id}`,
      { token: buyer },
    )
    expect(one.status).toBe(200)
    expect(one.json.number).toBe(mine.number)
    expect(one.json.total_paise).toBe(Number(mine.total_minor))
    expect(one.json.lines.length).toBeGreaterThan(0)
    const pdf = await api('GET', `/invoices/${mine.id}/pdf`, { token: buyer })
    expect(pdf.status).toBe(200)
    expect(pdf.response.headers.get('Content-Type')).toBe('application/pdf')

    const theirs = await getDb()
      .selectFrom('buyer_invoices')
      .select('id')
      .where('buyer_id', '=', otherBuyerId)
      .executeTakeFirstOrThrow()
    expect((await api('GET', `/invoices/${theirs.id}`, { token: buyer })).status).toBe(404)
    expect((await api('GET', `/invoices/${theirs.id}/pdf`, { token: buyer })).status).toBe(404)
  })

  it('the PDF is the buyer page’s document', async () => {
    const mine = await getDb()
      .selectFrom('buyer_invoices')
      .select(['id', 'number'])
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    const page = await buyerInvoicePdf(getDb(), buyerId, String(mine.id))
    const viaApi = await dispatchV1(
      new Request(`http://localhost/api/v1/invoices/${mine.id}/pdf`, { headers: { Authorization: `Bearer ${buyer}` } }),
      getDb(),
    )
    const [a, b] = await Promise.all([
      textOfPdf(await (page as { ok: true; response: Response }).response.arrayBuffer()),
      textOfPdf(await viaApi.arrayBuffer()),
    ])
    expect(b).toContain(mine.number)
    expect(b).toBe(a)
  })
})

describe('credit notes, payments and the statement', () => {
  it('reads the buyer’s own, and 404 for another buyer’s credit note', async () => {
    const notes = await api<Page<{ id: number; pdf: string }>>('GET', '/credit-notes?limit=200', { token: buyer })
    expect(notes.status).toBe(200)
    const own = await getDb().selectFrom('credit_notes').select('id').where('buyer_id', '=', buyerId).execute()
    expect(notes.json.data.length).toBe(own.length)
    if (own.length) {
      const first = notes.json.data[0]!
      expect((await api('GET', `/credit-notes/${first.id}`, { token: buyer })).status).toBe(200)
      const pdf = await api('GET', first.pdf.replace('/api/v1', ''), { token: buyer })
      expect(pdf.response.headers.get('Content-Type')).toBe('application/pdf')
    }
    const theirs = await getDb()
      .selectFrom('credit_notes')
      .select('id')
      .where('buyer_id', '!=', buyerId)
      .executeTakeFirst()
    if (theirs) {
      expect((await api('GET', `/credit-notes/${theirs.id}`, { token: buyer })).status).toBe(404)
      expect((await api('GET', `/credit-notes/${theirs.id}/pdf`, { token: buyer })).status).toBe(404)
    }
    expect((await api('GET', '/credit-notes/999999999', { token: buyer })).status).toBe(404)
  })

  it('lists payments with the invoices each paid', async () => {
    const payments = await api<Page<{ id: number; paid: { invoice_id: number }[] }>>('GET', '/payments?limit=200', {
      token: buyer,
    })
    expect(payments.status).toBe(200)
    const own = await getDb().selectFrom('buyer_payments').select('id').where('buyer_id', '=', buyerId).execute()
    expect(payments.json.data.length).toBe(own.length)
    const invoices = new Set(
      (await getDb().selectFrom('buyer_invoices').select('id').where('buyer_id', '=', buyerId).execute()).map(
        (i) => i.id,
      ),
    )
    expect(payments.json.data.flatMap((p) => p.paid).every((a) => invoices.has(a.invoice_id))).toBe(true)
  })

  it('reads the statement for a period: opening, lines with running balance, closing; and its PDF', async () => {
    const statement = await api<{
      opening_balance_paise: number
      closing_balance_paise: number
      lines: { debit_paise: number; credit_paise: number; balance_paise: number }[]
      pdf: string
    }>('GET', '/statement?from=2020-01-01', { token: buyer })
    expect(statement.status).toBe(200)
    let balance = statement.json.opening_balance_paise
    for (const line of statement.json.lines) {
      balance += line.debit_paise - line.credit_paise
      expect(line.balance_paise).toBe(balance)
    }
    expect(statement.json.closing_balance_paise).toBe(balance)
    const pdf = await api('GET', statement.json.pdf.replace('/api/v1', ''), { token: buyer })
    expect(pdf.status).toBe(200)
    expect(pdf.response.headers.get('Content-Type')).toBe('application/pdf')
    expect((await api('GET', '/statement?from=1st+of+May', { token: buyer })).status).toBe(422)
  })
})

describe('who reads money', () => {
  it('finance reads any buyer’s by buyer_id (required); a seller’s token is refused', async () => {
    const fin = await tokenFor('biz_fin@example.com')
    const theirs = await api<Page<{ id: number }>>('GET', `/invoices?buyer_id=${otherBuyerId}&limit=200`, {
      token: fin,
    })
    expect(theirs.status).toBe(200)
    const count = await getDb().selectFrom('buyer_invoices').select('id').where('buyer_id', '=', otherBuyerId).execute()
    expect(theirs.json.data.length).toBe(count.length)
    expect((await api('GET', `/invoices/${theirs.json.data[0]!.id}`, { token: fin })).status).toBe(200)
    const missing = await api<{ errors: { pointer: string }[] }>('GET', '/invoices', { token: fin })
    expect(missing.status).toBe(422)
    expect(missing.json.errors[0]!.pointer).toBe('/buyer_id')
    expect((await api('GET', '/statement?buyer_id=999999999', { token: fin })).status).toBe(404)

    // A buyer naming another buyer still reads only its own.
    const own = await api<Page<{ id: number }>>('GET', `/invoices?buyer_id=${otherBuyerId}&limit=200`, {
      token: buyer,
    })
    const mine = new Set(
      (await getDb().selectFrom('buyer_invoices').select('id').where('buyer_id', '=', buyerId).execute()).map(
        (i) => i.id,
      ),
    )
    expect(own.json.data.every((i) => mine.has(i.id))).toBe(true)

    const seller = await tokenFor('seller@example.com')
    expect((await api('GET', '/invoices', { token: seller })).status).toBe(403)
    const logistics = await tokenFor('logistics@example.com')
    expect((await api('GET', `/invoices?buyer_id=${buyerId}`, { token: logistics })).status).toBe(403)
  })
})
