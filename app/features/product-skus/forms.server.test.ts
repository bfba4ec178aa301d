import { getDb } from '~/db.server'
import { fileStore } from '~/platform/files.server'
import type { Viewer } from '~/auth/session.server'
import { makeCategory, makeProductLine, makeProductSku, productBySlug } from '../../../tests/support/catalogue'
import { userIdOf } from '../../../tests/support/db'
import { searchIds } from '~/platform/search.server'
import { handleCreateSkuForm, handleEditSkuForm, handleSkuStatusForm } from './forms.server'
import { productOfSkusSegment, type SkuProduct } from './queries.server'

// A 1x1 PNG, and a text file that only claims to be one.
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const png = () => new File([PNG_BYTES], 'swatch.png', { type: 'image/png' })
const fakePng = () => new File([Buffer.from('<script>alert(1)</script>')], 'swatch.png', { type: 'image/png' })

let fabric: SkuProduct
let viewer: Viewer
let categoryId: number
let lineId: number

beforeAll(async () => {
  fabric = (await productOfSkusSegment(getDb(), 'fabric_skus'))!
  const userId = await userIdOf('internal@example.com')
  viewer = {
    userId,
    email: 'internal@example.com',
    name: 'Isha Internal',
    phone: null,
    roles: ['internal'],
    company: null,
    sessionIdHash: '',
  }
  categoryId = await makeCategory({ name: 'Form Test Poplin' })
  lineId = await makeProductLine((await productBySlug('fabric')).id, 'Form Test Line')
})

function formOf(fields: Record<string, string | File>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

const goodFields = (code: string): Record<string, string> => ({
  code,
  name: 'Indigo twill 180',
  categoryId: String(categoryId),
  productLineId: String(lineId),
  moq: '1,000.5',
  'attr.composition': '100% cotton',
  'attr.weave': 'Twill',
  'attr.gsm': '180.0',
  'attr.width': '58',
  'attr.colour': '',
})

const errorsOf = (outcome: Awaited<ReturnType<typeof handleCreateSkuForm>>) => {
  if (outcome.status !== 'invalid') throw new Error(`expected invalid, got ${outcome.status}`)
  return outcome.reply.error ?? {}
}

describe('creating a product SKU', () => {
  it('checks every attribute against the schema: required, enum values, numbers', async () => {
    const outcome = await handleCreateSkuForm(
      getDb(),
      viewer,
      fabric,
      formOf({ ...goodFields('FRM-BAD-1'), 'attr.composition': '', 'attr.weave': 'herringbone', 'attr.gsm': '18O' }),
    )
    const errors = errorsOf(outcome)
    expect(errors['attr.composition']?.[0]).toMatch(/Enter composition/)
    expect(errors['attr.weave']?.[0]).toMatch(/Choose one of: plain, twill/)
    expect(errors['attr.gsm']?.[0]).toMatch(/as a number in g\/m²/)
    expect(errors['attr.width']).toBeUndefined()
    // Every typed value comes back.
    expect(outcome.status === 'invalid' && outcome.reply.initialValue).toMatchObject({
      code: 'FRM-BAD-1',
      attr: { gsm: '18O', width: '58' },
    })
    expect(
      await getDb().selectFrom('product_skus').select('id').where('code', '=', 'FRM-BAD-1').executeTakeFirst(),
    ).toBeUndefined()
  })

  it('keeps the validated values, indexes them and the words, audits, and takes one image', async () => {
    const db = getDb()
    const outcome = await handleCreateSkuForm(
      db,
      viewer,
      fabric,
      formOf({ ...goodFields('frm-ok-1'), image: png(), idempotencyKey: 'frm-key-1' }),
    )
    expect(outcome.status).toBe('done')
    const sku = await db.selectFrom('product_skus').selectAll().where('code', '=', 'FRM-OK-1').executeTakeFirstOrThrow()
    expect(JSON.parse(sku.attributes_json)).toEqual({
      composition: '100% cotton',
      weave: 'twill',
      gsm: '180',
      width: '58',
    })
    expect(sku).toMatchObject({
      product_id: fabric.id,
      category_id: categoryId,
      product_line_id: lineId,
      moq_milli: 1_000_500,
      status: 'active',
    })
    const attributes = await db
      .selectFrom('product_sku_attributes')
      .select(['key', 'value'])
      .where('product_sku_id', '=', sku.id)
      .orderBy('key')
      .execute()
    expect(attributes).toEqual([
      { key: 'composition', value: '100% cotton' },
      { key: 'gsm', value: '180' },
      { key: 'weave', value: 'twill' },
      { key: 'width', value: '58' },
    ])
    expect(await searchIds(db, 'product_sku', 'frm-ok')!.execute()).toEqual([{ entity_id: sku.id }])
    const images = await db
      .selectFrom('product_sku_images')
      .innerJoin('images', 'images.id', 'product_sku_images.image_id')
      .select(['images.content_type'])
      .where('product_sku_id', '=', sku.id)
      .execute()
    expect(images).toEqual([{ content_type: 'image/png' }])
    const entry = await db
      .selectFrom('audit_events')
      .select(['action', 'after_json'])
      .where('entity_type', '=', 'product_sku')
      .where('entity_id', '=', String(sku.id))
      .executeTakeFirstOrThrow()
    expect(entry.action).toBe('product_sku.created')
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      code: 'FRM-OK-1',
      category: 'Form Test Poplin',
      Weight: '180',
      moq: '1,000.5 m',
    })

    // The same submit again (double click, retry) creates nothing new.
    const again = await handleCreateSkuForm(
      db,
      viewer,
      fabric,
      formOf({ ...goodFields('FRM-OK-1'), idempotencyKey: 'frm-key-1' }),
    )
    expect(again.status).toBe('done')
    const count = await db
      .selectFrom('product_skus')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', '=', 'FRM-OK-1')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('refuses a code another SKU has, at the code field', async () => {
    await makeProductSku({ code: 'FRM-TAKEN-1' })
    const errors = errorsOf(
      await handleCreateSkuForm(
        getDb(),
        viewer,
        fabric,
        formOf({ ...goodFields('frm-taken-1'), idempotencyKey: 'frm-key-2' }),
      ),
    )
    expect(errors.code).toEqual(['Another product SKU already has this code'])
  })

  it('refuses a file that is not an image by its bytes, whatever its name says', async () => {
    const errors = errorsOf(
      await handleCreateSkuForm(getDb(), viewer, fabric, formOf({ ...goodFields('FRM-IMG-1'), image: fakePng() })),
    )
    expect(errors.image?.[0]).toMatch(/not an image we accept/)
    expect(
      await getDb().selectFrom('product_skus').select('id').where('code', '=', 'FRM-IMG-1').executeTakeFirst(),
    ).toBeUndefined()
  })

  it('refuses a category of another product', async () => {
    const yarnCategory = await makeCategory({ productSlug: 'yarn' })
    const errors = errorsOf(
      await handleCreateSkuForm(
        getDb(),
        viewer,
        fabric,
        formOf({ ...goodFields('FRM-CAT-1'), categoryId: String(yarnCategory) }),
      ),
    )
    expect(errors.categoryId?.[0]).toMatch(/Choose an active fabric category/)
  })
})

describe('editing a product SKU', () => {
  const versionOf = async (id: number) =>
    (await getDb().selectFrom('product_skus').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow())
      .updated_at

  it('refuses a save over a newer change and keeps the row as the other person left it', async () => {
    const id = await makeProductSku({ categoryId, code: 'FRM-EDIT-1' })
    const stale = await versionOf(id)
    const first = await handleEditSkuForm(
      getDb(),
      viewer,
      fabric,
      id,
      formOf({ ...goodFields('FRM-EDIT-1'), intent: 'save', version: stale, name: 'First save' }),
    )
    expect(first.status).toBe('done')
    const second = await handleEditSkuForm(
      getDb(),
      viewer,
      fabric,
      id,
      formOf({ ...goodFields('FRM-EDIT-1'), intent: 'save', version: stale, name: 'Second save' }),
    )
    expect(second.status === 'invalid' && second.reply.error?.['']?.[0]).toMatch(/Someone else changed this SKU/)
    const row = await getDb().selectFrom('product_skus').select('name').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.name).toBe('First save')
  })

  it('adds and removes images, re-indexes attributes and audits the changed fields', async () => {
    const db = getDb()
    const id = await makeProductSku({ categoryId, code: 'FRM-EDIT-2' })
    await handleEditSkuForm(
      db,
      viewer,
      fabric,
      id,
      formOf({ ...goodFields('FRM-EDIT-2'), intent: 'save', version: await versionOf(id), image: png() }),
    )
    const [image] = await db
      .selectFrom('product_sku_images')
      .select('image_id')
      .where('product_sku_id', '=', id)
      .execute()
    expect(image).toBeDefined()
    const { storage_key } = await db
      .selectFrom('images')
      .select('storage_key')
      .where('id', '=', image.image_id)
      .executeTakeFirstOrThrow()
    expect(await fileStore().exists(db, storage_key)).toBe(true)
    const outcome = await handleEditSkuForm(
      db,
      viewer,
      fabric,
      id,
      formOf({
        ...goodFields('FRM-EDIT-2'),
        intent: 'save',
        version: await versionOf(id),
        'attr.gsm': '200',
        removeImage: String(image.image_id),
      }),
    )
    expect(outcome.status).toBe('done')
    expect(
      await db.selectFrom('product_sku_images').select('image_id').where('product_sku_id', '=', id).execute(),
    ).toEqual([])
    // The removed image goes, row and file.
    expect(await db.selectFrom('images').select('id').where('id', '=', image.image_id).execute()).toEqual([])
    expect(await fileStore().exists(db, storage_key)).toBe(false)
    const gsm = await db
      .selectFrom('product_sku_attributes')
      .select('value')
      .where('product_sku_id', '=', id)
      .where('key', '=', 'gsm')
      .executeTakeFirstOrThrow()
    expect(gsm.value).toBe('200')
    const entry = await db
      .selectFrom('audit_events')
      .select(['before_json', 'after_json'])
      .where('entity_type', '=', 'product_sku')
      .where('entity_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(entry.before_json!)).toMatchObject({ Weight: '180', images_removed: 0 })
    expect(JSON.parse(entry.after_json!)).toMatchObject({ Weight: '200', images_removed: 1 })
  })

  it('archives and reactivates once each; a second archive is told', async () => {
    const db = getDb()
    const id = await makeProductSku({ categoryId, code: 'FRM-ARCH-1' })
    expect(await handleSkuStatusForm(db, viewer, fabric, id, formOf({ intent: 'archive' }))).toMatchObject({
      status: 'done',
      redirectTo: `/skus/fabric_skus/${id}`,
      toast: { kind: 'success' },
    })
    expect(await handleSkuStatusForm(db, viewer, fabric, id, formOf({ intent: 'archive' }))).toMatchObject({
      toast: { kind: 'error', message: /is already archived \(by .+\): “Archive SKU” is no longer possible/ },
    })
    expect(
      (await db.selectFrom('product_skus').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe('archived')
    await handleSkuStatusForm(db, viewer, fabric, id, formOf({ intent: 'reactivate' }))
    expect(
      (await db.selectFrom('product_skus').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe('active')
    const actions = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'product_sku')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['product_sku.archived', 'product_sku.reactivated'])
    expect(await handleSkuStatusForm(db, viewer, fabric, id, formOf({ intent: 'delete' }))).toEqual({
      status: 'bad-request',
    })
    // The edit form saves and nothing else.
    expect(await handleEditSkuForm(db, viewer, fabric, id, formOf({ intent: 'archive' }))).toEqual({
      status: 'bad-request',
    })
  })
})
