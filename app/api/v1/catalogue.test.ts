import { getDb } from '~/db.server'
import { api, tokenFor } from '../../../tests/support/api'

// The staff catalogue through /api/v1: writes by a staff token create and change records through the
// pages' schemas and mutations (with their history naming the token), every refused value is 422 at
// its place in the body, and buyers', sellers' and a catalog manager's tokens are refused (403).

type Problem = {
  status: number
  type: string
  detail: string
  errors?: { in: string; pointer: string; detail: string }[]
}
type Record = {
  id: number
  code: string
  name: string
  moq_milli: number
  attributes: { [key: string]: string }
  updated_at: string
}

const db = () => getDb()
let admin: string
const pointers = (p: { json: Problem }) => (p.json.errors ?? []).map((e) => e.pointer).sort()
const lastAudit = (entityType: string, entityId: number) =>
  db()
    .selectFrom('audit_events')
    .select(['action', 'api_token_id', 'after_json'])
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
const fabric = (code: string) => ({
  product_id: 1,
  code,
  name: 'Sky oxford cotton shirting 120 gsm',
  category_id: 1,
  product_line_id: 1,
  moq_milli: 500_000,
  attributes: { composition: '100% cotton', weave: 'plain', gsm: 120, width: 58, colour: 'Sky' },
})

beforeAll(async () => {
  admin = await tokenFor('admin@example.com')
})

describe('who may', () => {
  it('refuses buyers’, sellers’ and a catalog manager’s tokens, reading or writing', async () => {
    const buyer = await tokenFor('buyer@example.com')
    const seller = await tokenFor('seller@example.com')
    const catalogManager = await tokenFor('catalog_manager@example.com')
    for (const token of [buyer, seller, catalogManager]) {
      expect((await api('GET', '/product-skus', { token })).status).toBe(403)
      expect((await api('GET', '/seller-skus', { token })).status).toBe(403)
      expect((await api('POST', '/product-skus', { token, body: fabric('FAB-NOPE-1') })).status).toBe(403)
      expect((await api('PATCH', '/seller-skus/1', { token, body: { cost_paise: 1 } })).status).toBe(403)
      expect(
        (
          await api('POST', '/buyer-skus', {
            token,
            body: { buyer_id: 1, product_sku_id: 1, buyer_code: 'X-1', price_paise: 100, moq_milli: 1000 },
          })
        ).status,
      ).toBe(403)
    }
    expect(
      await db().selectFrom('product_skus').select('id').where('code', '=', 'FAB-NOPE-1').executeTakeFirst(),
    ).toBeUndefined()
    // A staff token without the write scope reads but does not write.
    const reader = await tokenFor('admin@example.com', ['catalogue:read'])
    expect((await api('GET', '/product-skus?limit=1', { token: reader })).status).toBe(200)
    expect((await api<Problem>('POST', '/product-skus', { token: reader, body: fabric('FAB-NOPE-2') })).json.type).toBe(
      '/api/v1/problems/insufficient-scope',
    )
  })
})

describe('product SKUs', () => {
  it('creates one as the create page does, once per Idempotency-Key, the history naming the token', async () => {
    const first = await api<Record>('POST', '/product-skus', {
      token: admin,
      body: fabric('FAB-API-0001'),
      idempotencyKey: 'sku-1',
    })
    expect(first.status).toBe(201)
    expect(first.response.headers.get('Location')).toBe(`/api/v1/product-skus/${first.json.id}`)
    expect(first.json).toMatchObject({
      code: 'FAB-API-0001',
      moq_milli: 500_000,
      attributes: { composition: '100% cotton', weave: 'plain', gsm: '120', width: '58', colour: 'Sky' },
    })
    const retry = await api<Record>('POST', '/product-skus', {
      token: admin,
      body: fabric('FAB-API-0001'),
      idempotencyKey: 'sku-1',
    })
    expect(retry.status).toBe(201)
    expect(retry.json.id).toBe(first.json.id)
    expect(
      await db().selectFrom('product_skus').select('id').where('code', '=', 'FAB-API-0001').execute(),
    ).toHaveLength(1)
    const entry = await lastAudit('product_sku', first.json.id)
    expect(entry.action).toBe('product_sku.created')
    expect(entry.api_token_id).not.toBeNull()
    // It is found by its words, and read back.
    const found = await api<{ data: Record[] }>('GET', '/product-skus?q=oxford&category=1', { token: admin })
    expect(found.json.data.map((r) => r.id)).toContain(first.json.id)
    expect((await api<Record>('GET', `/product-skus/${first.json.id}`, { token: admin })).json.code).toBe(
      'FAB-API-0001',
    )
    expect((await api('GET', '/product-skus/99999999', { token: admin })).status).toBe(404)
  })

  it('refuses each invalid value at its place: the form’s rules, a taken code, a wrong category', async () => {
    const bad = await api<Problem>('POST', '/product-skus', {
      token: admin,
      body: { ...fabric('x'), moq_milli: 0.5, attributes: { weave: 'velvet', gsm: 'heavy' } },
    })
    expect(bad.status).toBe(422)
    expect(pointers(bad)).toEqual(['/moq_milli'])
    const formRules = await api<Problem>('POST', '/product-skus', {
      token: admin,
      body: { ...fabric('x'), attributes: { weave: 'velvet', gsm: 'heavy' } },
    })
    expect(formRules.status).toBe(422)
    expect(pointers(formRules)).toEqual(
      ['/attributes/composition', '/attributes/gsm', '/attributes/weave', '/attributes/width', '/code'].sort(),
    )
    const unknown = await api<Problem>('POST', '/product-skus', {
      token: admin,
      body: { ...fabric('FAB-API-0002'), attributes: { ...fabric('').attributes, sheen: 'high' } },
    })
    expect(pointers(unknown)).toEqual(['/attributes/sheen'])
    const taken = await api<Problem>('POST', '/product-skus', { token: admin, body: fabric('FAB-SHT-00001') })
    expect(taken.status).toBe(422)
    expect(taken.json.errors).toEqual([
      { in: 'body', pointer: '/code', detail: 'Another product SKU already has this code' },
    ])
    const yarnCategory = await api<Problem>('POST', '/product-skus', {
      token: admin,
      body: { ...fabric('FAB-API-0003'), category_id: 12 },
    })
    expect(pointers(yarnCategory)).toEqual(['/category_id'])
  })

  it('changes the fields sent as the edit page does, and refuses a stale version', async () => {
    const made = await api<Record>('POST', '/product-skus', { token: admin, body: fabric('FAB-API-0010') })
    const changed = await api<Record>('PATCH', `/product-skus/${made.json.id}`, {
      token: admin,
      body: { name: 'Sky oxford shirting, mercerised', attributes: { colour: 'Pale sky' } },
    })
    expect(changed.status).toBe(200)
    expect(changed.json).toMatchObject({
      name: 'Sky oxford shirting, mercerised',
      code: 'FAB-API-0010',
      attributes: { colour: 'Pale sky', weave: 'plain' },
    })
    const entry = await lastAudit('product_sku', made.json.id)
    expect(entry.action).toBe('product_sku.updated')
    expect(JSON.parse(entry.after_json!)).toEqual({ name: 'Sky oxford shirting, mercerised', Colour: 'Pale sky' })
    expect(entry.api_token_id).not.toBeNull()
    const stale = await api<Problem>('PATCH', `/product-skus/${made.json.id}`, {
      token: admin,
      body: { name: 'Another name', version: made.json.updated_at },
    })
    expect(stale.status).toBe(409)
    const taken = await api<Problem>('PATCH', `/product-skus/${made.json.id}`, {
      token: admin,
      body: { code: 'FAB-SHT-00001' },
    })
    expect(pointers(taken)).toEqual(['/code'])
  })
})

describe('buyer SKUs', () => {
  it('creates one with version 1; its code is unique per buyer', async () => {
    const body = { buyer_id: 1, product_sku_id: 1, buyer_code: 'it-api-001', price_paise: 52_000, moq_milli: 300_000 }
    const made = await api<{ id: number; buyer_code: string; current_version: number; price_paise: number }>(
      'POST',
      '/buyer-skus',
      { token: admin, body },
    )
    expect(made.status).toBe(201)
    expect(made.json).toMatchObject({ buyer_code: 'IT-API-001', current_version: 1, price_paise: 52_000 })
    const again = await api<Problem>('POST', '/buyer-skus', { token: admin, body })
    expect(again.status).toBe(422)
    expect(pointers(again)).toEqual(['/buyer_code'])
    const invalid = await api<Problem>('POST', '/buyer-skus', {
      token: admin,
      body: { ...body, buyer_id: 99999, buyer_code: 'it-api-002', price_paise: 0 },
    })
    expect(invalid.status).toBe(422)
    expect(pointers(invalid)).toEqual(['/price_paise'])
    const noBuyer = await api<Problem>('POST', '/buyer-skus', {
      token: admin,
      body: { ...body, buyer_id: 99999, buyer_code: 'it-api-002' },
    })
    expect(pointers(noBuyer)).toEqual(['/buyer_id'])
  })

  it('saves a price change as a new version, as the page does; below the cost is refused at the price', async () => {
    const versions = () =>
      db()
        .selectFrom('buyer_sku_versions')
        .select(['number', 'price_minor'])
        .where('buyer_sku_id', '=', 3)
        .orderBy('number')
        .execute()
    const before = await versions()
    const raised = await api<{
      new_version: number
      price_change_request_id: number | null
      buyer_sku: { price_paise: number }
    }>('PATCH', '/buyer-skus/3', { token: admin, body: { price_paise: 110_000, note: 'Cotton prices rose' } })
    expect(raised.status).toBe(200)
    expect(raised.json).toMatchObject({
      new_version: before.length + 1,
      price_change_request_id: null,
      buyer_sku: { price_paise: 110_000 },
    })
    expect((await versions()).at(-1)).toEqual({ number: before.length + 1, price_minor: 110_000 })
    const entry = await lastAudit('buyer_sku', 3)
    expect(entry.action).toBe('buyer_sku.updated')
    expect(entry.api_token_id).not.toBeNull()
    const same = await api<{ new_version: number | null }>('PATCH', '/buyer-skus/3', {
      token: admin,
      body: { price_paise: 110_000 },
    })
    expect(same.json.new_version).toBeNull()
    const belowCost = await api<Problem>('PATCH', '/buyer-skus/3', { token: admin, body: { price_paise: 100 } })
    expect(belowCost.status).toBe(422)
    expect(pointers(belowCost)).toEqual(['/price_paise'])
    const stale = await api<Problem>('PATCH', '/buyer-skus/3', {
      token: admin,
      body: { price_paise: 120_000, expected_version: 1 },
    })
    expect(stale.status).toBe(409)
    expect((await versions()).length).toBe(before.length + 1)
  })
})

describe('seller SKUs', () => {
  it('creates an offer; a live one needs every term, each missing one at its field; one open offer per seller and SKU', async () => {
    const incomplete = await api<Problem>('POST', '/seller-skus', {
      token: admin,
      body: { seller_id: 1, product_sku_id: 3, cost_paise: 30_000, publish: true },
    })
    expect(incomplete.status).toBe(422)
    expect(pointers(incomplete)).toEqual(['/lead_time_days', '/monthly_capacity_milli', '/moq_milli', '/seller_code'])
    const draft = await api<{ id: number; status: string; cost_paise: number }>('POST', '/seller-skus', {
      token: admin,
      body: { seller_id: 1, product_sku_id: 3, cost_paise: 30_000 },
    })
    expect(draft.status).toBe(201)
    expect(draft.json).toMatchObject({ status: 'draft', cost_paise: 30_000 })
    const twice = await api<Problem>('POST', '/seller-skus', {
      token: admin,
      body: { seller_id: 1, product_sku_id: 3, cost_paise: 31_000 },
    })
    expect(twice.status).toBe(422)
    expect(pointers(twice)).toEqual(['/product_sku_id'])
    const listed = await api<{ data: { id: number }[] }>('GET', '/seller-skus?seller_id=1&status=draft&limit=200', {
      token: admin,
    })
    expect(listed.json.data.map((r) => r.id)).toContain(draft.json.id)
  })

  it('updates a live offer’s cost as the page does; a live offer keeps every term', async () => {
    const live = await db()
      .selectFrom('seller_skus')
      .select(['id', 'cost_minor'])
      .where('status', '=', 'live')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const updated = await api<{ cost_paise: number; moq_milli: number }>('PATCH', `/seller-skus/${live.id}`, {
      token: admin,
      body: { cost_paise: 48_500 },
    })
    expect(updated.status).toBe(200)
    expect(updated.json.cost_paise).toBe(48_500)
    const entry = await lastAudit('seller_sku', live.id)
    expect(entry.action).toBe('seller_sku.updated')
    expect(Object.keys(JSON.parse(entry.after_json!))).toEqual(['cost'])
    expect(entry.api_token_id).not.toBeNull()
    const cleared = await api<Problem>('PATCH', `/seller-skus/${live.id}`, { token: admin, body: { cost_paise: null } })
    expect(cleared.status).toBe(422)
    expect(pointers(cleared)).toEqual(['/cost_paise'])
    const wrong = await api<Problem>('PATCH', `/seller-skus/${live.id}`, {
      token: admin,
      body: { lead_time_days: 900 },
    })
    expect(pointers(wrong)).toEqual(['/lead_time_days'])
    expect((await api('PATCH', '/seller-skus/99999999', { token: admin, body: { cost_paise: 1 } })).status).toBe(404)
  })
})
