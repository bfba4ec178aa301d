// The edit route as Remix calls it: unknown offers answer 404, an unknown intent 400.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import * as editOffer from '~/routes/_main+/skus.seller_skus.$sellerSKUId.edit'
import { cookieFor } from '../../../tests/support/db'

let staff: string
beforeAll(async () => {
  staff = await cookieFor('internal')
})

const args = (request: Request, params: Record<string, string>) =>
  ({ request, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs
const get = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: staff } })
const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { Cookie: staff },
    body: new URLSearchParams(fields),
  })

async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
  throw new Error('expected the route to throw a response')
}

describe('the seller SKU edit route', () => {
  it('answers 404 for an unknown or malformed id, on the page and on posts', async () => {
    expect(
      await thrownStatus(() =>
        editOffer.loader(args(get('/skus/seller_skus/99999999/edit'), { sellerSKUId: '99999999' })),
      ),
    ).toBe(404)
    expect(
      await thrownStatus(() => editOffer.loader(args(get('/skus/seller_skus/abc/edit'), { sellerSKUId: 'abc' }))),
    ).toBe(404)
    expect(
      await thrownStatus(() =>
        editOffer.action(
          args(post('/skus/seller_skus/99999999/edit', { intent: 'publish' }), { sellerSKUId: '99999999' }),
        ),
      ),
    ).toBe(404)
  })

  it('answers an unknown intent with 400 and shows demo offer 1', async () => {
    const reply = (await editOffer.action(
      args(post('/skus/seller_skus/1/edit', { intent: 'explode' }), { sellerSKUId: '1' }),
    )) as unknown as { init: { status: number } }
    expect(reply.init.status).toBe(400)
    const page = await editOffer.loader(args(get('/skus/seller_skus/1/edit'), { sellerSKUId: '1' }))
    expect(page.offer.id).toBe(1)
  })
})

describe('the create route', () => {
  it('refuses a publish with a field sent twice at that field, without failing', async () => {
    const { action } = await import('~/routes/_main+/skus.seller_skus.create')
    const body = new URLSearchParams([
      ['intent', 'publish'],
      ['idempotencyKey', 'twice-1'],
      ['seller', '#1'],
      ['sellerCode', 'A-1'],
      ['sellerCode', 'A-2'],
      ['cost', '12'],
    ])
    const request = new Request('http://localhost/skus/seller_skus/create', {
      method: 'POST',
      headers: { Cookie: staff },
      body,
    })
    const reply = (await action(args(request, {}))) as unknown as {
      init: { status: number }
      data: { error: Record<string, string[]> }
    }
    expect(reply.init.status).toBe(400)
    expect(reply.data.error.sellerCode?.length).toBeGreaterThan(0)
  })
})
