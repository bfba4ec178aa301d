import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { handleProductEdit } from './edit-action.server'
import { createProduct } from './mutations.server'

let devAdmin: number
let productId: number

function formData(fields: Record<string, string>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

const post = (fields: Record<string, string>) => handleProductEdit(getDb(), devAdmin, productId, formData(fields))

async function storedSchema() {
  const row = await getDb()
    .selectFrom('products')
    .select('attribute_schema')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
  return JSON.parse(row.attribute_schema) as Record<string, unknown>[]
}
const keys = async () => (await storedSchema()).map((a) => a.key)

async function audits(action: string) {
  return getDb()
    .selectFrom('audit_events')
    .select(['before_json', 'after_json'])
    .where('entity_type', '=', 'product')
    .where('entity_id', '=', String(productId))
    .where('action', '=', action)
    .orderBy('id')
    .execute()
}

/** The message a refused form came back with (a field's, or the form's). */
function messages(outcome: Awaited<ReturnType<typeof post>>): string {
  if (outcome.status !== 'invalid') return ''
  return JSON.stringify(outcome.reply.result.error)
}

beforeAll(async () => {
  devAdmin = await userIdOf('dev_admin@example.com')
  const created = await createProduct(getDb(), devAdmin, {
    slug: 'leather',
    name: 'Leather',
    unit: 'sqft',
    active: true,
  })
  if (!created.ok) throw new Error(created.message)
  productId = created.value.productId
})

describe('the attribute schema editor', () => {
  test('adds attributes in the stored shape, audited', async () => {
    expect(
      await post({
        intent: 'attribute-add',
        key: 'thickness',
        label: 'Thickness',
        type: 'number',
        unit: 'mm',
        required: 'on',
      }),
    ).toMatchObject({ status: 'done' })
    expect(
      await post({
        intent: 'attribute-add',
        key: 'finish',
        label: 'Finish',
        type: 'enum',
        values: 'matte, glossy\nsuede',
      }),
    ).toMatchObject({ status: 'done' })
    expect(
      await post({
        intent: 'attribute-add',
        key: 'colour',
        label: 'Colour',
        type: 'text',
        unit: '',
        values: 'ignored, for text',
      }),
    ).toMatchObject({ status: 'done' })
    expect(await storedSchema()).toEqual([
      { key: 'thickness', label: 'Thickness', type: 'number', unit: 'mm', required: true },
      { key: 'finish', label: 'Finish', type: 'enum', required: false, values: ['matte', 'glossy', 'suede'] },
      { key: 'colour', label: 'Colour', type: 'text', required: false },
    ])
    const added = await audits('product.attribute_added')
    expect(added).toHaveLength(3)
    expect(JSON.parse(added[1].after_json!)).toMatchObject({
      key: 'finish',
      type: 'enum',
      values: 'matte, glossy, suede',
    })
  })

  test('refuses a key already in the schema, a bad key, and bad enum values, at their fields', async () => {
    const duplicate = await post({ intent: 'attribute-add', key: 'finish', label: 'Finish again', type: 'text' })
    expect(duplicate).toMatchObject({ status: 'invalid', reply: { form: 'attribute-add' } })
    expect(messages(duplicate)).toContain('already has an attribute with this key')
    expect(messages(await post({ intent: 'attribute-add', key: 'Grain', label: 'Grain', type: 'text' }))).toContain(
      'small letter',
    )
    expect(
      messages(await post({ intent: 'attribute-add', key: 'grain', label: 'Grain', type: 'enum', values: 'full' })),
    ).toContain('at least 2 values')
    expect(
      messages(
        await post({ intent: 'attribute-add', key: 'grain', label: 'Grain', type: 'enum', values: 'full, Full' }),
      ),
    ).toContain('listed twice')
    expect(messages(await post({ intent: 'attribute-add', key: 'grain', label: 'Grain', type: 'date' }))).toContain(
      'Choose the type',
    )
    expect(await keys()).toEqual(['thickness', 'finish', 'colour'])
  })

  test('a double submit of one add makes one attribute', async () => {
    const fields = {
      intent: 'attribute-add',
      key: 'origin',
      label: 'Origin',
      type: 'text',
      idempotencyKey: 'add-origin',
    }
    expect(await post(fields)).toMatchObject({ status: 'done' })
    expect(await post(fields)).toMatchObject({ status: 'done' })
    expect(await keys()).toEqual(['thickness', 'finish', 'colour', 'origin'])
  })

  test('moves attributes up and down; the ends stay put', async () => {
    await post({ intent: 'attribute-up', key: 'colour' })
    expect(await keys()).toEqual(['thickness', 'colour', 'finish', 'origin'])
    await post({ intent: 'attribute-down', key: 'thickness' })
    expect(await keys()).toEqual(['colour', 'thickness', 'finish', 'origin'])
    await post({ intent: 'attribute-up', key: 'colour' })
    await post({ intent: 'attribute-down', key: 'origin' })
    expect(await keys()).toEqual(['colour', 'thickness', 'finish', 'origin'])
    const moved = await audits('product.attribute_moved')
    expect(moved).toHaveLength(2)
    expect(JSON.parse(moved[0].before_json!)).toEqual({ order: 'thickness, finish, colour, origin' })
    expect(JSON.parse(moved[0].after_json!)).toEqual({ order: 'thickness, colour, finish, origin' })
  })

  test('edits label, unit, required and values, never the key or the type', async () => {
    const saved = await post({
      intent: 'attribute-edit',
      key: 'finish',
      label: 'Surface finish',
      unit: '',
      required: 'on',
      type: 'text',
      values: 'matte\nglossy\nnubuck',
    })
    expect(saved).toMatchObject({ status: 'done' })
    const finish = (await storedSchema()).find((a) => a.key === 'finish')
    expect(finish).toEqual({
      key: 'finish',
      label: 'Surface finish',
      type: 'enum',
      required: true,
      values: ['matte', 'glossy', 'nubuck'],
    })
    const [entry] = await audits('product.attribute_changed')
    expect(JSON.parse(entry.before_json!)).toMatchObject({ label: 'Finish', required: false })
    expect(JSON.parse(entry.after_json!)).toMatchObject({ label: 'Surface finish', required: true })

    const oneValue = await post({ intent: 'attribute-edit', key: 'finish', label: 'Surface finish', values: 'matte' })
    expect(oneValue).toMatchObject({ status: 'invalid', reply: { form: 'attribute-finish' } })
    expect(messages(oneValue)).toContain('at least 2 values')
    expect(messages(await post({ intent: 'attribute-edit', key: 'nothing_here', label: 'X' }))).toContain(
      'no longer in the schema',
    )
  })

  test('removes an attribute SKUs may have values for, audited with what it was', async () => {
    expect(await post({ intent: 'attribute-remove', key: 'origin' })).toMatchObject({ status: 'done' })
    expect(await keys()).toEqual(['colour', 'thickness', 'finish'])
    const [entry] = await audits('product.attribute_removed')
    expect(JSON.parse(entry.before_json!)).toMatchObject({ key: 'origin', label: 'Origin' })
  })

  test('refuses to remove an attribute a QC condition checks, naming the condition', async () => {
    const now = new Date().toISOString()
    const { id: categoryId } = await getDb()
      .insertInto('categories')
      .values({
        product_id: productId,
        name: 'Upholstery hides',
        hsn_code: '410712',
        gst_rate_bp: 1200,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await getDb()
      .insertInto('conditions')
      .values({
        category_id: categoryId,
        name: 'Thick enough',
        attribute_key: 'thickness',
        operator: 'min',
        min_value: '1.2',
        unit: 'mm',
        severity: 'major',
        created_at: now,
        updated_at: now,
      })
      .execute()
    const refused = await post({ intent: 'attribute-remove', key: 'thickness' })
    expect(refused).toMatchObject({ status: 'invalid', reply: { form: 'attribute-thickness' } })
    expect(messages(refused)).toContain('Thick enough')
    expect(messages(refused)).toContain('Upholstery hides')
    expect(await keys()).toEqual(['colour', 'thickness', 'finish'])
  })

  test('refuses, in the demo data, to remove the weight of fabric (QC conditions check gsm)', async () => {
    const fabric = await getDb()
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'fabric')
      .executeTakeFirstOrThrow()
    const outcome = await handleProductEdit(
      getDb(),
      devAdmin,
      fabric.id,
      formData({ intent: 'attribute-remove', key: 'gsm' }),
    )
    expect(messages(outcome)).toContain('Weight within 5 %')
  })

  test('two editors adding attributes at the same moment both keep their change (on PostgreSQL they run at once)', async () => {
    const before = await keys()
    const audited = (await audits('product.attribute_added')).length
    const outcomes = await Promise.all(
      ['grain', 'origin', 'tannage', 'batch'].map((key) =>
        post({ intent: 'attribute-add', key, label: key, type: 'text' }),
      ),
    )
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done', 'done', 'done'])
    expect((await keys()).sort()).toEqual([...before, 'grain', 'origin', 'tannage', 'batch'].sort())
    expect(await audits('product.attribute_added')).toHaveLength(audited + 4)
  })
})
