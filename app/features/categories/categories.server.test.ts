// Categories and their workflows through the form handlers the routes call: what the database holds after each.
import { sql } from 'kysely'
import { getDb } from '~/db.server'
import type { Viewer } from '~/auth/session.server'
import { getViewer } from '~/auth/session.server'
import { makeCategory, productBySlug } from '../../../tests/support/catalogue'
import { cookieFor } from '../../../tests/support/db'
import { auditEntriesOf, historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { handleCreateCategory, handleEditCategory, handleWorkflowForm } from './forms.server'
import { manageCategoriesPage } from './queries.server'
import { setTurnoverBand, turnoverBand } from '~/platform/turnover-band.server'

let admin: Viewer

beforeAll(async () => {
  const cookie = await cookieFor('admin')
  admin = (await getViewer(new Request('http://localhost/', { headers: { Cookie: cookie } })))!
})

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

const category = (id: number) =>
  getDb()
    .selectFrom('categories')
    .select(['name', 'hsn_code', 'gst_rate_bp', 'active', 'updated_at', 'product_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const stages = async (categoryId: number) =>
  (
    await getDb()
      .selectFrom('workflow_stages')
      .select(['id', 'position', 'name', 'expected_days', 'qc_gate'])
      .where('category_id', '=', categoryId)
      .orderBy('position')
      .execute()
  ).map((s) => `${s.position}:${s.name}:${s.expected_days}${s.qc_gate ? ':QC' : ''}`)
/** The edit form posts the category's way of inspecting too: the defaults of a new category. */
const QC_AS_STORED = {
  qcMethod: 'none',
  qcLevel: 'II',
  aqlCritical: '0',
  aqlMajor: '2.5',
  aqlMinor: '4.0',
  pointsLimit: '40',
}
const errorsOf = (outcome: Awaited<ReturnType<typeof handleCreateCategory>>) =>
  outcome.status === 'invalid' ? outcome.reply.error : undefined

describe('adding a category', () => {
  it('keeps GST in basis points, starts with an empty workflow, audits, and refuses a duplicate name in the product', async () => {
    const outcome = await handleCreateCategory(
      getDb(),
      admin,
      form({
        product: 'fabric',
        name: 'Poplin test',
        hsnCode: '520812',
        gstRate: '12',
        active: 'on',
        idempotencyKey: 'k-1',
      }),
    )
    expect(outcome.status).toBe('done')
    const row = await getDb()
      .selectFrom('categories')
      .select(['id', 'gst_rate_bp', 'hsn_code', 'active'])
      .where('name', '=', 'Poplin test')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ gst_rate_bp: 1200, hsn_code: '520812', active: 1 })
    expect(outcome.status === 'done' && outcome.redirectTo).toBe(`/admin/categories/${row.id}/fulfillment_workflow`)
    expect(await stages(row.id)).toEqual([])
    const [entry] = await auditEntriesOf(getDb(), 'category', row.id)
    expect(entry.action).toBe('category.created')
    expect(JSON.parse(entry.after_json!)).toMatchObject({ name: 'Poplin test', gst_rate: '12 %' })

    // The same submit again (same key) makes nothing new; another key with the same name (any case) is refused.
    expect(
      (
        await handleCreateCategory(
          getDb(),
          admin,
          form({ product: 'fabric', name: 'Poplin test', hsnCode: '520812', gstRate: '12', idempotencyKey: 'k-1' }),
        )
      ).status,
    ).toBe('done')
    const duplicate = await handleCreateCategory(
      getDb(),
      admin,
      form({ product: 'fabric', name: 'POPLIN TEST', hsnCode: '520832', gstRate: '5', idempotencyKey: 'k-2' }),
    )
    expect(errorsOf(duplicate)?.name).toEqual(['This product already has a category with this name'])
    expect(
      Number(
        (
          await getDb()
            .selectFrom('categories')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(sql`lower(name)`, '=', 'poplin test')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1)

    // Another product may use the name.
    expect(
      (
        await handleCreateCategory(
          getDb(),
          admin,
          form({ product: 'yarn', name: 'Poplin test', hsnCode: '520512', gstRate: '5' }),
        )
      ).status,
    ).toBe('done')
  })

  it('refuses a 4-digit HSN above ₹5 crore turnover and takes it up to ₹5 crore (issue 52), the band audited', async () => {
    expect(await turnoverBand(getDb())).toBe('above_5_crore')
    const four = await handleCreateCategory(
      getDb(),
      admin,
      form({ product: 'fabric', name: 'Four digits', hsnCode: '5208', gstRate: '5' }),
    )
    expect(errorsOf(four)?.hsnCode?.[0]).toMatch(/at least 6 digits \(Notification 78\/2020-Central Tax\)/)
    expect(
      await getDb().selectFrom('categories').select('id').where('name', '=', 'Four digits').executeTakeFirst(),
    ).toBeUndefined()
    // An existing category holding 4 digits cannot be saved with them either (a save that changes nothing saves nothing).
    const id = await makeCategory({ name: 'Old four digits' })
    await getDb().updateTable('categories').set({ hsn_code: '5208' }).where('id', '=', id).execute()
    const { updated_at: version } = await category(id)
    const kept = await handleEditCategory(
      getDb(),
      admin,
      id,
      form({ ...QC_AS_STORED, name: 'Old four digits, renamed', hsnCode: '5208', gstRate: '5', active: 'on', version }),
    )
    expect(kept.status === 'invalid' && kept.reply.error?.hsnCode?.[0]).toMatch(/at least 6 digits/)

    expect((await setTurnoverBand(getDb(), { userId: admin.userId }, 'sideways')).ok).toBe(false)
    expect((await setTurnoverBand(getDb(), { userId: admin.userId }, 'up_to_5_crore')).ok).toBe(true)
    const [entry] = await auditEntriesOf(getDb(), 'platform_setting', 'aggregate_turnover_band')
    expect(JSON.parse(entry!.after_json!)).toEqual({ aggregate_turnover_band: 'Up to ₹5 crore' })
    const taken = await handleCreateCategory(
      getDb(),
      admin,
      form({ product: 'fabric', name: 'Four digits', hsnCode: '5208', gstRate: '5' }),
    )
    expect(taken.status).toBe('done')
    await setTurnoverBand(getDb(), { userId: admin.userId }, 'above_5_crore')
    // The other tests count the demo's categories: take these two away again.
    for (const name of ['Four digits', 'Old four digits'])
      await getDb()
        .deleteFrom('workflow_stages')
        .where('category_id', 'in', getDb().selectFrom('categories').select('id').where('name', '=', name))
        .execute()
    await getDb().deleteFrom('categories').where('name', 'in', ['Four digits', 'Old four digits']).execute()
  })

  it('answers bad HSN codes and GST rates at their fields', async () => {
    const outcome = await handleCreateCategory(
      getDb(),
      admin,
      form({ product: 'fabric', name: 'Bad codes', hsnCode: '52081', gstRate: '7' }),
    )
    expect(errorsOf(outcome)?.hsnCode?.[0]).toMatch(/4, 6 or 8 digits/)
    expect(errorsOf(outcome)?.gstRate?.[0]).toMatch(/GST rate/)
    expect(
      await getDb().selectFrom('categories').select('id').where('name', '=', 'Bad codes').executeTakeFirst(),
    ).toBeUndefined()
  })

  it('lists a product’s categories with stage and condition figures, filtered by status and name', async () => {
    const inactive = await makeCategory({ name: 'Dormant weave', active: false })
    const page = await manageCategoriesPage(getDb(), { product: 'fabric', status: 'all', q: '' })
    const shirting = page.categories.find((c) => c.id === 1)!
    expect(shirting).toMatchObject({
      name: 'Cotton shirting',
      gstRateBp: 500,
      stages: 6,
      totalDays: 29,
      qcGates: 2,
      // Weight, width and weave, and two lab parameters (shrinkage, colour fastness).
      activeConditions: 5,
    })
    expect(page.lines.map((l) => l.name)).toContain('Shirting')
    expect(
      (await manageCategoriesPage(getDb(), { product: 'fabric', status: 'inactive', q: '' })).categories.map(
        (c) => c.id,
      ),
    ).toEqual([inactive])
    expect(
      (await manageCategoriesPage(getDb(), { product: 'fabric', status: 'active', q: 'SHIRT' })).categories.map(
        (c) => c.name,
      ),
    ).toEqual(['Cotton shirting'])
    // No product chosen: the first active product by position.
    expect((await manageCategoriesPage(getDb(), { product: '', status: 'all', q: '' })).product?.slug).toBe('fabric')
  })
})

describe('editing a category', () => {
  it('saves the changed fields with an audit entry, and refuses a save over a newer change', async () => {
    const id = await makeCategory({ name: 'Voile' })
    const { updated_at: version } = await category(id)
    const saved = await handleEditCategory(
      getDb(),
      admin,
      id,
      form({ ...QC_AS_STORED, name: 'Cotton voile', hsnCode: '52081190', gstRate: '5', active: 'on', version }),
    )
    expect(saved.status).toBe('done')
    expect(await category(id)).toMatchObject({ name: 'Cotton voile', hsn_code: '52081190', active: 1 })
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('category.updated')
    expect(JSON.parse(entry.before_json!)).toEqual({ name: 'Voile', hsn_code: '520832' })

    // A second admin still holding the old version is refused; nothing changes.
    const stale = await handleEditCategory(
      getDb(),
      admin,
      id,
      form({ ...QC_AS_STORED, name: 'Voile again', hsnCode: '520832', gstRate: '18', version }),
    )
    expect(stale.status === 'invalid' && stale.reply.error?.['']?.[0]).toMatch(/Someone else changed this category/)
    expect(await category(id)).toMatchObject({ name: 'Cotton voile', gst_rate_bp: 500 })

    // Unticking "active" deactivates it; another category's name is refused.
    const { updated_at: now } = await category(id)
    expect(
      (
        await handleEditCategory(
          getDb(),
          admin,
          id,
          form({ ...QC_AS_STORED, name: 'Cotton voile', hsnCode: '520832', gstRate: '5', version: now }),
        )
      ).status,
    ).toBe('done')
    expect((await category(id)).active).toBe(0)
    const { updated_at: later } = await category(id)
    const taken = await handleEditCategory(
      getDb(),
      admin,
      id,
      form({ ...QC_AS_STORED, name: 'cotton shirting', hsnCode: '520832', gstRate: '5', version: later }),
    )
    expect(taken.status === 'invalid' && taken.reply.error?.name).toEqual([
      'This product already has a category with this name',
    ])
  })
})

describe('the approval rules of a category', () => {
  const rules = (id: number) =>
    getDb()
      .selectFrom('categories')
      .select(['name', 'margin_floor_bp', 'second_approval_above_minor', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const edit = async (id: number, fields: Record<string, string>) => {
    const { name, updated_at: version } = await rules(id)
    return handleEditCategory(
      getDb(),
      admin,
      id,
      form({ ...QC_AS_STORED, name, hsnCode: '520832', gstRate: '5', active: 'on', version, ...fields }),
    )
  }

  it('keeps the floor in basis points and the threshold in paise, audited and told in the history; empty is no rule', async () => {
    const id = await makeCategory({ name: 'Chambray' })
    expect((await edit(id, { marginFloor: '12.5', secondApprovalAbove: '5,00,000' })).status).toBe('done')
    const saved = await rules(id)
    expect([saved.margin_floor_bp, Number(saved.second_approval_above_minor)]).toEqual([1250, 50_000_000])
    const history = await historyOf(getDb(), STAFF_VIEWER, 'category', id)
    const told = JSON.stringify(history[0])
    expect(told).toContain('Margin floor')
    expect(told).toContain('12.5 %')
    expect(told).toContain('Second approver above')
    expect(told).toContain('₹5,00,000')

    expect((await edit(id, { marginFloor: '', secondApprovalAbove: '' })).status).toBe('done')
    expect(await rules(id)).toMatchObject({ margin_floor_bp: null, second_approval_above_minor: null })
  })

  it('answers a floor outside 0-100 % or with 3 decimals, and a threshold that is not rupees, at their fields', async () => {
    const id = await makeCategory({ name: 'Oxford' })
    for (const [fields, field] of [
      [{ marginFloor: '100.5' }, 'marginFloor'],
      [{ marginFloor: '12.345' }, 'marginFloor'],
      [{ marginFloor: '-1' }, 'marginFloor'],
      [{ secondApprovalAbove: '-500' }, 'secondApprovalAbove'],
      [{ secondApprovalAbove: 'lots' }, 'secondApprovalAbove'],
    ] as const) {
      const outcome = await edit(id, fields)
      expect(outcome.status === 'invalid' && outcome.reply.error?.[field]?.[0]).toMatch(/^Enter the/)
    }
    expect(await rules(id)).toMatchObject({ margin_floor_bp: null, second_approval_above_minor: null })
    expect((await edit(id, { marginFloor: '100', secondApprovalAbove: '0' })).status).toBe('done')
    expect(await rules(id)).toMatchObject({ margin_floor_bp: 10_000 })
  })
})

describe('the GST value slab of a category', () => {
  const slab = (id: number) =>
    getDb()
      .selectFrom('categories')
      .select(['name', 'gst_rate_bp', 'gst_slab_above_minor', 'gst_rate_above_bp', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const edit = async (id: number, fields: Record<string, string>) => {
    const { name, updated_at: version } = await slab(id)
    return handleEditCategory(
      getDb(),
      admin,
      id,
      form({ ...QC_AS_STORED, name, hsnCode: '620520', gstRate: '5', active: 'on', version, ...fields }),
    )
  }

  it('keeps the value per piece in paise and the rate above in basis points, audited; empty is no slab', async () => {
    const id = await makeCategory({ productSlug: 'garments', name: 'Slab shirts' })
    expect((await edit(id, { gstSlabAbove: '2,500', gstRateAbove: '18' })).status).toBe('done')
    const saved = await slab(id)
    expect([saved.gst_rate_bp, Number(saved.gst_slab_above_minor), saved.gst_rate_above_bp]).toEqual([
      500, 250_000, 1800,
    ])
    const told = JSON.stringify((await historyOf(getDb(), STAFF_VIEWER, 'category', id))[0])
    expect(told).toContain('GST value slab')
    expect(told).toContain('18 % above ₹2,500')
    expect((await edit(id, { gstSlabAbove: '', gstRateAbove: '' })).status).toBe('done')
    expect(await slab(id)).toMatchObject({ gst_slab_above_minor: null, gst_rate_above_bp: null })
  })

  it('answers half a slab, the same rate twice, a value that is not rupees, and a slab on goods not sold by the piece, at their fields', async () => {
    const id = await makeCategory({ productSlug: 'garments', name: 'Slab trousers' })
    for (const [fields, field, message] of [
      [{ gstSlabAbove: '2500' }, 'gstRateAbove', /^Choose the rate above the slab/],
      [{ gstRateAbove: '18' }, 'gstSlabAbove', /^Enter the value per piece/],
      [{ gstSlabAbove: '2500', gstRateAbove: '5' }, 'gstRateAbove', /is the rate itself/],
      [{ gstSlabAbove: 'lots', gstRateAbove: '18' }, 'gstSlabAbove', /^Enter the value per piece in rupees/],
      [{ gstSlabAbove: '0', gstRateAbove: '18' }, 'gstSlabAbove', /^Enter the value per piece in rupees/],
      [{ gstSlabAbove: '2500', gstRateAbove: '17' }, 'gstRateAbove', /^Choose the rate above the slab from the list/],
    ] as const) {
      const outcome = await edit(id, fields)
      expect(outcome.status === 'invalid' && outcome.reply.error?.[field]?.[0]).toMatch(message)
    }
    const fabric = await makeCategory({ productSlug: 'fabric', name: 'Slab poplin' })
    const byTheMetre = await edit(fabric, { gstSlabAbove: '2500', gstRateAbove: '18' })
    expect(byTheMetre.status === 'invalid' && byTheMetre.reply.error?.gstSlabAbove?.[0]).toMatch(
      /a sale value per piece, and this product is sold by m/,
    )
    expect(await slab(id)).toMatchObject({ gst_slab_above_minor: null, gst_rate_above_bp: null })
    expect(await slab(fabric)).toMatchObject({ gst_slab_above_minor: null, gst_rate_above_bp: null })
  })

  it('adds a category with its slab', async () => {
    const outcome = await handleCreateCategory(
      getDb(),
      admin,
      form({
        product: 'garments',
        name: 'Slab jackets',
        hsnCode: '620193',
        gstRate: '5',
        gstSlabAbove: '2500.00',
        gstRateAbove: '18',
        active: 'on',
        idempotencyKey: 'slab-1',
      }),
    )
    expect(outcome.status).toBe('done')
    const row = await getDb()
      .selectFrom('categories')
      .select(['gst_slab_above_minor', 'gst_rate_above_bp'])
      .where('name', '=', 'Slab jackets')
      .executeTakeFirstOrThrow()
    expect([Number(row.gst_slab_above_minor), row.gst_rate_above_bp]).toEqual([250_000, 1800])
  })
})

describe('the fulfilment workflow', () => {
  const run = (categoryId: number, fields: Record<string, string>) =>
    handleWorkflowForm(getDb(), admin, categoryId, form(fields))

  it('adds stages at the end, the start or after a stage, keeping positions 1..n', async () => {
    const id = await makeCategory() // Weaving (10), Final inspection (2, QC)
    expect((await run(id, { intent: 'stage-add', name: 'Packing', expectedDays: '1' })).status).toBe('done')
    expect((await run(id, { intent: 'stage-add', name: 'Yarn sourcing', expectedDays: '5', after: '0' })).status).toBe(
      'done',
    )
    const weaving = await getDb()
      .selectFrom('workflow_stages')
      .select('id')
      .where('category_id', '=', id)
      .where('name', '=', 'Weaving')
      .executeTakeFirstOrThrow()
    expect(
      (
        await run(id, {
          intent: 'stage-add',
          name: 'Greige check',
          expectedDays: '2',
          qcGate: 'on',
          after: String(weaving.id),
        })
      ).status,
    ).toBe('done')
    expect(await stages(id)).toEqual([
      '1:Yarn sourcing:5',
      '2:Weaving:10',
      '3:Greige check:2:QC',
      '4:Final inspection:2:QC',
      '5:Packing:1',
    ])
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.action).toBe('category.workflow_changed')
    expect(entry.note).toBe('Added “Greige check”')
    expect(JSON.parse(entry.before_json!).stages).toHaveLength(4)
    expect(JSON.parse(entry.after_json!).stages[2]).toBe('Greige check (2 days, QC gate)')
  })

  it('refuses a duplicate name and days out of range at their fields', async () => {
    const id = await makeCategory()
    const duplicate = await run(id, { intent: 'stage-add', name: 'weaving', expectedDays: '3' })
    expect(duplicate.status === 'invalid' && duplicate.reply).toMatchObject({
      form: 'stage-add',
      result: { error: { name: ['This workflow already has a stage with this name'] } },
    })
    const tooLong = await run(id, { intent: 'stage-add', name: 'Ageing', expectedDays: '366' })
    expect(tooLong.status === 'invalid' && tooLong.reply.result.error?.expectedDays?.[0]).toMatch(/between 0 and 365/)
    expect(await stages(id)).toEqual(['1:Weaving:10', '2:Final inspection:2:QC'])
  })

  it('edits a stage unless it changed since the form opened', async () => {
    const id = await makeCategory()
    const [weaving] = await getDb()
      .selectFrom('workflow_stages')
      .select(['id'])
      .where('category_id', '=', id)
      .orderBy('position')
      .execute()
    const version = JSON.stringify(['Weaving', 10, 0])
    const edited = await run(id, {
      intent: 'stage-edit',
      stageId: String(weaving.id),
      name: 'Weaving and sizing',
      expectedDays: '14',
      qcGate: 'on',
      version,
    })
    expect(edited.status).toBe('done')
    expect(await stages(id)).toEqual(['1:Weaving and sizing:14:QC', '2:Final inspection:2:QC'])
    const stale = await run(id, {
      intent: 'stage-edit',
      stageId: String(weaving.id),
      name: 'Weaving',
      expectedDays: '9',
      version,
    })
    expect(stale.status === 'invalid' && stale.reply.form).toBe(`stage-${weaving.id}`)
    expect(await stages(id)).toEqual(['1:Weaving and sizing:14:QC', '2:Final inspection:2:QC'])
  })

  it('moves stages up and down, and refuses moving past either end', async () => {
    const id = await makeCategory()
    await run(id, { intent: 'stage-add', name: 'Packing', expectedDays: '1' })
    const packing = await getDb()
      .selectFrom('workflow_stages')
      .select('id')
      .where('category_id', '=', id)
      .where('name', '=', 'Packing')
      .executeTakeFirstOrThrow()
    expect((await run(id, { intent: 'stage-move', stageId: String(packing.id), direction: 'up' })).status).toBe('done')
    expect(await stages(id)).toEqual(['1:Weaving:10', '2:Packing:1', '3:Final inspection:2:QC'])
    expect((await run(id, { intent: 'stage-move', stageId: String(packing.id), direction: 'up' })).status).toBe('done')
    const atTop = await run(id, { intent: 'stage-move', stageId: String(packing.id), direction: 'up' })
    expect(atTop.status === 'invalid' && atTop.reply.result.error?.['']?.[0]).toBe(
      '“Packing” is already the first stage',
    )
    expect(await stages(id)).toEqual(['1:Packing:1', '2:Weaving:10', '3:Final inspection:2:QC'])
    const [entry] = await auditEntriesOf(getDb(), 'category', id)
    expect(entry.note).toBe('Moved “Packing” up')
  })

  it('removes stages closing the gap, warns when no QC gate is left, and never removes the last', async () => {
    const id = await makeCategory()
    const ids = await getDb()
      .selectFrom('workflow_stages')
      .select(['id', 'name'])
      .where('category_id', '=', id)
      .orderBy('position')
      .execute()
    const removed = await run(id, { intent: 'stage-remove', stageId: String(ids[1].id) })
    expect(removed.status === 'done' && removed.toast.message).toBe(
      'Removed “Final inspection”. No stage is a QC gate now.',
    )
    expect(await stages(id)).toEqual(['1:Weaving:10'])
    const last = await run(id, { intent: 'stage-remove', stageId: String(ids[0].id) })
    expect(last.status === 'invalid' && last.reply.result.error?.['']?.[0]).toMatch(
      /only stage: a workflow needs at least one/,
    )
    expect(await stages(id)).toEqual(['1:Weaving:10'])
    // A stage of another category is not this workflow's.
    const other = await run(id, { intent: 'stage-remove', stageId: '1' })
    expect(other.status === 'invalid' && other.reply.result.error?.['']?.[0]).toMatch(/no longer in the workflow/)
  })

  it('answers an unknown or missing intent as a bad request', async () => {
    const id = await makeCategory()
    expect((await run(id, {})).status).toBe('bad-request')
    expect((await run(id, { intent: 'stage-explode' })).status).toBe('bad-request')
    expect((await run(id, { intent: 'stage-move', stageId: 'x', direction: 'up' })).status).toBe('bad-request')
  })
})

it('the demo product exists (a guard for the tests above)', async () => {
  expect((await productBySlug('fabric')).schema.map((a) => a.key)).toContain('gsm')
})
