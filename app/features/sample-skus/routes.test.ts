// The sample SKU routes called as Remix calls them: guard, 404s, multipart posts, the view-only KAM list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import * as adminList from '~/routes/admin+/skus.sample_skus._index'
import * as bizOpsEdit from '~/routes/biz_ops_team+/skus.sample_skus.$sampleSKUId.edit'
import * as managerCreate from '~/routes/catalog_manager+/sample_skus.create'
import * as kamList from '~/routes/demand_kam+/skus.sample_skus._index'
import { cookieFor } from '../../../tests/support/db'

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs

async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
  throw new Error('expected the route to throw a response')
}

describe('sample SKU routes', () => {
  it('give the demand KAM a list without any action', async () => {
    expect('action' in kamList).toBe(false)
    const kam = await cookieFor('demand_kam')
    const page = await kamList.loader(
      args(new Request('http://localhost/demand_kam/skus/sample_skus', { headers: { Cookie: kam } })),
    )
    expect(page.rows.length).toBeGreaterThan(0)
    // The KAM's portal is not the admin's.
    expect(
      await thrownStatus(() =>
        adminList.loader(args(new Request('http://localhost/admin/skus/sample_skus', { headers: { Cookie: kam } }))),
      ),
    ).toBe(403)
  })

  it('answer 404 for a sample SKU that does not exist, on the page and the post', async () => {
    const bizOps = await cookieFor('biz_ops')
    const get = new Request('http://localhost/biz_ops_team/skus/sample_skus/99999999/edit', {
      headers: { Cookie: bizOps },
    })
    expect(await thrownStatus(() => bizOpsEdit.loader(args(get, { sampleSKUId: '99999999' })))).toBe(404)
    expect(await thrownStatus(() => bizOpsEdit.loader(args(get, { sampleSKUId: 'abc' })))).toBe(404)
    const post = new Request('http://localhost/biz_ops_team/skus/sample_skus/99999999/edit', {
      method: 'POST',
      headers: { Cookie: bizOps },
      body: new FormData(),
    })
    expect(await thrownStatus(() => bizOpsEdit.action(args(post, { sampleSKUId: '99999999' })))).toBe(404)
  })

  it('create from a multipart post and redirect to the list narrowed to the new code', async () => {
    const body = new FormData()
    for (const [k, v] of Object.entries({
      code: `SMP-ROUTE-${process.pid}`,
      name: 'Route swatch',
      categoryId: '1',
      charge: '0',
      stock: '3',
      active: 'on',
    }))
      body.append(k, v)
    body.append('image', new File([], ''))
    const request = new Request('http://localhost/catalog_manager/sample_skus/create', {
      method: 'POST',
      headers: { Cookie: await cookieFor('catalog_manager') },
      body,
    })
    const response = (await managerCreate.action(args(request))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/catalog_manager/sample_skus?q=SMP-ROUTE-${process.pid}&state=all`)
    expect(
      await getDb()
        .selectFrom('sample_skus')
        .select('stock')
        .where('code', '=', `SMP-ROUTE-${process.pid}`)
        .executeTakeFirst(),
    ).toEqual({ stock: 3 })
  })
})
