// "Save and publish" on a draft's page (issue 51: Publish threw away what had just been typed): the
// typed terms are saved and the offer goes live in one transaction, or nothing changes and the form
// comes back as typed with a message at each field.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { auditEntriesOf } from '~/features/audit/history.server'
import * as editOffer from '~/routes/_main+/skus.seller_skus.$sellerSKUId.edit'
import { makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeSeller } from '../../../tests/support/companies'
import { cookieFor, userIdOf } from '../../../tests/support/db'
import { handleEditPageForm } from './forms.server'

let viewer: Viewer
let sellerId: number
let staff: string

beforeAll(async () => {
  viewer = { userId: await userIdOf('internal@example.com') } as Viewer
  sellerId = await makeSeller({ name: `Publish Test Mills ${Date.now()}`, status: 'active' })
  staff = await cookieFor('internal')
})

const offer = (id: number) =>
  getDb()
    .selectFrom('seller_skus')
    .select([
      'status',
      'seller_code',
      'cost_minor',
      'moq_milli',
      'monthly_capacity_milli',
      'lead_time_days',
      'published_at',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** The offer's audit entries' actions, in any order (two in the one transaction share their moment). */
const actions = async (id: number) =>
  (await auditEntriesOf(getDb(), 'seller_sku', id)).map((entry) => entry.action).sort()

/** A draft with some terms stored, waiting for the rest. */
async function draft() {
  const id = await makeSellerSku({
    sellerId,
    productSkuId: await makeProductSku({ categoryId: 1 }),
    complete: false,
    sellerCode: 'PTM-OLD',
  })
  return { id, version: (await offer(id)).updated_at }
}

const typed = { sellerCode: 'PTM-NEW', cost: '1,250.50', moq: '500', monthlyCapacity: '20,000', leadTimeDays: '21' }

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

describe('“Save and publish” on a draft', () => {
  it('saves the terms as typed and publishes them in the one post, with an entry for each', async () => {
    const { id, version } = await draft()
    const outcome = await handleEditPageForm(getDb(), viewer, id, form({ intent: 'publish', version, ...typed }))
    expect(outcome).toMatchObject({
      status: 'done',
      toast: { kind: 'success', message: 'The offer is saved and live.' },
    })
    expect(await offer(id)).toMatchObject({
      status: 'live',
      seller_code: 'PTM-NEW',
      cost_minor: 125_050,
      moq_milli: 500_000,
      monthly_capacity_milli: 20_000_000,
      lead_time_days: 21,
      published_at: expect.any(String),
    })
    expect(await actions(id)).toEqual(['seller_sku.published', 'seller_sku.updated'])
  })

  it('refuses an incomplete offer at each missing field, keeps what was typed and saves nothing', async () => {
    const { id, version } = await draft()
    const incomplete = { ...typed, sellerCode: 'PTM-TYPED', leadTimeDays: '' }
    const outcome = await handleEditPageForm(getDb(), viewer, id, form({ intent: 'publish', version, ...incomplete }))
    expect(outcome.status).toBe('invalid')
    const reply = outcome.status === 'invalid' ? outcome.reply : null
    expect(reply?.intent).toBe('publish')
    expect(reply?.reply?.error).toMatchObject({ leadTimeDays: ['Enter the lead time in days to publish'] })
    expect(reply?.reply?.initialValue).toMatchObject({ sellerCode: 'PTM-TYPED', cost: '1,250.50', moq: '500' })
    expect(reply?.gaps).toEqual({ leadTimeDays: 'Enter the lead time in days to publish' })
    // Nothing moved: the stored draft is as it was, and no entry was written.
    expect(await offer(id)).toMatchObject({
      status: 'draft',
      seller_code: 'PTM-OLD',
      cost_minor: null,
      updated_at: version,
    })
    expect(await actions(id)).toEqual([])
  })

  it('refuses a typed value that is wrong at its field, keeping every value typed', async () => {
    const { id, version } = await draft()
    const outcome = await handleEditPageForm(
      getDb(),
      viewer,
      id,
      form({ intent: 'publish', version, ...typed, cost: 'twelve' }),
    )
    expect(outcome.status).toBe('invalid')
    const reply = outcome.status === 'invalid' ? outcome.reply : null
    expect(reply?.reply?.error?.cost?.[0]).toMatch(/cost price/)
    expect(reply?.reply?.initialValue).toMatchObject({ sellerCode: 'PTM-NEW', cost: 'twelve', leadTimeDays: '21' })
    expect(await offer(id)).toMatchObject({ status: 'draft', seller_code: 'PTM-OLD' })
  })

  it('is refused whole when someone changed the offer since it was opened', async () => {
    const { id } = await draft()
    const outcome = await handleEditPageForm(
      getDb(),
      viewer,
      id,
      form({ intent: 'publish', version: '2000-01-01T00:00:00.000Z', ...typed }),
    )
    expect(outcome.status).toBe('invalid')
    const reply = outcome.status === 'invalid' ? outcome.reply : null
    expect(reply?.reply?.error?.['']?.[0]).toMatch(/Someone else changed this offer/)
    expect(await offer(id)).toMatchObject({ status: 'draft', seller_code: 'PTM-OLD' })
  })

  it('through the route: a redirect with the offer live, or a 400 carrying the typed values', async () => {
    const { id, version } = await draft()
    const post = (fields: Record<string, string>) =>
      editOffer.action({
        request: new Request(`http://localhost/skus/seller_skus/${id}/edit`, {
          method: 'POST',
          headers: { Cookie: staff },
          body: new URLSearchParams(fields),
        }),
        params: { sellerSKUId: String(id) },
        context: {},
      } as unknown as ActionFunctionArgs)
    const refused = (await post({ intent: 'publish', version, ...typed, moq: '' })) as unknown as {
      init: { status: number } | null
      data: { reply: { initialValue: Record<string, string> } }
    }
    expect(refused.init?.status).toBe(400)
    expect(refused.data.reply.initialValue).toMatchObject({ sellerCode: 'PTM-NEW', monthlyCapacity: '20,000' })
    expect((await offer(id)).status).toBe('draft')

    const done = (await post({ intent: 'publish', version, ...typed })) as Response
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/skus/seller_skus/${id}/edit`)
    expect(await offer(id)).toMatchObject({ status: 'live', seller_code: 'PTM-NEW', lead_time_days: 21 })
  })
})
