// Issue 39 on the category pages, through the routes as Remix calls them: a category's way of
// inspecting (method, level, AQLs, points limit), its defect catalogue (unique names under the
// database's constraint, deactivate, reactivate), conditions relative to the SKU, access and audit.
import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import { auditEntriesOf, historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import type { FormReply } from '~/platform/form-reply'
import * as createConditionRoute from '~/routes/admin+/categories.$categoryId.conditions.create'
import * as editConditionRoute from '~/routes/admin+/categories.$categoryId.conditions.$conditionId.edit'
import * as defectTypesRoute from '~/routes/admin+/categories.$categoryId.defect_types'
import * as editRoute from '~/routes/admin+/categories.$categoryId.edit'
import { makeCategory } from '../../../tests/support/catalogue'
import { cookieFor } from '../../../tests/support/db'
import { CATEGORY_AQLS, QC_LEVELS } from './qc-settings'
import { AQL_LABELS, INSPECTION_LEVELS } from '../qc/sampling/iso2859'

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
type Answer<T> = Response | { data: T; init: { status: number } }

async function thrownStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
  throw new Error('expected the route to throw a response')
}

// ---------- The category's way of inspecting ----------

const qcOf = (id: number) =>
  getDb()
    .selectFrom('categories')
    .select(['name', 'qc_method', 'qc_level', 'aql_critical', 'aql_major', 'aql_minor', 'points_limit', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** Posts the category's edit form as the page shows it (its values as loaded), with `fields` changed. */
async function editCategory(id: number, fields: Record<string, string>, cookie = admin) {
  const path = `/admin/categories/${id}/edit`
  const loaded = await editRoute.loader(args(get(path, cookie), { categoryId: String(id) }))
  const values = { ...loaded.values, version: loaded.version, ...fields }
  const answer = (await editRoute.action(args(post(path, values, cookie), { categoryId: String(id) }))) as Answer<
    SubmissionResult<string[]>
  >
  if (answer instanceof Response) return { status: answer.status, errors: undefined }
  return { status: answer.init.status, errors: answer.data?.error as Record<string, string[]> | undefined }
}

describe('a category’s way of inspecting', () => {
  it('offers the sampling core’s levels and AQLs (0 and up to 10), and the page shows the lists and the values', async () => {
    expect([...QC_LEVELS]).toEqual([...INSPECTION_LEVELS])
    expect(CATEGORY_AQLS[0]).toBe('0')
    expect(CATEGORY_AQLS.slice(1)).toEqual(AQL_LABELS.slice(0, 16))
    expect(CATEGORY_AQLS.at(-1)).toBe('10')
    const id = await makeCategory({ productSlug: 'garments', name: 'QC shirts' })
    const loaded = await editRoute.loader(args(get(`/admin/categories/${id}/edit`), { categoryId: String(id) }))
    expect(loaded.qcChoices.aqls).toContain('2.5')
    expect(loaded.values).toMatchObject({ qcMethod: 'none', qcLevel: 'II', aqlMajor: '2.5', pointsLimit: '40' })
  })

  it('saves the method, level, AQLs and points limit, audited and told in the history', async () => {
    const id = await makeCategory({ productSlug: 'garments', name: 'QC trousers' })
    const saved = await editCategory(id, {
      qcMethod: 'aql',
      qcLevel: 'S-3',
      aqlCritical: '0',
      aqlMajor: '1.5',
      aqlMinor: '4.0',
      pointsLimit: '30',
    })
    expect(saved.status).toBe(302)
    expect(await qcOf(id)).toMatchObject({
      qc_method: 'aql',
      qc_level: 'S-3',
      aql_critical: '0',
      aql_major: '1.5',
      aql_minor: '4.0',
      points_limit: 30,
    })
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('category.updated')
    expect(JSON.parse(entry.before_json!)).toEqual({
      qc_method: 'Conditions only',
      qc_level: 'II',
      aql_major: '2.5',
      points_limit: '40 points per 100 sq yd',
    })
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      qc_method: 'AQL sampling plan (ISO 2859-1)',
      aql_major: '1.5',
    })
    const told = JSON.stringify((await historyOf(getDb(), STAFF_VIEWER, 'category', id))[0])
    for (const words of ['Inspection method', 'AQL sampling plan (ISO 2859-1)', 'Inspection level', 'S-3', 'AQL major'])
      expect(told).toContain(words)

    // The page tells it in words.
    const loaded = await editRoute.loader(args(get(`/admin/categories/${id}/edit`), { categoryId: String(id) }))
    expect(loaded.category.qc).toMatchObject({ method: 'aql', level: 'S-3', aqlMajor: '1.5' })
  })

  it('answers a level, AQL or points limit off the lists, and AQLs out of class order, at their fields', async () => {
    const id = await makeCategory({ productSlug: 'garments', name: 'QC jackets' })
    for (const [fields, field, message] of [
      [{ qcMethod: 'sampling' }, 'qcMethod', /^Choose how its lots are inspected/],
      [{ qcLevel: 'IV' }, 'qcLevel', /^Choose the inspection level from the list/],
      [{ aqlMajor: '3' }, 'aqlMajor', /^Choose the AQL for major defects from the list/],
      [{ aqlMinor: '15' }, 'aqlMinor', /^Choose the AQL for minor defects from the list/],
      [{ aqlCritical: '' }, 'aqlCritical', /^Choose the AQL for critical defects/],
      [{ aqlCritical: '4.0', aqlMajor: '2.5' }, 'aqlMajor', /at least the critical one \(4\.0\)/],
      [{ aqlMajor: '2.5', aqlMinor: '1.0' }, 'aqlMinor', /at least the major one \(2\.5\)/],
      [{ pointsLimit: '0' }, 'pointsLimit', /between 1 and 200/],
      [{ pointsLimit: '201' }, 'pointsLimit', /between 1 and 200/],
      [{ pointsLimit: '40.5' }, 'pointsLimit', /as a whole number/],
    ] as const) {
      const outcome = await editCategory(id, { ...fields })
      expect(outcome.status).toBe(400)
      expect(outcome.errors?.[field]?.[0]).toMatch(message)
    }
    // Fabric rolls are graded by length: garments, sold by the piece, cannot use the 4-point system.
    const rolls = await editCategory(id, { qcMethod: 'four_point' })
    expect(rolls.errors?.qcMethod?.[0]).toMatch(/grades fabric rolls by length, and this product is sold by pcs/)
    expect(await qcOf(id)).toMatchObject({ qc_method: 'none', qc_level: 'II', aql_major: '2.5', points_limit: 40 })

    const fabric = await makeCategory({ productSlug: 'fabric', name: 'QC poplin' })
    expect((await editCategory(fabric, { qcMethod: 'four_point', pointsLimit: '28' })).status).toBe(302)
    expect(await qcOf(fabric)).toMatchObject({ qc_method: 'four_point', points_limit: 28 })
  })

  it('keeps admins only', async () => {
    const kam = await cookieFor('demand_kam')
    expect(await thrownStatus(() => editCategory(1, { qcLevel: 'I' }, kam))).toBe(403)
    expect(
      await thrownStatus(() =>
        editRoute.action(args(post('/admin/categories/1/edit', { qcLevel: 'I' }, kam), { categoryId: '1' })),
      ),
    ).toBe(403)
    expect((await qcOf(1)).qc_level).not.toBe('I')
  })
})

// ---------- The defect catalogue ----------

const typesOf = async (categoryId: number) =>
  (
    await getDb()
      .selectFrom('defect_types')
      .select(['name', 'severity', 'is_hole', 'active', 'position'])
      .where('category_id', '=', categoryId)
      .orderBy('position')
      .execute()
  ).map((d) => `${d.position}:${d.name}:${d.severity}${d.is_hole ? ':hole' : ''}${d.active ? '' : ':inactive'}`)

const typeId = async (categoryId: number, name: string) =>
  (
    await getDb()
      .selectFrom('defect_types')
      .select(['id', 'updated_at'])
      .where('category_id', '=', categoryId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id

async function defectForm(categoryId: number, fields: Record<string, string>, cookie = admin) {
  const path = `/admin/categories/${categoryId}/defect_types`
  const answer = (await defectTypesRoute.action(
    args(post(path, fields, cookie), { categoryId: String(categoryId) }),
  )) as Answer<FormReply | null>
  if (answer instanceof Response) return { status: answer.status, reply: undefined }
  return { status: answer.init.status, reply: answer.data ?? undefined }
}

describe('the defect catalogue of a category', () => {
  it('adds types in order with their class and hole flag, audited on the category', async () => {
    const id = await makeCategory({ productSlug: 'fabric', name: 'Defect sheeting' })
    expect((await defectForm(id, { intent: 'defect-add', name: 'Slub', severity: 'minor' })).status).toBe(302)
    expect(
      (await defectForm(id, { intent: 'defect-add', name: 'Hole', severity: 'critical', isHole: 'on' })).status,
    ).toBe(302)
    expect(await typesOf(id)).toEqual(['1:Slub:minor', '2:Hole:critical:hole'])
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('defect_type.created')
    expect(JSON.parse(entry.after_json!)).toMatchObject({ defect_type: 'Hole', severity: 'critical', hole: 'yes' })
    const told = JSON.stringify((await historyOf(getDb(), STAFF_VIEWER, 'category', id))[0])
    expect(told).toContain('Defect type added')
    expect(told).toContain('Hole')

    const page = await defectTypesRoute.loader(
      args(get(`/admin/categories/${id}/defect_types`), { categoryId: String(id) }),
    )
    expect(page.byLength).toBe(true)
    expect(page.defectTypes.map((d) => [d.name, d.severity, d.isHole, d.active])).toEqual([
      ['Slub', 'minor', false, true],
      ['Hole', 'critical', true, true],
    ])
  })

  it('refuses a name the category already has at the name field: the unique constraint decides, case variants too', async () => {
    const id = await makeCategory({ productSlug: 'garments', name: 'Defect tees' })
    await defectForm(id, { intent: 'defect-add', name: 'Open seam', severity: 'major' })
    await defectForm(id, { intent: 'defect-add', name: 'Stain', severity: 'minor' })
    const before = (await auditEntriesOf(getDb(), 'category', id)).length

    const same = await defectForm(id, { intent: 'defect-add', name: 'Open seam', severity: 'minor' })
    expect(same.status).toBe(400)
    expect(same.reply).toMatchObject({
      form: 'defect-add',
      result: { error: { name: ['This category already has a defect type named “Open seam”'] } },
    })
    expect(same.reply?.result.initialValue).toMatchObject({ name: 'Open seam', severity: 'minor' })
    const cased = await defectForm(id, { intent: 'defect-add', name: 'STAIN', severity: 'minor' })
    expect(cased.reply?.result.error?.name).toEqual(['This category already has a defect type named “Stain”'])

    // Renaming onto another type's name is refused the same way, at that type's own form.
    const stain = await typeId(id, 'Stain')
    const version = (
      await getDb().selectFrom('defect_types').select('updated_at').where('id', '=', stain).executeTakeFirstOrThrow()
    ).updated_at
    const rename = await defectForm(id, {
      intent: 'defect-edit',
      defectTypeId: String(stain),
      name: 'Open seam',
      severity: 'minor',
      version,
    })
    expect(rename.reply).toMatchObject({
      form: `defect-${stain}`,
      result: { error: { name: ['This category already has a defect type named “Open seam”'] } },
    })
    expect(await typesOf(id)).toEqual(['1:Open seam:major', '2:Stain:minor'])
    expect((await auditEntriesOf(getDb(), 'category', id)).length).toBe(before)

    // The constraint is per category: another category may use the name.
    const other = await makeCategory({ productSlug: 'garments', name: 'Defect polos' })
    expect((await defectForm(other, { intent: 'defect-add', name: 'Open seam', severity: 'major' })).status).toBe(302)

    // The database itself refuses a duplicate, whatever writes it.
    await expect(
      getDb()
        .insertInto('defect_types')
        .values({ category_id: id, name: 'Stain', severity: 'major', created_at: 'x', updated_at: 'x' })
        .execute(),
    ).rejects.toThrow()
  })

  it('edits a type over its own version only, and answers a bad name or class and a hole on goods without rolls at their fields', async () => {
    const id = await makeCategory({ productSlug: 'garments', name: 'Defect shorts' })
    await defectForm(id, { intent: 'defect-add', name: 'Broken stich', severity: 'minor' })
    const broken = await typeId(id, 'Broken stich')
    const { updated_at: version } = await getDb()
      .selectFrom('defect_types')
      .select('updated_at')
      .where('id', '=', broken)
      .executeTakeFirstOrThrow()
    const edit = { intent: 'defect-edit', defectTypeId: String(broken), version }
    expect((await defectForm(id, { ...edit, name: 'Broken stitch', severity: 'major' })).status).toBe(302)
    expect(await typesOf(id)).toEqual(['1:Broken stitch:major'])
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry).toMatchObject({ action: 'defect_type.updated', note: 'Defect type “Broken stich”' })
    expect(JSON.parse(entry.before_json!)).toEqual({ id: broken, defect_type: 'Broken stich', severity: 'minor' })

    const stale = await defectForm(id, { ...edit, name: 'Broken seam', severity: 'major' })
    expect(stale.reply?.result.error?.['']?.[0]).toMatch(/Someone else changed “Broken stitch”/)

    for (const [fields, field, message] of [
      [{ name: 'x', severity: 'major' }, 'name', /at least 2 characters/],
      [{ name: 'Pucker', severity: 'cosmetic' }, 'severity', /^Choose the defect class/],
      [{ name: 'Pucker', severity: 'major', isHole: 'on' }, 'isHole', /this product is sold by pcs/],
    ] as const) {
      const outcome = await defectForm(id, { intent: 'defect-add', ...fields })
      expect(outcome.status).toBe(400)
      expect(outcome.reply?.result.error?.[field]?.[0]).toMatch(message)
    }
    expect(await typesOf(id)).toEqual(['1:Broken stitch:major'])
  })

  it('deactivates and reactivates a type, audited; a type of another category is not this catalogue’s', async () => {
    const id = await makeCategory({ productSlug: 'fabric', name: 'Defect lawn' })
    await defectForm(id, { intent: 'defect-add', name: 'Crease mark', severity: 'minor' })
    const crease = await typeId(id, 'Crease mark')
    const off = await defectForm(id, { intent: 'defect-deactivate', defectTypeId: String(crease) })
    expect(off.status).toBe(302)
    expect(await typesOf(id)).toEqual(['1:Crease mark:minor:inactive'])
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('defect_type.deactivated')
    expect(JSON.parse(entry.after_json!)).toMatchObject({ defect_type: 'Crease mark', active: 'no' })
    const again = await defectForm(id, { intent: 'defect-deactivate', defectTypeId: String(crease) })
    expect(again.reply?.result.error?.['']?.[0]).toMatch(/already inactive/)
    expect((await defectForm(id, { intent: 'defect-reactivate', defectTypeId: String(crease) })).status).toBe(302)
    expect(await typesOf(id)).toEqual(['1:Crease mark:minor'])
    expect((await auditEntriesOf(getDb(), 'category', id))[0].action).toBe('defect_type.reactivated')

    const other = await makeCategory({ productSlug: 'fabric', name: 'Defect cambric' })
    const foreign = await defectForm(other, { intent: 'defect-deactivate', defectTypeId: String(crease) })
    expect(foreign.reply?.result.error?.['']?.[0]).toMatch(/no longer in the catalogue/)
    expect(await typesOf(id)).toEqual(['1:Crease mark:minor'])
    expect((await defectForm(id, { intent: 'defect-explode' })).status).toBe(400)
  })

  it('keeps admins only, and answers 404 for a category that is not there', async () => {
    const kam = await cookieFor('demand_kam')
    // As the condition pages: the admin portal only (a catalogue manager does not set QC either).
    const others = await Promise.all(['seller', 'catalog_manager', 'field_operator'].map((role) => cookieFor(role)))
    for (const cookie of [kam, ...others]) {
      expect(
        await thrownStatus(() =>
          defectTypesRoute.loader(args(get('/admin/categories/1/defect_types', cookie), { categoryId: '1' })),
        ),
      ).toBe(403)
      expect(
        await thrownStatus(() => defectForm(1, { intent: 'defect-add', name: 'Snag', severity: 'minor' }, cookie)),
      ).toBe(403)
    }
    expect(
      await thrownStatus(() =>
        defectTypesRoute.loader(args(get('/admin/categories/999999/defect_types'), { categoryId: '999999' })),
      ),
    ).toBe(404)
    expect(
      await thrownStatus(() => defectForm(999999, { intent: 'defect-add', name: 'Snag', severity: 'minor' })),
    ).toBe(404)
    expect(
      await getDb().selectFrom('defect_types').select('id').where('name', '=', 'Snag').executeTakeFirst(),
    ).toBeUndefined()
  })
})

// ---------- Conditions relative to the SKU ----------

async function createCondition(categoryId: number, fields: Record<string, string>) {
  const path = `/admin/categories/${categoryId}/conditions/create`
  const answer = (await createConditionRoute.action(
    args(post(path, fields), { categoryId: String(categoryId) }),
  )) as Answer<SubmissionResult<string[]>>
  if (answer instanceof Response) return { status: answer.status, errors: undefined }
  return { status: answer.init.status, errors: answer.data?.error as Record<string, string[]> | undefined }
}

const conditionRows = (categoryId: number) =>
  getDb()
    .selectFrom('conditions')
    .select(['id', 'name', 'operator', 'tolerance', 'min_value', 'max_value', 'updated_at'])
    .where('category_id', '=', categoryId)
    .orderBy('id')
    .execute()

describe('conditions relative to the SKU’s own value', () => {
  const count = { name: 'Count within 2 %', attributeKey: 'count', severity: 'major', active: 'on' }

  it('keeps the tolerance below and above, and lists and audits the rule readably', async () => {
    const id = await makeCategory({ productSlug: 'yarn', name: 'Relative cones' })
    expect(
      (await createCondition(id, { ...count, operator: 'between', tolerance: 'percent', min: '2', max: '2' })).status,
    ).toBe(302)
    expect(
      (
        await createCondition(id, {
          ...count,
          name: 'Ply as ordered',
          attributeKey: 'ply',
          operator: 'between',
          tolerance: 'units',
          min: '0',
          max: '0',
        })
      ).status,
    ).toBe(302)
    expect(
      (
        await createCondition(id, {
          ...count,
          name: 'Count not below',
          operator: 'min',
          tolerance: 'units',
          min: '1.5',
        })
      ).status,
    ).toBe(302)
    expect((await conditionRows(id)).map((c) => [c.operator, c.tolerance, c.min_value, c.max_value])).toEqual([
      ['between', 'percent', '2', '2'],
      ['between', 'units', '0', '0'],
      ['min', 'units', '1.5', null],
    ])
    const page = await editRoute.loader(args(get(`/admin/categories/${id}/edit`), { categoryId: String(id) }))
    expect(Object.fromEntries(page.conditions.map((c) => [c.name, c.rule]))).toEqual({
      'Count within 2 %': 'SKU value ± 2 %',
      'Ply as ordered': 'the SKU value exactly',
      'Count not below': 'at least SKU value − 1.5 Ne',
    })
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(JSON.parse(entry.after_json!)).toMatchObject({ rule: 'at least SKU value − 1.5 Ne' })

    // Back to fixed bounds: the edit form shows the tolerance, and the change is in the history.
    const [within] = await conditionRows(id)
    const path = `/admin/categories/${id}/conditions/${within.id}/edit`
    const params = { categoryId: String(id), conditionId: String(within.id) }
    const loaded = await editConditionRoute.loader(args(get(path), params))
    expect(loaded.values).toMatchObject({ tolerance: 'percent', min: '2', max: '2' })
    const saved = await editConditionRoute.action(
      args(
        post(path, {
          ...count,
          operator: 'between',
          tolerance: 'fixed',
          min: '58.8',
          max: '61.2',
          version: within.updated_at,
        }),
        params,
      ),
    )
    expect(saved instanceof Response && saved.status).toBe(302)
    const [latest] = await auditEntriesOf(getDb(), 'category', id)
    expect(JSON.parse(latest.before_json!)).toMatchObject({ rule: 'SKU value ± 2 %' })
    expect(JSON.parse(latest.after_json!)).toMatchObject({ rule: 'between 58.8 and 61.2 Ne' })
  })

  it('answers a tolerance where it cannot apply, missing, negative or over 100 %, at its field', async () => {
    const id = await makeCategory({ productSlug: 'yarn', name: 'Relative refusals' })
    for (const [fields, field, message] of [
      [{ operator: 'between', tolerance: 'percent', min: '2' }, 'max', /^Enter the tolerance above the SKU’s value/],
      [
        { operator: 'between', tolerance: 'percent', min: '-1', max: '2' },
        'min',
        /^Enter the tolerance below as a percentage/,
      ],
      [{ operator: 'between', tolerance: 'percent', min: '2', max: '150' }, 'max', /from 0 to 100/],
      [{ operator: 'between', tolerance: 'units', min: '-0.5', max: '1' }, 'min', /a number of 0 or more/],
      [
        { operator: 'min', tolerance: 'units', min: '1', max: '1' },
        'max',
        /Leave the maximum empty for an “at least” rule/,
      ],
      [{ operator: 'max', tolerance: 'percent', max: '' }, 'max', /^Enter the tolerance above/],
      [{ operator: 'eq', tolerance: 'percent', values: '60' }, 'tolerance', /choose fixed bounds/],
      [
        { operator: 'between', tolerance: 'sideways', min: '1', max: '2' },
        'tolerance',
        /^Choose how the bounds are read/,
      ],
      [
        { attributeKey: 'spinning', operator: 'between', tolerance: 'percent', min: '1', max: '1' },
        'operator',
        /is not a number/,
      ],
    ] as const) {
      const outcome = await createCondition(id, { ...count, ...fields })
      expect(outcome.status).toBe(400)
      expect(outcome.errors?.[field]?.[0]).toMatch(message)
    }
    expect(await conditionRows(id)).toEqual([])
    // A relative between may have 0 and 0, which a fixed one may not (its maximum must exceed its minimum).
    const fixed = await createCondition(id, { ...count, operator: 'between', tolerance: 'fixed', min: '2', max: '2' })
    expect(fixed.errors?.max?.[0]).toMatch(/greater than the minimum/)
  })
})
