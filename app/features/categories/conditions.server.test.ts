// QC conditions through the routes, as Remix calls them: validation per operator, enum values,
// 404 for another category's condition, the version check and the audit on the category.
import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import * as createRoute from '~/routes/admin+/categories.$categoryId.conditions.create'
import * as editRoute from '~/routes/admin+/categories.$categoryId.conditions.$conditionId.edit'
import * as workflowRoute from '~/routes/admin+/categories.$categoryId.fulfillment_workflow'
import { makeCategory } from '../../../tests/support/catalogue'
import { cookieFor } from '../../../tests/support/db'
import { auditEntriesOf } from '~/features/audit/history.server'

let admin: string

beforeAll(async () => {
  admin = await cookieFor('admin')
})

const get = (path: string, cookie = admin) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
const post = (path: string, fields: Record<string, string>, cookie = admin) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
  })
const args = (request: Request, params: Record<string, string>) =>
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

/** Posts the create form of a category; the reply's status and field errors. */
async function create(categoryId: number, fields: Record<string, string>) {
  const path = `/admin/categories/${categoryId}/conditions/create`
  const answer = (await createRoute.action(args(post(path, fields), { categoryId: String(categoryId) }))) as
    Response | { data: SubmissionResult<string[]> | undefined; init: { status: number } }
  if (answer instanceof Response) return { status: answer.status, errors: undefined }
  return { status: answer.init.status, errors: answer.data?.error as Record<string, string[]> | undefined }
}

const base = { name: 'Weight', attributeKey: 'gsm', severity: 'major', active: 'on' }
const conditionsOf = (categoryId: number) =>
  getDb()
    .selectFrom('conditions')
    .select([
      'id',
      'name',
      'operator',
      'min_value',
      'max_value',
      'values_json',
      'unit',
      'severity',
      'active',
      'updated_at',
    ])
    .where('category_id', '=', categoryId)
    .orderBy('id')
    .execute()

describe('condition validation per operator', () => {
  it('between needs both bounds with min below max; min needs min; max needs max', async () => {
    const id = await makeCategory()
    expect((await create(id, { ...base, operator: 'between', min: '130', max: '120' })).errors?.max?.[0]).toMatch(
      /greater than the minimum/,
    )
    expect((await create(id, { ...base, operator: 'between', min: '120', max: '120' })).errors?.max?.[0]).toMatch(
      /greater than the minimum/,
    )
    expect((await create(id, { ...base, operator: 'between', min: '120' })).errors?.max).toEqual(['Enter the maximum'])
    expect((await create(id, { ...base, operator: 'min', max: '5' })).errors).toMatchObject({
      min: ['Enter the minimum'],
      max: [expect.stringMatching(/Leave the maximum empty/)],
    })
    expect((await create(id, { ...base, operator: 'max' })).errors?.max).toEqual(['Enter the maximum'])
    expect((await create(id, { ...base, operator: 'min', min: 'heavy' })).errors?.min?.[0]).toMatch(/Enter a number/)
    expect(await conditionsOf(id)).toEqual([])
  })

  it('keeps exact decimals as text and the attribute’s unit by default', async () => {
    const id = await makeCategory()
    const done = await create(id, { ...base, operator: 'between', min: '114.50', max: '0126', idempotencyKey: 'c-1' })
    expect(done.status).toBe(302)
    // The same submit again makes nothing new.
    expect(
      (await create(id, { ...base, operator: 'between', min: '114.50', max: '0126', idempotencyKey: 'c-1' })).status,
    ).toBe(302)
    expect(await conditionsOf(id)).toMatchObject([
      {
        operator: 'between',
        min_value: '114.5',
        max_value: '126',
        values_json: null,
        unit: 'g/m²',
        severity: 'major',
        active: 1,
      },
    ])
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('condition.created')
    expect(JSON.parse(entry.after_json!)).toMatchObject({ condition: 'Weight', rule: 'between 114.5 and 126 g/m²' })
  })

  it('numeric rules only for number attributes; eq and in need values, eq exactly one', async () => {
    const id = await makeCategory()
    expect(
      (await create(id, { ...base, attributeKey: 'weave', operator: 'min', min: '1' })).errors?.operator?.[0],
    ).toMatch(/Weave is not a number/)
    expect((await create(id, { ...base, attributeKey: 'colour', operator: 'eq' })).errors?.values).toEqual([
      'Enter the value it must equal',
    ])
    expect(
      (await create(id, { ...base, attributeKey: 'colour', operator: 'in', values: '\n \n' })).errors?.values,
    ).toEqual(['Enter one or more values, one per line'])
    expect(
      (await create(id, { ...base, attributeKey: 'colour', operator: 'eq', values: 'Indigo\nWhite' })).errors
        ?.values?.[0],
    ).toMatch(/exactly one value/)
    expect(
      (await create(id, { ...base, attributeKey: 'gsm', operator: 'eq', values: 'heavy' })).errors?.values?.[0],
    ).toMatch(/numbers only/)
    expect(
      (await create(id, { ...base, attributeKey: 'shade', operator: 'eq', values: 'x' })).errors?.attributeKey,
    ).toEqual(['Choose one of the product’s attributes'])
    expect(await conditionsOf(id)).toEqual([])
  })

  it('enum values must be the attribute’s own, and are stored in its spelling', async () => {
    const id = await makeCategory()
    const bad = await create(id, { ...base, attributeKey: 'weave', operator: 'in', values: 'plain\nherringbone' })
    expect(bad.errors?.values?.[0]).toMatch(/Not a weave of the product: herringbone/)
    expect(
      (await create(id, { ...base, attributeKey: 'weave', operator: 'in', values: 'Plain\nTWILL\nplain' })).status,
    ).toBe(302)
    const [row] = await conditionsOf(id)
    expect(JSON.parse(row.values_json!)).toEqual(['plain', 'twill'])
    expect(row.unit).toBeNull()
  })
})

describe('editing a condition', () => {
  it('answers 404 for a condition of another category, on the page and the post', async () => {
    // Condition 1 belongs to category 1, not to category 2.
    expect(
      await thrownStatus(() =>
        editRoute.loader(args(get('/admin/categories/2/conditions/1/edit'), { categoryId: '2', conditionId: '1' })),
      ),
    ).toBe(404)
    expect(
      await thrownStatus(() =>
        editRoute.action(
          args(post('/admin/categories/2/conditions/1/edit', { name: 'x' }), { categoryId: '2', conditionId: '1' }),
        ),
      ),
    ).toBe(404)
    expect(
      await thrownStatus(() =>
        editRoute.loader(args(get('/admin/categories/999/conditions/1/edit'), { categoryId: '999', conditionId: '1' })),
      ),
    ).toBe(404)
    expect(
      await thrownStatus(() =>
        workflowRoute.loader(args(get('/admin/categories/abc/fulfillment_workflow'), { categoryId: 'abc' })),
      ),
    ).toBe(404)
    const loaded = await editRoute.loader(
      args(get('/admin/categories/1/conditions/1/edit'), { categoryId: '1', conditionId: '1' }),
    )
    expect(loaded.values).toMatchObject({ attributeKey: 'gsm', operator: 'between', min: '5', max: '5' })
  })

  it('saves over its own version only, with the change in the category’s history', async () => {
    const id = await makeCategory()
    await create(id, { ...base, operator: 'min', min: '100' })
    const [condition] = await conditionsOf(id)
    const path = `/admin/categories/${id}/conditions/${condition.id}/edit`
    const params = { categoryId: String(id), conditionId: String(condition.id) }
    const fields = {
      ...base,
      operator: 'between',
      min: '100',
      max: '140',
      severity: 'critical',
      version: condition.updated_at,
    }
    const saved = await editRoute.action(args(post(path, fields), params))
    expect(saved instanceof Response && saved.status).toBe(302)
    const [after] = await conditionsOf(id)
    expect(after).toMatchObject({
      operator: 'between',
      min_value: '100',
      max_value: '140',
      severity: 'critical',
      active: 1,
    })
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('condition.updated')
    expect(entry.note).toBe('Condition “Weight”')
    expect(JSON.parse(entry.after_json!)).toMatchObject({ rule: 'between 100 and 140 g/m²', severity: 'critical' })

    const stale = (await editRoute.action(args(post(path, { ...fields, max: '150' }), params))) as {
      data: SubmissionResult<string[]>
      init: { status: number }
    }
    expect(stale.init.status).toBe(400)
    expect(stale.data.error?.['']?.[0]).toMatch(/Someone else changed this condition/)
    expect(stale.data.initialValue).toMatchObject({ max: '150' })
    expect((await conditionsOf(id))[0].max_value).toBe('140')
  })

  it('keeps admins only', async () => {
    const kam = await cookieFor('demand_kam')
    expect(
      await thrownStatus(() =>
        createRoute.action(args(post('/admin/categories/1/conditions/create', base, kam), { categoryId: '1' })),
      ),
    ).toBe(403)
  })
})
