// The company routes called as Remix calls them: guard, 404s, CSV download, form replies.
import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import { withGstinCheck } from '~/utils/gstin'
import * as editBuyer from '~/routes/_main+/buyers.$buyerId.edit'
import * as viewBuyer from '~/routes/_main+/buyers.$buyerId._index'
import * as manageBuyers from '~/routes/_main+/buyers.manage'
import * as buyersCsv from '~/routes/_main+/buyers.manage[.csv]'
import * as addSeller from '~/routes/_main+/sellers.add'
import * as viewSeller from '~/routes/_main+/sellers.$sellerId._index'
import { makeBuyer } from '../../../tests/support/companies'
import { parseCsv } from '../../../tests/support/csv'
import { cookieFor } from '../../../tests/support/db'

let staff: string

beforeAll(async () => {
  staff = await cookieFor('internal')
})

function get(path: string, cookie = staff) {
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
}

function post(path: string, fields: Record<string, string>, cookie = staff) {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
  })
}

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs

/** The status of what a loader or action threw (a 404, a redirect). */
async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
  throw new Error('expected the route to throw a response')
}

/** A `data(value, { status })` reply's value (a refused form's by default) and status. */
const reply = <T = SubmissionResult<string[]>>(value: unknown) => value as { data: T; init: { status: number } }

describe('company routes', () => {
  it('answer 404 for an unknown or non-numeric id, on pages and posts', async () => {
    expect(await thrownStatus(() => viewBuyer.loader(args(get('/buyers/99999999'), { buyerId: '99999999' })))).toBe(404)
    expect(await thrownStatus(() => viewBuyer.loader(args(get('/buyers/abc'), { buyerId: 'abc' })))).toBe(404)
    expect(await thrownStatus(() => viewSeller.loader(args(get('/sellers/1.5'), { sellerId: '1.5' })))).toBe(404)
    expect(await thrownStatus(() => editBuyer.loader(args(get('/buyers/0/edit'), { buyerId: '0' })))).toBe(404)
    expect(
      await thrownStatus(() =>
        viewBuyer.action(args(post('/buyers/99999999', { intent: 'activate' }), { buyerId: '99999999' })),
      ),
    ).toBe(404)
  })

  it('keep buyers and sellers out of the staff pages', async () => {
    const buyer = await cookieFor('buyer')
    expect(await thrownStatus(() => manageBuyers.loader(args(get('/buyers/manage', buyer))))).toBe(403)
    expect(await thrownStatus(() => buyersCsv.loader(args(get('/buyers/manage.csv', buyer))))).toBe(403)
    expect(
      await thrownStatus(() => addSeller.action(args(post('/sellers/add', { name: 'Sneaky Seller' }, buyer)))),
    ).toBe(403)
  })

  it('download the filtered list as CSV, every matching row', async () => {
    for (let i = 1; i <= 3; i++)
      await makeBuyer({ name: `Ibis Csv Buyer ${i}`, status: i === 2 ? 'suspended' : 'active' })
    const response = await buyersCsv.loader(args(get('/buyers/manage.csv?q=ibis%20csv&status=active&page=2')))
    expect(response).toBeInstanceOf(Response)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="buyers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows = parseCsv(await response.text())
    expect(rows.map((r) => [r.Name, r.Status])).toEqual([
      ['Ibis Csv Buyer 1', 'Active'],
      ['Ibis Csv Buyer 3', 'Active'],
    ])
  })

  it('download a KAM whose own name is a formula as inert text, like every other cell', async () => {
    const db = getDb()
    const kam = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'kam.neha@example.com')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('users')
      .set({ name: '=HYPERLINK("http://evil.example","Neha")' })
      .where('id', '=', kam.id)
      .execute()
    await makeBuyer({ name: '@Ibis Formula Buyer', status: 'active', kam_user_id: kam.id })
    const response = await buyersCsv.loader(args(get('/buyers/manage.csv?q=ibis%20formula')))
    const [row] = parseCsv(await response.text())
    expect(row!.Name).toBe("'@Ibis Formula Buyer")
    expect(Object.values(row!)).toContain(`'=HYPERLINK("http://evil.example","Neha")`)
  })

  it('send a suspension without a reason back to its open dialog', async () => {
    const id = await makeBuyer({ name: 'Ibis Suspend Co', status: 'active' })
    const result = reply<{ intent: string; reply: SubmissionResult<string[]> }>(
      await viewBuyer.action(args(post(`/buyers/${id}`, { intent: 'suspend', reason: '' }), { buyerId: String(id) })),
    )
    expect(result.init.status).toBe(400)
    expect(result.data.intent).toBe('suspend')
    expect(result.data.reply.error?.reason?.[0]).toMatch(/Say why/)
    const row = await getDb().selectFrom('buyers').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('active')
  })

  it('answer a second activation with a toast that says what happened', async () => {
    const kam = await getDb()
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'demand_kam')
      .orderBy('user_id')
      .executeTakeFirstOrThrow()
    const id = await makeBuyer(
      {
        name: 'Ibis Twice Co',
        status: 'pending',
        legal_name: 'Ibis Twice Co Pvt Ltd',
        gstin: withGstinCheck('27AACIT1234P1Z'),
        kam_user_id: kam.user_id,
      },
      [{ city: 'Pune' }],
    )
    const first = (await viewBuyer.action(
      args(post(`/buyers/${id}`, { intent: 'activate' }), { buyerId: String(id) }),
    )) as Response
    const second = (await viewBuyer.action(
      args(post(`/buyers/${id}`, { intent: 'activate' }), { buyerId: String(id) }),
    )) as Response
    expect([first.status, second.status]).toEqual([302, 302])
    expect(second.headers.get('Location')).toBe(`/buyers/${id}`)
    const toast = second.headers.get('Set-Cookie') ?? ''
    const value = JSON.parse(
      Buffer.from(
        decodeURIComponent(toast.split(';')[0].split('=').slice(1).join('=')).split('.')[0],
        'base64',
      ).toString('utf8'),
    )
    expect(value).toEqual({
      kind: 'error',
      message: expect.stringMatching(
        / is already active \(by .+\): “Activate” is no longer possible, and nothing was changed\.$/,
      ),
    })
  })

  it('keep every typed value when an edit is refused because someone else saved first', async () => {
    const id = await makeBuyer({ name: 'Ibis Edit Co' })
    const { version } = reply<{ version: string }>({
      data: await editBuyer.loader(args(get(`/buyers/${id}/edit`), { buyerId: String(id) })),
    }).data
    await getDb()
      .updateTable('buyers')
      .set({ updated_at: new Date(Date.now() + 5000).toISOString() })
      .where('id', '=', id)
      .execute()
    const fields = {
      name: 'Ibis Edited',
      contactPhone: '9876512345',
      creditLimit: '2,50,000',
      paymentTermsDays: '45',
      version,
    }
    const result = reply(await editBuyer.action(args(post(`/buyers/${id}/edit`, fields), { buyerId: String(id) })))
    expect(result.init.status).toBe(400)
    expect(result.data.error?.['']?.[0]).toMatch(/Someone else changed this company/)
    expect(result.data.initialValue).toMatchObject({
      name: 'Ibis Edited',
      contactPhone: '9876512345',
      creditLimit: '2,50,000',
      paymentTermsDays: '45',
    })
  })
})

describe('the company page’s addresses', () => {
  it('let staff add the billing address a pending buyer needs to be activated', async () => {
    const id = await makeBuyer({ name: 'Ibis Address Co', status: 'pending' })
    const added = (await viewBuyer.action(
      args(
        post(`/buyers/${id}`, {
          intent: 'address-create',
          kind: 'billing',
          line1: '9 Dock Road',
          city: 'Kochi',
          state: 'Kerala',
          pin: '682001',
        }),
        { buyerId: String(id) },
      ),
    )) as Response
    expect(added.status).toBe(302)
    expect(
      await getDb()
        .selectFrom('addresses')
        .select(['kind', 'line1', 'is_default'])
        .where('buyer_id', '=', id)
        .execute(),
    ).toEqual([{ kind: 'billing', line1: '9 Dock Road', is_default: 1 }])
    // A buyer user cannot post it.
    const buyer = await cookieFor('buyer')
    expect(
      await thrownStatus(() =>
        viewBuyer.action(
          args(post(`/buyers/${id}`, { intent: 'address-create', kind: 'billing' }, buyer), { buyerId: String(id) }),
        ),
      ),
    ).toBe(403)
  })
})
