// Seller offers: the publish rules, the state changes and their race, the one-offer rule, versions.
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeProductSku as makeSku, makeSellerSku as makeOffer } from '../../../tests/support/catalogue'
import { makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'
import type { SubmissionResult } from '@conform-to/react'
import { handleCreateForm, handleEditPageForm, type SellerSkuReply } from './forms.server'
import { changeSellerSkuStatus } from './mutations.server'

let viewer: Viewer
let sellerId: number

beforeAll(async () => {
  viewer = { userId: await userIdOf('internal@example.com') } as Viewer
  sellerId = await makeSeller({ name: `Offer Test Mills ${Date.now()}`, status: 'active' })
})

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

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

const codeOf = async (productSkuId: number) =>
  (await getDb().selectFrom('product_skus').select('code').where('id', '=', productSkuId).executeTakeFirstOrThrow())
    .code

// tests/support/catalogue.ts makeCategory fails (workflow_stages.qc_gate has no default), so SKUs go in demo category 1.
const makeProductSku = (options: Parameters<typeof makeSku>[0] = {}) => makeSku({ categoryId: 1, ...options })
const makeSellerSku = async (options: Parameters<typeof makeOffer>[0]) =>
  makeOffer({ ...options, productSkuId: options.productSkuId ?? (await makeProductSku()) })

const complete = { sellerCode: 'OTM-1', cost: '1,250.50', moq: '500', monthlyCapacity: '20,000', leadTimeDays: '21' }

const idFromRedirect = (outcome: Awaited<ReturnType<typeof handleCreateForm>>) => {
  if (outcome.status !== 'done') throw new Error(`expected done, got ${JSON.stringify(outcome)}`)
  return Number(/\/skus\/seller_skus\/(\d+)\/edit$/.exec(outcome.redirectTo!)![1])
}

describe('creating an offer', () => {
  it('saves a draft with only the seller and the product SKU, by #id and a lower-case code', async () => {
    const sku = await makeProductSku()
    const id = idFromRedirect(
      await handleCreateForm(
        getDb(),
        viewer,
        form({ seller: `#${sellerId}`, productSku: (await codeOf(sku)).toLowerCase(), intent: 'draft' }),
      ),
    )
    expect(await offer(id)).toMatchObject({ status: 'draft', seller_code: null, cost_minor: null, published_at: null })
    expect((await auditEntriesOf(getDb(), 'seller_sku', id)).map((h) => h.action)).toEqual(['seller_sku.created'])
  })

  it('refuses "Save and publish" of an incomplete offer, naming each missing field, and creates nothing', async () => {
    const sku = await makeProductSku()
    const outcome = await handleCreateForm(
      getDb(),
      viewer,
      form({ seller: `#${sellerId}`, productSku: await codeOf(sku), sellerCode: 'X-1', intent: 'publish' }),
    )
    expect(outcome.status).toBe('invalid')
    const errors = outcome.status === 'invalid' ? outcome.reply!.error! : {}
    expect(Object.keys(errors).sort()).toEqual(['cost', 'leadTimeDays', 'monthlyCapacity', 'moq'])
    expect(errors.leadTimeDays![0]).toMatch(/lead time/)
    const made = await getDb().selectFrom('seller_skus').select('id').where('product_sku_id', '=', sku).execute()
    expect(made).toEqual([])
  })

  it('names every missing field of a "Save and publish" in one answer, even beside a wrong one', async () => {
    const outcome = await handleCreateForm(
      getDb(),
      viewer,
      form({ seller: `#${sellerId}`, productSku: 'ANY-CODE', cost: '0', intent: 'publish' }),
    )
    expect(outcomeError(outcome, 'cost')).toBe('Enter a cost price above ₹0')
    expect(outcomeError(outcome, 'sellerCode')).toMatch(/seller’s code/)
    expect(outcomeError(outcome, 'leadTimeDays')).toMatch(/lead time/)
  })

  it('publishes a complete offer at once, in paise and thousandths', async () => {
    const sku = await makeProductSku()
    const id = idFromRedirect(
      await handleCreateForm(
        getDb(),
        viewer,
        form({ seller: `#${sellerId}`, productSku: await codeOf(sku), ...complete, intent: 'publish' }),
      ),
    )
    expect(await offer(id)).toMatchObject({
      status: 'live',
      cost_minor: 125_050,
      moq_milli: 500_000,
      monthly_capacity_milli: 20_000_000,
      lead_time_days: 21,
    })
    expect((await offer(id)).published_at).not.toBeNull()
  })

  it('keeps one open offer per seller and product SKU (an archived one does not count), and a retry creates nothing new', async () => {
    const sku = await makeProductSku()
    const code = await codeOf(sku)
    await makeSellerSku({ sellerId, productSkuId: sku, status: 'archived' })
    const fields = { seller: `#${sellerId}`, productSku: code, intent: 'draft', idempotencyKey: `key-${Date.now()}` }
    const first = idFromRedirect(await handleCreateForm(getDb(), viewer, form(fields)))
    expect(idFromRedirect(await handleCreateForm(getDb(), viewer, form(fields)))).toBe(first)
    const again = await handleCreateForm(getDb(), viewer, form({ ...fields, idempotencyKey: 'another-key' }))
    expect(outcomeError(again, 'productSku')).toMatch(/already has a draft offer of this product SKU/)
  })

  it('refuses an unknown seller, an inactive seller, an unknown or archived product SKU and a bad cost at their fields', async () => {
    const suspended = await makeSeller({ name: `Sleepy Looms ${Date.now()}`, status: 'suspended' })
    const archived = await makeProductSku({ status: 'archived' })
    expect(
      outcomeError(
        await handleCreateForm(
          getDb(),
          viewer,
          form({ seller: '#99999999', productSku: await codeOf(archived), intent: 'draft' }),
        ),
        'seller',
      ),
    ).toMatch(/no seller #99999999/)
    const refused = await handleCreateForm(
      getDb(),
      viewer,
      form({ seller: `#${suspended}`, productSku: await codeOf(archived), intent: 'draft' }),
    )
    expect(outcomeError(refused, 'seller')).toMatch(/not active/)
    expect(outcomeError(refused, 'productSku')).toMatch(/archived/)
    expect(
      outcomeError(
        await handleCreateForm(
          getDb(),
          viewer,
          form({ seller: `#${sellerId}`, productSku: 'NO-SUCH-SKU-9', intent: 'draft' }),
        ),
        'productSku',
      ),
    ).toMatch(/No product SKU/)
    const badCost = await handleCreateForm(
      getDb(),
      viewer,
      form({
        seller: `#${sellerId}`,
        productSku: 'NO-SUCH-SKU-9',
        cost: '12,34x',
        leadTimeDays: '400',
        intent: 'draft',
      }),
    )
    expect(outcomeError(badCost, 'cost')).toMatch(/in rupees/)
    expect(outcomeError(badCost, 'leadTimeDays')).toMatch(/1 to 365/)
    if (badCost.status === 'invalid')
      expect(badCost.reply!.initialValue).toMatchObject({ cost: '12,34x', seller: `#${sellerId}` })
  })
})

function outcomeError(
  outcome: Awaited<ReturnType<typeof handleCreateForm>> | Awaited<ReturnType<typeof handleEditPageForm>>,
  field: string,
): string | undefined {
  if (outcome.status !== 'invalid') throw new Error(`expected invalid, got ${JSON.stringify(outcome)}`)
  // The edit page's reply names the form that sent it; the create page's is the submission's own.
  const edit = outcome.reply && 'reply' in outcome.reply ? (outcome.reply as SellerSkuReply) : null
  const result = edit ? edit.reply : (outcome.reply as SubmissionResult<string[]> | null)
  return result?.error?.[field]?.[0] ?? edit?.gaps?.[field as never]
}

describe('publishing and the other state changes', () => {
  it('refuses to publish an incomplete draft, naming each missing field, then publishes it once complete', async () => {
    const id = await makeSellerSku({ sellerId, complete: false })
    const refused = await handleEditPageForm(getDb(), viewer, id, form({ intent: 'publish' }))
    expect(refused.status).toBe('invalid')
    if (refused.status === 'invalid')
      expect(Object.keys(refused.reply.gaps ?? {}).sort()).toEqual([
        'cost',
        'leadTimeDays',
        'monthlyCapacity',
        'moq',
        'sellerCode',
      ])
    expect((await offer(id)).status).toBe('draft')

    const saved = await handleEditPageForm(
      getDb(),
      viewer,
      id,
      form({ intent: 'save', version: (await offer(id)).updated_at, ...complete }),
    )
    expect(saved.status).toBe('done')
    expect(await handleEditPageForm(getDb(), viewer, id, form({ intent: 'publish' }))).toMatchObject({
      status: 'done',
      toast: { message: 'The offer is live.' },
    })
    expect(await offer(id)).toMatchObject({ status: 'live', seller_code: 'OTM-1', cost_minor: 125_050 })
    expect((await offer(id)).published_at).not.toBeNull()
    const actions = (await auditEntriesOf(getDb(), 'seller_sku', id)).map((h) => h.action)
    expect(actions).toEqual(['seller_sku.published', 'seller_sku.updated'])
  })

  it('refuses to publish when the product SKU was archived or the seller is not active', async () => {
    const archivedSku = await makeProductSku({ status: 'archived' })
    const id = await makeSellerSku({ sellerId, productSkuId: archivedSku })
    expect(await changeSellerSkuStatus(getDb(), viewer, id, 'publish')).toMatchObject({
      ok: false,
      fields: { productSku: expect.stringMatching(/archived/) },
    })
    const suspended = await makeSeller({ name: `Paused Spinners ${Date.now()}`, status: 'suspended' })
    const other = await makeSellerSku({ sellerId: suspended })
    expect(await changeSellerSkuStatus(getDb(), viewer, other, 'publish')).toMatchObject({
      ok: false,
      fields: { seller: expect.stringMatching(/not active/) },
    })
  })

  it('lets exactly one of two concurrent publishes win; the other is told it is already live, by whom', async () => {
    const id = await makeSellerSku({ sellerId })
    const results = await Promise.all([
      changeSellerSkuStatus(getDb(), viewer, id, 'publish'),
      changeSellerSkuStatus(getDb(), viewer, id, 'publish'),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const loser = results.find((r) => !r.ok)
    expect(loser).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This offer is already live \(by .+\): “Publish” is no longer possible/),
    })
    expect(
      (await auditEntriesOf(getDb(), 'seller_sku', id)).filter((h) => h.action === 'seller_sku.published'),
    ).toHaveLength(1)
  })

  it('unpublishes, archives (an archived offer cannot be published) and restores to draft', async () => {
    const id = await makeSellerSku({ sellerId, status: 'live' })
    expect(await changeSellerSkuStatus(getDb(), viewer, id, 'unpublish')).toMatchObject({ ok: true })
    expect((await offer(id)).status).toBe('draft')
    expect(await changeSellerSkuStatus(getDb(), viewer, id, 'archive')).toMatchObject({ ok: true })
    expect((await offer(id)).status).toBe('archived')
    expect(await changeSellerSkuStatus(getDb(), viewer, id, 'publish')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This offer is already archived \(by .+\): “Publish” is no longer possible/),
    })
    expect(await changeSellerSkuStatus(getDb(), viewer, id, 'unpublish')).toMatchObject({ ok: false })
    expect((await offer(id)).status).toBe('archived')
    expect(await changeSellerSkuStatus(getDb(), viewer, id, 'restore')).toMatchObject({ ok: true })
    expect((await offer(id)).status).toBe('draft')
    const actions = (await auditEntriesOf(getDb(), 'seller_sku', id)).map((h) => h.action)
    expect(actions).toEqual(['seller_sku.restored', 'seller_sku.archived', 'seller_sku.unpublished'])
  })

  it('will not restore an archived offer while the seller has another open offer of the same SKU', async () => {
    const sku = await makeProductSku()
    const archived = await makeSellerSku({ sellerId, productSkuId: sku, status: 'archived' })
    await makeSellerSku({ sellerId, productSkuId: sku, status: 'live' })
    expect(await changeSellerSkuStatus(getDb(), viewer, archived, 'restore')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/already has a live offer/),
    })
    expect((await offer(archived)).status).toBe('archived')
  })

  it('answers an unknown or missing intent with 400', async () => {
    const id = await makeSellerSku({ sellerId })
    expect(await handleEditPageForm(getDb(), viewer, id, form({ intent: 'delete' }))).toMatchObject({
      status: 'invalid',
      reply: { intent: null },
    })
    expect(await handleEditPageForm(getDb(), viewer, id, form({}))).toMatchObject({
      status: 'invalid',
      reply: { intent: null },
    })
  })
})

describe('editing an offer', () => {
  it('refuses a save over a newer change, keeping the typed values', async () => {
    const id = await makeSellerSku({ sellerId })
    const opened = (await offer(id)).updated_at
    expect(
      (
        await handleEditPageForm(
          getDb(),
          viewer,
          id,
          form({ intent: 'save', version: opened, ...complete, sellerCode: 'FIRST' }),
        )
      ).status,
    ).toBe('done')
    const late = await handleEditPageForm(
      getDb(),
      viewer,
      id,
      form({ intent: 'save', version: opened, ...complete, sellerCode: 'SECOND' }),
    )
    expect(late.status).toBe('invalid')
    if (late.status === 'invalid') {
      expect(late.reply.reply!.error!['']![0]).toMatch(/Someone else changed this offer/)
      expect(late.reply.reply!.initialValue).toMatchObject({ sellerCode: 'SECOND' })
    }
    expect((await offer(id)).seller_code).toBe('FIRST')
  })

  it('keeps a live offer complete: emptying a field is refused at that field', async () => {
    const id = await makeSellerSku({ sellerId, status: 'live' })
    const outcome = await handleEditPageForm(
      getDb(),
      viewer,
      id,
      form({ intent: 'save', version: (await offer(id)).updated_at, ...complete, leadTimeDays: '' }),
    )
    expect(outcomeError(outcome, 'leadTimeDays')).toMatch(/lead time/)
    expect((await offer(id)).lead_time_days).toBe(21)
  })

  it('refuses to edit an archived offer', async () => {
    const id = await makeSellerSku({ sellerId, status: 'archived' })
    const outcome = await handleEditPageForm(
      getDb(),
      viewer,
      id,
      form({ intent: 'save', version: (await offer(id)).updated_at, ...complete }),
    )
    expect(outcome.status === 'invalid' && outcome.reply.reply!.error!['']![0]).toMatch(/restore it to draft/)
  })
})
