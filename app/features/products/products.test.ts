import { parseWithZod } from '@conform-to/zod/v4'
import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { makeProductLine, makeProductSku, productBySlug } from '../../../tests/support/catalogue'
import { listProductsForAdmin, productForEdit } from './admin-queries.server'
import { parseAttributeSchema } from './attributes'
import { handleProductEdit } from './edit-action.server'
import { createProduct, updateProduct, CHANGED_SINCE_OPENED } from './mutations.server'
import { createProductSchema } from './schema'

let devAdmin: number

beforeAll(async () => {
  devAdmin = await userIdOf('dev_admin@example.com')
})

function formData(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v)
  return form
}

const slugErrors = (slug: string) => {
  const submission = parseWithZod(formData({ slug, name: 'Test product', unit: 'm' }), { schema: createProductSchema })
  return submission.status === 'error' ? submission.error?.slug : undefined
}

async function auditOf(productId: number, action: string) {
  return getDb()
    .selectFrom('audit_events')
    .select(['actor_user_id', 'before_json', 'after_json'])
    .where('entity_type', '=', 'product')
    .where('entity_id', '=', String(productId))
    .where('action', '=', action)
    .execute()
}

async function newProduct(slug: string) {
  const result = await createProduct(getDb(), devAdmin, { slug, name: `Product ${slug}`, unit: 'kg', active: true })
  if (!result.ok) throw new Error(result.message)
  return result.value.productId
}

describe('the slug rules', () => {
  test.each(['denim', 'knit_fabric', 'a1', 'x'.repeat(30)])('%s is a good slug', (slug) => {
    expect(slugErrors(slug)).toBeUndefined()
  })
  test.each(['Denim', '1denim', '_denim', 'knit-fabric', 'knit fabric', 'x'.repeat(31), ''])(
    '%j is refused',
    (slug) => {
      expect(slugErrors(slug)?.[0]).toMatch(/^(Enter the slug|Use at most 30 characters|Start with a small letter)/)
    },
  )
  test.each([
    'buyers',
    'sellers',
    'skus',
    'categories',
    'dashboard',
    'profile',
    'logistics',
    'reports',
    'images',
    'assets_uploader',
    'master_order_cart',
    'samples_order_cart',
    'solv_and_gt_orders',
    'redirect',
    'login',
    'signup',
    'admin',
    'buyer',
    'seller',
    'sample',
  ])('%s collides with a page of the app', (slug) => {
    expect(slugErrors(slug)?.[0]).toMatch(/taken by a page/)
  })
})

describe('creating a product', () => {
  test('makes an empty product, audited, listed with its counts', async () => {
    const id = await newProduct('denim')
    const row = await getDb()
      .selectFrom('products')
      .select(['slug', 'name', 'unit', 'active', 'attribute_schema'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ slug: 'denim', name: 'Product denim', unit: 'kg', active: 1, attribute_schema: '[]' })
    const [entry] = await auditOf(id, 'product.created')
    expect(entry.actor_user_id).toBe(devAdmin)
    expect(JSON.parse(entry.after_json!)).toMatchObject({ slug: 'denim', unit: 'kg' })

    const fabric = await productBySlug('fabric')
    const list = await listProductsForAdmin(getDb())
    expect(list.find((p) => p.id === id)).toMatchObject({ lines: 0, attributes: 0, active: true })
    expect(list.find((p) => p.id === fabric.id)).toMatchObject({ attributes: fabric.schema.length })
    expect(list.find((p) => p.id === fabric.id)!.lines).toBeGreaterThan(0)
  })

  test('refuses a slug already used, at the slug field', async () => {
    const result = await createProduct(getDb(), devAdmin, {
      slug: 'fabric',
      name: 'Fabric again',
      unit: 'm',
      active: true,
    })
    expect(result).toMatchObject({ ok: false, field: 'slug' })
    expect(await getDb().selectFrom('products').select('id').where('name', '=', 'Fabric again').execute()).toHaveLength(
      0,
    )
  })

  test('a double submit with one idempotency key makes one product', async () => {
    const input = { slug: 'twice', name: 'Twice', unit: 'pcs', active: false, idempotencyKey: 'key-twice' }
    const first = await createProduct(getDb(), devAdmin, input)
    const second = await createProduct(getDb(), devAdmin, input)
    expect(first.ok && second.ok && first.value.productId === second.value.productId).toBe(true)
    expect(second.ok && second.value.repeated).toBe(true)
    expect(await getDb().selectFrom('products').select('id').where('slug', '=', 'twice').execute()).toHaveLength(1)
  })
})

describe('editing a product', () => {
  test('saves name, unit and active with the version; an older version is refused', async () => {
    const id = await newProduct('editme')
    const opened = (await productForEdit(getDb(), id))!
    const saved = await updateProduct(getDb(), devAdmin, id, {
      intent: 'details',
      name: 'Edited',
      unit: 'm',
      active: false,
      version: opened.version,
    })
    expect(saved).toEqual({ ok: true, value: { changed: ['name', 'unit', 'active'] } })
    const [entry] = await auditOf(id, 'product.updated')
    expect(JSON.parse(entry.after_json!)).toEqual({ name: 'Edited', unit: 'm', active: false })

    const stale = await updateProduct(getDb(), devAdmin, id, {
      intent: 'details',
      name: 'Stale',
      unit: 'kg',
      active: true,
      version: opened.version,
    })
    expect(stale).toEqual({ ok: false, field: undefined, message: CHANGED_SINCE_OPENED })
    const row = await getDb()
      .selectFrom('products')
      .select(['name', 'slug'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Edited', slug: 'editme' })
  })

  test('the page answers an unknown or missing intent as a bad request', async () => {
    const id = await newProduct('intents')
    expect(await handleProductEdit(getDb(), devAdmin, id, formData({}))).toEqual({ status: 'bad-request' })
    expect(await handleProductEdit(getDb(), devAdmin, id, formData({ intent: 'drop-table' }))).toEqual({
      status: 'bad-request',
    })
  })
})

describe('product lines', () => {
  const post = (productId: number, fields: Record<string, string>) =>
    handleProductEdit(getDb(), devAdmin, productId, formData(fields))
  const lineNames = async (productId: number) =>
    (await productForEdit(getDb(), productId))!.lines.map((l) => `${l.name}${l.active ? '' : ' (off)'}`)

  test('add, refuse a duplicate name, rename, move, deactivate and reactivate, each audited', async () => {
    const id = await newProduct('lines')
    expect(await post(id, { intent: 'line-add', name: 'Shirting', idempotencyKey: 'l1' })).toMatchObject({
      status: 'done',
    })
    expect(await post(id, { intent: 'line-add', name: 'Shirting', idempotencyKey: 'l1' })).toMatchObject({
      status: 'done',
    })
    expect(await post(id, { intent: 'line-add', name: 'Suiting' })).toMatchObject({ status: 'done' })
    const duplicate = await post(id, { intent: 'line-add', name: 'suiting' })
    expect(duplicate).toMatchObject({ status: 'invalid', reply: { form: 'line-add' } })
    expect(await lineNames(id)).toEqual(['Shirting', 'Suiting'])

    const [shirting, suiting] = (await productForEdit(getDb(), id))!.lines
    await post(id, { intent: 'line-rename', lineId: String(shirting.id), name: 'Shirtings' })
    await post(id, { intent: 'line-up', lineId: String(suiting.id) })
    expect(await lineNames(id)).toEqual(['Suiting', 'Shirtings'])
    await post(id, { intent: 'line-deactivate', lineId: String(suiting.id) })
    expect(await lineNames(id)).toEqual(['Suiting (off)', 'Shirtings'])
    await post(id, { intent: 'line-reactivate', lineId: String(suiting.id) })
    expect(await lineNames(id)).toEqual(['Suiting', 'Shirtings'])

    for (const action of [
      'product.line_added',
      'product.line_renamed',
      'product.line_moved',
      'product.line_deactivated',
      'product.line_reactivated',
    ]) {
      expect((await auditOf(id, action)).length, action).toBeGreaterThan(0)
    }
    expect(await auditOf(id, 'product.line_added')).toHaveLength(2)
  })

  test('a line no SKU uses can be deleted; a used one cannot', async () => {
    const fabric = await productBySlug('fabric')
    const unused = await makeProductLine(fabric.id)
    const used = await makeProductLine(fabric.id)
    // Category 1 is the demo's Cotton shirting, a fabric category.
    await makeProductSku({ categoryId: 1, productLineId: used })
    expect(await post(fabric.id, { intent: 'line-delete', lineId: String(unused) })).toMatchObject({ status: 'done' })
    const refused = await post(fabric.id, { intent: 'line-delete', lineId: String(used) })
    expect(refused).toMatchObject({ status: 'invalid' })
    const ids = (
      await getDb().selectFrom('product_lines').select('id').where('id', 'in', [used, unused]).execute()
    ).map((r) => r.id)
    expect(ids).toEqual([used])
  })

  test("another product's line is not found", async () => {
    const yarn = await productBySlug('yarn')
    const fabric = await productBySlug('fabric')
    const fabricLine = await makeProductLine(fabric.id)
    const outcome = await post(yarn.id, { intent: 'line-deactivate', lineId: String(fabricLine) })
    expect(outcome).toMatchObject({ status: 'invalid' })
    const row = await getDb()
      .selectFrom('product_lines')
      .select('active')
      .where('id', '=', fabricLine)
      .executeTakeFirstOrThrow()
    expect(row.active).toBe(1)
  })
})

test('the stored schema keeps the AttributeDefinition shape', async () => {
  const fabric = await productBySlug('fabric')
  expect(parseAttributeSchema(fabric.attribute_schema)).toEqual(fabric.schema)
})
