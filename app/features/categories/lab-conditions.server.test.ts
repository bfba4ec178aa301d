// Lab parameters as QC conditions (issue 39, docs/domain.md "Lab parameters"), through the routes
// as Remix calls them: created with their own name and unit, refused at their fields, listed and
// audited readably, edited back and forth with an attribute; their description and key.
import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import { auditEntriesOf } from '~/features/audit/history.server'
import * as createConditionRoute from '~/routes/admin+/categories.$categoryId.conditions.create'
import * as editConditionRoute from '~/routes/admin+/categories.$categoryId.conditions.$conditionId.edit'
import * as editRoute from '~/routes/admin+/categories.$categoryId.edit'
import { makeCategory } from '../../../tests/support/catalogue'
import { cookieFor } from '../../../tests/support/db'
import { conditionInWords, describeCondition, evaluateCondition, isLabKey, labKey, labSlug } from './conditions'

let admin: string

beforeAll(async () => {
  admin = await cookieFor('admin')
})

const get = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: admin } })
const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { Cookie: admin },
    body: new URLSearchParams(fields),
  })
const args = (request: Request, params: Record<string, string>) =>
  ({ request, params, context: {} }) as LoaderFunctionArgs & ActionFunctionArgs
type Answer<T> = Response | { data: T; init: { status: number } }

async function create(categoryId: number, fields: Record<string, string>) {
  const path = `/admin/categories/${categoryId}/conditions/create`
  const answer = (await createConditionRoute.action(
    args(post(path, fields), { categoryId: String(categoryId) }),
  )) as Answer<SubmissionResult<string[]>>
  if (answer instanceof Response) return { status: answer.status, errors: undefined }
  return { status: answer.init.status, errors: answer.data?.error as Record<string, string[]> | undefined }
}

const rows = (categoryId: number) =>
  getDb()
    .selectFrom('conditions')
    .select([
      'id',
      'name',
      'attribute_key',
      'operator',
      'min_value',
      'max_value',
      'values_json',
      'unit',
      'tolerance',
      'updated_at',
    ])
    .where('category_id', '=', categoryId)
    .orderBy('id')
    .execute()

const lab = { measure: 'lab', severity: 'major', active: 'on', tolerance: 'fixed' }

describe('a lab parameter’s key and words', () => {
  it('keys a lab parameter by the slug of its name, apart from any attribute key', () => {
    expect(labKey('Colour fastness to washing (grade)')).toBe('lab:colour_fastness_to_washing_grade')
    expect(labKey('Résistance à la traction')).toBe('lab:resistance_a_la_traction')
    expect(labSlug('%%')).toBe('')
    expect(isLabKey('lab:shrinkage_after_wash')).toBe(true)
    // Attribute keys are small letters, digits and underscores: never a colon.
    expect(isLabKey('gsm')).toBe(false)
  })

  it('describes and judges a lab parameter by its fixed bounds', () => {
    const shrinkage = {
      name: 'Shrinkage after wash',
      attribute_key: 'lab:shrinkage_after_wash',
      operator: 'max' as const,
      min_value: null,
      max_value: '3',
      values_json: null,
      unit: '%',
      tolerance: 'fixed' as const,
    }
    expect(describeCondition(shrinkage)).toBe('at most 3 %')
    expect(conditionInWords(shrinkage)).toBe('Shrinkage after wash (lab): at most 3 %')
    expect(conditionInWords({ ...shrinkage, name: 'Weight', attribute_key: 'gsm' })).toBe('Weight: at most 3 %')
    expect(evaluateCondition(shrinkage, '3')).toBe('pass')
    expect(evaluateCondition(shrinkage, '3.01')).toBe('fail')
  })
})

describe('lab parameters on the condition form', () => {
  it('keeps a lab parameter with its own name and unit, fixed bounds, and lists and audits it readably', async () => {
    const id = await makeCategory({ name: 'Lab shirting' })
    const made = [
      { ...lab, name: 'Shrinkage after wash', operator: 'max', max: '3', unit: '%' },
      // A grade has no unit; the attribute select left as posted is ignored for a lab parameter.
      { ...lab, name: 'Colour fastness to washing (grade)', operator: 'min', min: '4', attributeKey: 'gsm' },
      { ...lab, name: 'Tensile strength warp', operator: 'between', min: '350', max: '0900.0', unit: 'N' },
      { ...lab, name: 'Rubbing fastness (grade)', operator: 'in', values: '4\n4-5\n5' },
    ]
    for (const fields of made) expect((await create(id, fields)).status).toBe(302)
    expect(
      (await rows(id)).map((r) => [r.attribute_key, r.operator, r.min_value, r.max_value, r.values_json, r.unit]),
    ).toEqual([
      ['lab:shrinkage_after_wash', 'max', null, '3', null, '%'],
      ['lab:colour_fastness_to_washing_grade', 'min', '4', null, null, null],
      ['lab:tensile_strength_warp', 'between', '350', '900', null, 'N'],
      ['lab:rubbing_fastness_grade', 'in', null, null, '["4","4-5","5"]', null],
    ])
    const page = await editRoute.loader(args(get(`/admin/categories/${id}/edit`), { categoryId: String(id) }))
    expect(page.conditions.map((c) => [c.inWords, c.lab])).toEqual([
      ['Colour fastness to washing (grade) (lab): at least 4', true],
      ['Rubbing fastness (grade) (lab): one of 4, 4-5, 5', true],
      ['Shrinkage after wash (lab): at most 3 %', true],
      ['Tensile strength warp (lab): between 350 and 900 N', true],
    ])
    const entries = await auditEntriesOf(getDb(), 'category', id)
    expect(entries.map((e) => JSON.parse(e.after_json!))).toContainEqual(
      expect.objectContaining({
        condition: 'Shrinkage after wash',
        attribute: 'lab parameter',
        rule: 'at most 3 %',
      }),
    )
  })

  it('refuses at the fields: a tolerance, missing bounds, a nameless name, values on a numeric rule', async () => {
    const id = await makeCategory({ name: 'Lab refusals' })
    for (const [fields, field, message] of [
      [{ name: 'Shrinkage', operator: 'max', max: '3', tolerance: 'percent' }, 'tolerance', /judged by fixed bounds/],
      [{ name: 'Shrinkage', operator: 'max' }, 'max', /^Enter the maximum$/],
      [{ name: 'Tensile', operator: 'between', min: '400', max: '350' }, 'max', /greater than the minimum/],
      [{ name: 'Tensile', operator: 'min', min: 'strong' }, 'min', /^Enter a number/],
      [{ name: '%%', operator: 'max', max: '3' }, 'name', /^Name the lab parameter with letters or digits/],
      [{ name: 'Shrinkage', operator: 'max', max: '3', values: '3' }, 'values', /Leave the values empty/],
      [{ name: 'Grade', operator: 'eq', values: '4\n5' }, 'values', /exactly one value/],
      [{ name: 'Grade', operator: 'in', min: '4', values: '4' }, 'min', /Leave the minimum empty/],
      [{ name: 'Shrinkage', operator: 'max', max: '3', measure: 'sample' }, 'measure', /^Choose what is measured/],
    ] as const) {
      const outcome = await create(id, { ...lab, ...fields })
      expect(outcome.status).toBe(400)
      expect(outcome.errors?.[field]?.[0]).toMatch(message)
    }
    // An attribute condition still needs its attribute.
    expect(
      (await create(id, { ...lab, measure: 'attribute', name: 'Weight', operator: 'max', max: '3' })).errors,
    ).toMatchObject({ attributeKey: ['Choose the attribute it checks'] })
    expect(await rows(id)).toEqual([])
  })

  it('edits a lab parameter (its key follows its name) and turns it into an attribute condition and back', async () => {
    const id = await makeCategory({ name: 'Lab edits' })
    expect((await create(id, { ...lab, name: 'Shrinkage', operator: 'max', max: '5', unit: '%' })).status).toBe(302)
    const [row] = await rows(id)
    const path = `/admin/categories/${id}/conditions/${row!.id}/edit`
    const params = { categoryId: String(id), conditionId: String(row!.id) }
    const loaded = await editConditionRoute.loader(args(get(path), params))
    expect(loaded.values).toMatchObject({ measure: 'lab', attributeKey: '', name: 'Shrinkage', max: '5', unit: '%' })
    const save = async (fields: Record<string, string>) => {
      const [current] = await rows(id)
      return editConditionRoute.action(args(post(path, { ...fields, version: current!.updated_at }), params))
    }
    const saved = await save({ ...lab, name: 'Shrinkage after wash', operator: 'max', max: '3', unit: '%' })
    expect(saved instanceof Response && saved.status).toBe(302)
    expect(await rows(id)).toMatchObject([{ attribute_key: 'lab:shrinkage_after_wash', max_value: '3' }])
    const [latest] = await auditEntriesOf(getDb(), 'category', id)
    expect(JSON.parse(latest!.after_json!)).toMatchObject({ condition: 'Shrinkage after wash', rule: 'at most 3 %' })
    // Now on the product's weight attribute: its unit by default.
    const onGsm = await save({
      ...lab,
      measure: 'attribute',
      attributeKey: 'gsm',
      name: 'Weight',
      operator: 'max',
      max: '200',
    })
    expect(onGsm instanceof Response && onGsm.status).toBe(302)
    expect(await rows(id)).toMatchObject([{ attribute_key: 'gsm', unit: 'g/m²', max_value: '200' }])
    const back = await save({ ...lab, name: 'Shrinkage after wash', operator: 'max', max: '3', unit: '%' })
    expect(back instanceof Response && back.status).toBe(302)
    expect(await rows(id)).toMatchObject([{ attribute_key: 'lab:shrinkage_after_wash', unit: '%', tolerance: 'fixed' }])
  })
})
