// The sample SKU form as the routes use it: FormData in (image included), rows and audit out.
import { getDb } from '~/db.server'
import { fileStore } from '~/platform/files.server'
import type { Viewer } from '~/auth/session.server'
import { makeProductSku, makeSampleSku } from '../../../tests/support/catalogue'
import { userIdOf } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'
import { searchIds } from '~/platform/search.server'
import { handleSampleSkuForm } from './forms.server'
import { sampleSkuPlaces } from './places'

const place = sampleSkuPlaces.catalog_manager
// A 1x1 PNG: real image bytes, small enough to inline.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let viewer: Viewer
let categoryId: number

beforeAll(async () => {
  const userId = await userIdOf('catalog_manager@example.com')
  viewer = {
    userId,
    email: 'catalog_manager@example.com',
    name: 'Catalog Manager',
    phone: null,
    roles: ['catalog_manager'],
    company: null,
    sessionIdHash: 'x',
  }
  categoryId = await makeCategory()
})

/**
 * A bare category of fabric. (tests/support makeCategory fails on SQLite: its two workflow rows
 * differ in columns, so the first gets qc_gate NULL; these tests need no workflow.)
 */
async function makeCategory(options: { active?: boolean } = {}) {
  const product = await getDb()
    .selectFrom('products')
    .select('id')
    .where('slug', '=', 'fabric')
    .executeTakeFirstOrThrow()
  const now = new Date().toISOString()
  const row = await getDb()
    .insertInto('categories')
    .values({
      product_id: product.id,
      name: `Test category ${++serial}`,
      hsn_code: '520832',
      gst_rate_bp: 500,
      active: options.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

let serial = 0
const code = () => `SMP-T-${process.pid}-${++serial}`

function form(fields: Record<string, string | File>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

const valid = (extra: Record<string, string | File> = {}) =>
  form({
    code: code(),
    name: 'Swatch of poplin',
    categoryId: String(categoryId),
    productSkuCode: '',
    charge: '150',
    stock: '12',
    active: 'on',
    ...extra,
  })

const row = (id: number) =>
  getDb()
    .selectFrom('sample_skus')
    .select([
      'code',
      'name',
      'category_id',
      'product_sku_id',
      'charge_minor',
      'stock',
      'image_id',
      'active',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const idOf = async (c: string) =>
  (await getDb().selectFrom('sample_skus').select('id').where('code', '=', c).executeTakeFirstOrThrow()).id

function errorsOf(outcome: Awaited<ReturnType<typeof handleSampleSkuForm>>) {
  expect(outcome.status).toBe('invalid')
  return outcome.status === 'invalid' ? (outcome.reply.error ?? {}) : {}
}

describe('creating a sample SKU', () => {
  it('saves it with the search words and an audit entry, once per idempotency key', async () => {
    const data = valid({ idempotencyKey: 'key-create-1', code: 'smp-lower-1' })
    const outcome = await handleSampleSkuForm(getDb(), viewer, place, data)
    expect(outcome).toMatchObject({ status: 'done', toast: { message: 'Sample SKU SMP-LOWER-1 is created.' } })
    const id = await idOf('SMP-LOWER-1')
    expect(await row(id)).toMatchObject({
      name: 'Swatch of poplin',
      category_id: categoryId,
      charge_minor: 15_000,
      stock: 12,
      active: 1,
      image_id: null,
    })
    const found = await searchIds(getDb(), 'sample_sku', 'poplin smp-lower')!.execute()
    expect(found.map((r) => r.entity_id)).toContain(id)
    const [entry] = await auditEntriesOf(getDb(), 'sample_sku', id)
    expect(entry.action).toBe('sample_sku.created')
    expect(JSON.parse(entry.after_json!)).toMatchObject({ code: 'SMP-LOWER-1', charge: '₹150.00', stock: 12 })

    await handleSampleSkuForm(getDb(), viewer, place, valid({ idempotencyKey: 'key-create-1', code: 'smp-lower-1' }))
    const count = await getDb()
      .selectFrom('sample_skus')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', '=', 'SMP-LOWER-1')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('refuses a code another sample SKU has, at the field', async () => {
    const taken = code()
    await makeSampleSku({ code: taken, categoryId })
    expect(errorsOf(await handleSampleSkuForm(getDb(), viewer, place, valid({ code: taken }))).code).toEqual([
      'Another sample SKU already has this code',
    ])
  })

  it('takes a product SKU of the chosen category by its code in any case, and refuses one of another category', async () => {
    const skuCode = `TST-SAMPLE-${process.pid}`
    const skuId = await makeProductSku({ categoryId, code: skuCode })
    const good = valid({ productSkuCode: skuCode.toLowerCase() })
    expect((await handleSampleSkuForm(getDb(), viewer, place, good)).status).toBe('done')
    expect((await row(await idOf(String(good.get('code'))))).product_sku_id).toBe(skuId)

    const otherSku = await makeProductSku({ categoryId: await makeCategory() })
    const other = await getDb()
      .selectFrom('product_skus')
      .select('code')
      .where('id', '=', otherSku)
      .executeTakeFirstOrThrow()
    const errors = errorsOf(await handleSampleSkuForm(getDb(), viewer, place, valid({ productSkuCode: other.code })))
    expect(errors.productSkuCode?.[0]).toMatch(/is not in the category/)
    expect(
      errorsOf(await handleSampleSkuForm(getDb(), viewer, place, valid({ productSkuCode: 'NO-SUCH-SKU' })))
        .productSkuCode?.[0],
    ).toMatch(/No product SKU/)
  })

  it('allows a free sample (charge 0) and refuses a negative charge, a bad stock or an inactive category', async () => {
    const free = valid({ charge: '0' })
    expect((await handleSampleSkuForm(getDb(), viewer, place, free)).status).toBe('done')
    expect((await row(await idOf(String(free.get('code'))))).charge_minor).toBe(0)

    const errors = errorsOf(await handleSampleSkuForm(getDb(), viewer, place, valid({ charge: '-5', stock: '1.5' })))
    expect(errors.charge).toEqual(['The sample charge cannot be negative: enter 0 for a free sample'])
    expect(errors.stock?.[0]).toMatch(/whole number/)
    expect(errorsOf(await handleSampleSkuForm(getDb(), viewer, place, valid({ stock: '1000001' }))).stock?.[0]).toMatch(
      /between 0 and 1000000/,
    )

    const inactive = await makeCategory({ active: false })
    expect(
      errorsOf(await handleSampleSkuForm(getDb(), viewer, place, valid({ categoryId: String(inactive) })))
        .categoryId?.[0],
    ).toMatch(/active category/)
  })

  it('keeps a real image and refuses a text file named .png, at the field', async () => {
    const withImage = valid({ image: new File([PNG], 'swatch.png', { type: 'image/png' }) })
    expect((await handleSampleSkuForm(getDb(), viewer, place, withImage)).status).toBe('done')
    const saved = await row(await idOf(String(withImage.get('code'))))
    const image = await getDb()
      .selectFrom('images')
      .select(['storage_key', 'content_type', 'width'])
      .where('id', '=', saved.image_id!)
      .executeTakeFirstOrThrow()
    expect(image).toMatchObject({ content_type: 'image/png', width: 1 })
    expect(await fileStore().exists(getDb(), image.storage_key)).toBe(true)

    const fake = valid({ image: new File(['just some words'], 'notes.png', { type: 'image/png' }) })
    const errors = errorsOf(await handleSampleSkuForm(getDb(), viewer, place, fake))
    expect(errors.image?.[0]).toMatch(/not an image we accept/)
    expect(
      await getDb()
        .selectFrom('sample_skus')
        .select('id')
        .where('code', '=', String(fake.get('code')))
        .executeTakeFirst(),
    ).toBeUndefined()
  })
})

describe('editing a sample SKU', () => {
  it('saves the changed fields with a before/after audit, and refuses a save over a newer change', async () => {
    const id = await makeSampleSku({ categoryId, chargeMinor: 5000 })
    const opened = await row(id)
    const edit = (fields: Record<string, string>) =>
      form({
        code: opened.code,
        name: opened.name,
        categoryId: String(categoryId),
        charge: '50',
        stock: '25',
        active: 'on',
        version: opened.updated_at,
        ...fields,
      })

    const outcome = await handleSampleSkuForm(getDb(), viewer, place, edit({ stock: '40', charge: '0' }), id)
    expect(outcome).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    const saved = await row(id)
    expect(saved).toMatchObject({ stock: 40, charge_minor: 0 })
    expect(saved.updated_at).not.toBe(opened.updated_at)
    const [entry] = await auditEntriesOf(getDb(), 'sample_sku', id)
    expect(entry.action).toBe('sample_sku.updated')
    expect(JSON.parse(entry.before_json!)).toEqual({ charge: '₹50.00', stock: 25 })
    expect(JSON.parse(entry.after_json!)).toEqual({ charge: '₹0.00', stock: 40 })

    // A second person still holding the old version.
    const stale = await handleSampleSkuForm(getDb(), viewer, place, edit({ stock: '7' }), id)
    expect(stale.status === 'invalid' && stale.reply.error?.['']?.[0]).toMatch(/Someone else changed this sample SKU/)
    expect(stale.status === 'invalid' && stale.reply.initialValue?.stock).toBe('7')
    expect((await row(id)).stock).toBe(40)
  })

  it('replaces the image with a new one and removes it when asked', async () => {
    const id = await makeSampleSku({ categoryId })
    const current = await row(id)
    const base = {
      code: current.code,
      name: current.name,
      categoryId: String(categoryId),
      charge: '0',
      stock: '25',
      active: 'on',
    }
    await handleSampleSkuForm(
      getDb(),
      viewer,
      place,
      form({ ...base, version: current.updated_at, image: new File([PNG], 'a.png') }),
      id,
    )
    const withImage = await row(id)
    expect(withImage.image_id).not.toBeNull()
    const keyOf = async (imageId: number) =>
      (await getDb().selectFrom('images').select('storage_key').where('id', '=', imageId).executeTakeFirstOrThrow())
        .storage_key
    const first = await keyOf(withImage.image_id!)

    // Replaced: the old image goes, row and file.
    await handleSampleSkuForm(
      getDb(),
      viewer,
      place,
      form({ ...base, version: withImage.updated_at, image: new File([PNG], 'b.png') }),
      id,
    )
    const replaced = await row(id)
    expect(replaced.image_id).not.toBe(withImage.image_id)
    expect(await getDb().selectFrom('images').select('id').where('id', '=', withImage.image_id!).execute()).toEqual([])
    expect(await fileStore().exists(getDb(), first)).toBe(false)
    const second = await keyOf(replaced.image_id!)
    expect(await fileStore().exists(getDb(), second)).toBe(true)

    await handleSampleSkuForm(
      getDb(),
      viewer,
      place,
      form({ ...base, version: replaced.updated_at, imageRemove: 'on' }),
      id,
    )
    expect((await row(id)).image_id).toBeNull()
    expect(await fileStore().exists(getDb(), second)).toBe(false)
    const [entry] = await auditEntriesOf(getDb(), 'sample_sku', id)
    expect(JSON.parse(entry.after_json!)).toEqual({ image: null })
  })
})
