import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import * as bulkRoute from '~/routes/_main+/logistics.settlements.einvoices[.json]'
import * as listRoute from '~/routes/_main+/logistics.settlements.einvoices._index'
import * as docRoute from '~/routes/_main+/logistics.settlements.einvoices.$docKey._index'
import * as downloadRoute from '~/routes/_main+/logistics.settlements.einvoices.$docKey.download'
import * as gstr1Route from '~/routes/_main+/logistics.settlements.gstr1._index'
import * as gstr1JsonRoute from '~/routes/_main+/logistics.settlements.gstr1[.json]'
import * as gstr1CsvRoute from '~/routes/_main+/logistics.settlements.gstr1[.csv]'
import { cookieFor } from '../../../../tests/support/db'
import { einvoiceErrors } from '../../../../tests/support/einvoice-schema'
import { gstDocument } from './documents.server'
import { shortenNumbers, signedQr } from '../../../../tests/support/gst-documents'

// Finance's e-invoice and GSTR-1 pages through their routes, as the forms post without JavaScript.

const MONTH = '2025-12'
const url = (path: string) => `http://localhost${path}`
let cookie: string
const get = (path: string) => new Request(url(path), { headers: { Cookie: cookie } })
const post = (path: string, body: FormData | URLSearchParams) =>
  new Request(url(path), { method: 'POST', headers: { Cookie: cookie }, body })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never
const loaded = <T>(value: T) => value as Exclude<Awaited<T>, Response>

let invoiceId: number

beforeAll(async () => {
  const db = getDb()
  cookie = await cookieFor('internal@example.com')
  await shortenNumbers(db)
  // The demo registers its past B2B documents (issue 52): these tests register them themselves.
  await db.deleteFrom('einvoice_registrations').execute()
  const invoice = await db
    .selectFrom('buyer_invoices')
    .select('id')
    .where('supply', '=', 'intra')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  invoiceId = invoice.id
  await db
    .updateTable('buyer_invoices')
    .set({ invoice_on: `${MONTH}-15` })
    .where('id', '=', invoiceId)
    .execute()
})

describe('the e-invoices of a month', () => {
  it('lists the month’s B2B documents as not registered, and downloads each one’s JSON and the month’s in bulk', async () => {
    const data = loaded(await listRoute.loader(args(get(`/logistics/settlements/einvoices?month=${MONTH}`))))
    const row = data.rows.find((r) => r.key === `INV-${invoiceId}`)!
    expect(row).toMatchObject({ irn: null, problems: [] })
    // The demo's credit notes are issued as amounts alone until the notes of issue 38 carry lines:
    // such a note cannot be registered, and says so; every other document is ready.
    const lineless = await getDb()
      .selectFrom('credit_notes as n')
      .leftJoin('credit_note_lines as l', 'l.note_id', 'n.id')
      .select('n.id')
      .where('l.id', 'is', null)
      .execute()
    const blocked = data.rows.filter((r) => r.problems.length)
    expect(blocked.map((r) => r.problems)).toEqual(blocked.map(() => ['The document has no lines.']))
    expect(blocked.every((r) => lineless.some((n) => r.key === `CRN-${n.id}`))).toBe(true)
    expect(data.counts.ready).toBe(data.rows.length - blocked.length)

    const one = (await downloadRoute.loader(
      args(get(`/x/INV-${invoiceId}/download`), { docKey: `INV-${invoiceId}` }),
    )) as Response
    expect(one.headers.get('Content-Disposition')).toMatch(/attachment; filename=".*\.json"/)
    const json = await one.json()
    expect(einvoiceErrors(json)).toEqual([])
    expect(json.DocDtls.No).toBe(row.number)

    const bulk = (await bulkRoute.loader(args(get(`/logistics/settlements/einvoices.json?month=${MONTH}`)))) as Response
    const all = (await bulk.json()) as unknown[]
    expect(all).toHaveLength(data.counts.ready)
    for (const doc of all) expect(einvoiceErrors(doc)).toEqual([])

    await expect(
      downloadRoute.loader(args(get('/x/INV-999999/download'), { docKey: 'INV-999999' })),
    ).rejects.toMatchObject({ status: 404 })
    // A month that is not one gives this month's file, never an error.
    const thisMonth = (await bulkRoute.loader(
      args(get('/logistics/settlements/einvoices.json?month=2025-13')),
    )) as Response
    expect(thisMonth.headers.get('Content-Disposition')).toContain(`einvoices-${kolkataDay().slice(0, 7)}`)
  })

  it('records the IRN typed on the form (bad input answers at its field, keeping what was typed)', async () => {
    const key = `INV-${invoiceId}`
    const path = `/logistics/settlements/einvoices/${key}`
    const bad = (await docRoute.action(
      args(post(path, new URLSearchParams({ irn: 'not-an-irn', ackNo: '12', ackAt: 'yesterday', signedQr: 'x' })), {
        docKey: key,
      }),
    )) as unknown as {
      init: { status: number }
      data: { error: Record<string, string[]>; initialValue: Record<string, string> }
    }
    expect(bad.init.status).toBe(400)
    expect(bad.data.error.irn).toEqual(['The IRN is 64 hexadecimal characters'])
    expect(bad.data.error.ackAt?.[0]).toMatch(/2026-11-27 14:05:00/)
    expect(bad.data.initialValue.irn).toBe('not-an-irn')

    const doc = (await gstDocument(getDb(), 'INV', invoiceId))!
    const irn = 'e'.repeat(64)
    const done = (await docRoute.action(
      args(
        post(
          path,
          new URLSearchParams({
            irn,
            ackNo: '1120100000300',
            ackAt: '2025-12-15 10:00:00',
            signedQr: signedQr(doc, irn),
          }),
        ),
        { docKey: key },
      ),
    )) as Response
    expect(done.status).toBe(302)
    const page = loaded(await docRoute.loader(args(get(path), { docKey: key })))
    expect(page.registration).toMatchObject({ irn, ackNo: '1120100000300', source: 'form' })
    const list = loaded(
      await listRoute.loader(args(get(`/logistics/settlements/einvoices?month=${MONTH}&status=registered`))),
    )
    expect(list.rows.map((r) => r.key)).toContain(key)
    const open = loaded(
      await listRoute.loader(args(get(`/logistics/settlements/einvoices?month=${MONTH}&status=open`))),
    )
    expect(open.rows.map((r) => r.key)).not.toContain(key)
    // Registered: the bulk file leaves it out.
    const bulk = (await (
      (await bulkRoute.loader(args(get(`/logistics/settlements/einvoices.json?month=${MONTH}`)))) as Response
    ).json()) as { DocDtls: { No: string } }[]
    expect(bulk.map((d) => d.DocDtls.No)).not.toContain(doc.number)
  })

  it('imports a response file uploaded on the list page, and says why a file is refused', async () => {
    const db = getDb()
    const data = loaded(
      await listRoute.loader(args(get(`/logistics/settlements/einvoices?month=${MONTH}&status=open`))),
    )
    const target = data.rows[0]!
    const doc = (await gstDocument(
      db,
      target.key.startsWith('INV') ? 'INV' : target.key.startsWith('CRN') ? 'CRN' : 'DBN',
      Number(target.key.split('-')[1]),
    ))!
    const irn = 'f'.repeat(64)
    const file = JSON.stringify({
      Status: 1,
      Data: {
        AckNo: 1120100000400,
        AckDt: '2025-12-20 09:00:00',
        Irn: irn,
        SignedQRCode: signedQr(doc, irn),
        SignedInvoice: 'x.y.z',
      },
    })
    const form = new FormData()
    form.set('form', 'import')
    form.set('file', new File([file], 'response.json', { type: 'application/json' }))
    const listPath = `/logistics/settlements/einvoices?month=${MONTH}`
    const done = (await listRoute.action(args(post(listPath, form)))) as Response
    expect(done.status).toBe(302)
    expect(
      await db.selectFrom('einvoice_registrations').select('ack_no').where('irn', '=', irn).executeTakeFirst(),
    ).toEqual({
      ack_no: '1120100000400',
    })
    const junk = new FormData()
    junk.set('form', 'import')
    junk.set('text', 'not json at all')
    const refused = (await listRoute.action(args(post(listPath, junk)))) as unknown as {
      init: { status: number }
      data: { error: Record<string, string[]>; initialValue: Record<string, string> }
    }
    expect(refused.init.status).toBe(400)
    expect(refused.data.error.file?.[0]).toMatch(/names none of the documents/)
    expect(refused.data.initialValue.text).toBe('not json at all')
  })
})

describe('GSTR-1', () => {
  it('shows a month’s sections and downloads its JSON and CSV', async () => {
    const page = loaded(await gstr1Route.loader(args(get(`/logistics/settlements/gstr1?month=${MONTH}`))))
    expect(page.documents.invoices).toBeGreaterThan(0)
    const b2b = page.sections.find((s) => s.key === 'b2b')!
    const json = await (
      (await gstr1JsonRoute.loader(args(get(`/logistics/settlements/gstr1.json?month=${MONTH}`)))) as Response
    ).json()
    expect(json.fp).toBe('122025')
    expect(json.b2b.flatMap((c: { inv: unknown[] }) => c.inv)).toHaveLength(
      page.documents.invoices - json.b2cl.flatMap((p: { inv: unknown[] }) => p.inv).length - (json.b2cs.length ? 0 : 0),
    )
    const csv = await (
      (await gstr1CsvRoute.loader(args(get(`/logistics/settlements/gstr1.csv?month=${MONTH}`)))) as Response
    ).text()
    const b2bRows = csv.split('\n').filter((line) => line.startsWith('b2b,'))
    expect(b2bRows).toHaveLength(b2b.count)
    expect(csv).toContain('Section,GSTIN of recipient')
    const other = (await gstr1CsvRoute.loader(args(get('/logistics/settlements/gstr1.csv?month=nope')))) as Response
    expect(other.status).toBe(200)
  })
})
