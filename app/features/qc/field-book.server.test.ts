import sharp from 'sharp'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { fileStore } from '~/platform/files.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeSeller, makeStaffUser } from '../../../tests/support/companies'
import { makeProductSku } from '../../../tests/support/catalogue'
import { userIdOf } from '../../../tests/support/db'
import { formOf, placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { inspectionDetails } from './approvals.server'
import { inspectionAction, operatorInspection, submitDraft } from './field.server'
import { qcOutcomes } from './outcomes.server'
import { lineSetups } from './plans.server'
import { relativeBounds } from './relative'
import { scheduleInspection } from './schedule.server'

// The inspection by the book (docs/domain.md "QC by the book"): plans per line from the category, the lot in
// units and the seller's switching state; counts and rolls judged and stored on submit; conditions
// relative to the SKU; refusals at the field.

let staff: { userId: number }
let buyerId: number
let sellerId: number
let operator: Viewer
let counter = 0
const categoryOf = async (name: string) =>
  (await getDb().selectFrom('categories').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
let garments: number
let yarn: number
let shirting: number

beforeAll(async () => {
  staff = { userId: await userIdOf('biz_ops@example.com') }
  buyerId = await makeBuyer({ name: 'Book Buyer', status: 'active' }, [
    { kind: 'shipping', city: 'Tiruppur', isDefault: true },
    { kind: 'billing', city: 'Tiruppur', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Book Mills', status: 'active' })
  const operatorId = await makeStaffUser('field_operator', 'fo.book@example.com', 'Bina Book')
  operator = {
    userId: operatorId,
    email: 'fo.book@example.com',
    name: 'Bina Book',
    phone: null,
    roles: ['field_operator'],
    company: null,
    sessionIdHash: 'x',
  }
  const db = getDb()
  const aqlGarments = await db
    .selectFrom('categories')
    .innerJoin('products', 'products.id', 'categories.product_id')
    .select('categories.id')
    .where('products.slug', '=', 'garments')
    .where('categories.qc_method', '=', 'aql')
    .orderBy('categories.id')
    .executeTakeFirstOrThrow()
  garments = aqlGarments.id
  yarn = await categoryOf('Combed cotton yarn')
  shirting = await categoryOf('Cotton shirting')
})

/** An inspection scheduled for one line in the category, of `quantity` units. */
async function inspectionOf(categoryId: number, quantity = 10) {
  const key = `book-${++counter}`
  const order = await placeTestOrder({
    userId: await userIdOf('internal@example.com'),
    buyerId,
    sellerIds: [sellerId],
    key,
    categoryIds: [categoryId],
  })
  await getDb()
    .updateTable('sub_orders')
    .set({ quantity_milli: quantity * 1000 })
    .where('seller_order_id', '=', order.sellerOrderId)
    .execute()
  for (const step of ['approve', 'start_production', 'ready_for_qc'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(getDb(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  const day = kolkataDay(new Date(Date.now() + (10 + counter) * 86_400_000))
  const done = await scheduleInspection(getDb(), staff, order.sellerOrderId, {
    day,
    slot: '09:00',
    operatorId: operator.userId,
  })
  if (!done.ok) throw new Error(done.message)
  const inspection = (await operatorInspection(getDb(), operator, done.value.id))!
  return { id: done.value.id, inspection, line: inspection.lines[0]! }
}

type Loaded = Awaited<ReturnType<typeof inspectionOf>>

/** The form sent in one go (as the device's queue sends it): conditions met, plus `extra`. */
function sendForm(s: Loaded, extra: Record<string, string>, key = `send-${s.id}`) {
  const fields: Record<string, string> = { intent: 'send', key, owner: s.inspection.ownerToken, notes: '' }
  for (const c of s.line.conditions)
    fields[`value.${s.line.id}.${c.id}`] = c.numeric ? (c.min_value ?? c.max_value ?? '1') : 'as ordered'
  return formOf({ ...fields, ...extra })
}

const typeId = (s: Loaded, name: string) => String(s.line.setup!.defectTypes.find((t) => t.name === name)!.id)

describe('plans', () => {
  it('reads each line’s plan from its category: a lot in pieces is the quantity, other units are entered', async () => {
    const g = await inspectionOf(garments, 500)
    expect(g.line.setup).toMatchObject({
      method: 'aql',
      level: 'II',
      aqls: { critical: 0, major: 2.5, minor: 4 },
      state: 'normal',
      pieceUnit: true,
      pieceLot: 500,
    })
    expect(g.line.setup!.defectTypes.map((t) => t.severity)).toEqual(expect.arrayContaining(['critical', 'major']))
    const y = await inspectionOf(yarn, 120)
    expect(y.line.setup).toMatchObject({ method: 'aql', level: 'S-3', pieceUnit: false, pieceLot: null })
    const f = await inspectionOf(shirting)
    expect(f.line.setup).toMatchObject({ method: 'four_point', pointsLimit: 40 })
  })

  it('reads the seller’s switching state for the category (normal while none is kept)', async () => {
    const db = getDb()
    const other = await makeSeller({ name: 'Switch Mills', status: 'active' })
    const line = { id: 1, categoryId: garments, unit: 'pcs', quantityMilli: 500_000 }
    expect((await lineSetups(db, other, [line])).get(1)).toMatchObject({ state: 'normal' })
    await db
      .insertInto('qc_supplier_states')
      .values({ seller_id: other, category_id: garments, state: 'tightened', score: 0, lots: 2 })
      .execute()
    expect((await lineSetups(db, other, [line])).get(1)).toMatchObject({ state: 'tightened' })
    const { planFor } = await import('./inspect')
    const tightened = planFor((await lineSetups(db, other, [line])).get(1)!, 500)
    // Lot 500 at level II is H (50 units); 2-B at 2.5 tightened: Ac 2, Re 3 (2-A normal: Ac 3, Re 4).
    expect('plans' in tightened && tightened.plans.major).toMatchObject({ sampleSize: 50, acceptance: 2, rejection: 3 })
  })
})

describe('AQL lines', () => {
  it('stores the plan, the counts and the verdict; empty quantities follow the verdict', async () => {
    const s = await inspectionOf(garments, 500)
    const sent = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, {
        [`count.${s.line.id}.${typeId(s, 'Open seam')}`]: '2',
        [`count.${s.line.id}.${typeId(s, 'Broken stitch')}`]: '2',
        [`count.${s.line.id}.${typeId(s, 'Stain')}`]: '1',
      }),
    )
    expect(sent).toMatchObject({ status: 'done' })
    const db = getDb()
    const stored = await db
      .selectFrom('qc_inspection_lines')
      .selectAll()
      .where('inspection_id', '=', s.id)
      .executeTakeFirstOrThrow()
    // 4 major defects against Ac 3 (H, 2.5): the lot is rejected, and the empty quantities say all rejected.
    expect(stored).toMatchObject({
      lot_units: 500,
      code_letter: 'H',
      sample_size: 50,
      inspection_severity: 'normal',
      verdict: 'reject',
      accepted_milli: 0,
      rejected_milli: 500_000,
    })
    expect(JSON.parse(stored.plan_json!)).toMatchObject({
      critical: { aql: 0, acceptance: 0, rejection: 1, sampleSize: 50 },
      major: { aql: 2.5, acceptance: 3, rejection: 4, sampleSize: 50 },
    })
    const counts = await db
      .selectFrom('qc_defect_counts')
      .select(['name', 'severity', 'count'])
      .where('inspection_id', '=', s.id)
      .orderBy('name')
      .execute()
    expect(counts).toEqual([
      { name: 'Broken stitch', severity: 'major', count: 2 },
      { name: 'Open seam', severity: 'major', count: 2 },
      { name: 'Stain', severity: 'minor', count: 1 },
    ])
    // Sent again from the queue with the same key: nothing more is written.
    expect(await inspectionAction(getDb(), operator, String(s.id), sendForm(s, {}))).toMatchObject({ status: 'done' })
    expect(
      await db.selectFrom('qc_defect_counts').select('id').where('inspection_id', '=', s.id).execute(),
    ).toHaveLength(3)
  })

  it('keeps the inspector’s own quantities whatever the verdict, and accepts a clean lot', async () => {
    const s = await inspectionOf(garments, 500)
    const sent = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, { [`line.${s.line.id}.accepted`]: '480', [`line.${s.line.id}.rejected`]: '20' }),
    )
    expect(sent).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_lines')
        .select(['verdict', 'accepted_milli', 'rejected_milli'])
        .where('inspection_id', '=', s.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verdict: 'accept', accepted_milli: 480_000, rejected_milli: 20_000 })
  })

  it('asks for the lot in units when the line is not counted in pieces, and refuses counts that are not whole', async () => {
    const s = await inspectionOf(yarn, 120)
    const stain = typeId(s, 'Soiled cone')
    const answer = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, { [`count.${s.line.id}.${stain}`]: '1.5' }),
    )
    expect(answer).toMatchObject({
      status: 'invalid',
      reply: {
        error: {
          [`lot.${s.line.id}`]: ['Enter the lot in units (cones, cartons, bags), like 400'],
          [`count.${s.line.id}.${stain}`]: ['Enter a whole number, like 0 or 3'],
        },
      },
    })
    expect(answer.status === 'invalid' && answer.reply.initialValue).toMatchObject({
      count: { [s.line.id]: { [stain]: '1.5' } },
    })
    // 60 cones at S-3 is C (5 cones); sent with the lot, it is stored.
    expect(
      await inspectionAction(getDb(), operator, String(s.id), sendForm(s, { [`lot.${s.line.id}`]: '60' })),
    ).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_lines')
        .select(['lot_units', 'code_letter', 'verdict'])
        .where('inspection_id', '=', s.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ lot_units: 60, code_letter: 'C' })
  })

  it('a discontinued seller’s lot cannot be sent as passing', async () => {
    const other = await makeSeller({ name: 'Stopped Mills', status: 'active' })
    await getDb()
      .insertInto('qc_supplier_states')
      .values({ seller_id: other, category_id: garments, state: 'discontinued', score: 0, lots: 7 })
      .execute()
    const previous = sellerId
    sellerId = other
    const s = await inspectionOf(garments, 500)
    sellerId = previous
    expect(s.line.setup!.state).toBe('discontinued')
    const answer = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, { [`line.${s.line.id}.accepted`]: '500', [`line.${s.line.id}.rejected`]: '0' }),
    )
    expect(answer).toMatchObject({
      status: 'invalid',
      reply: { error: { [`line.${s.line.id}.accepted`]: [expect.stringContaining('discontinued')] } },
    })
    expect(await inspectionAction(getDb(), operator, String(s.id), sendForm(s, {}))).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_lines')
        .select(['verdict', 'inspection_severity', 'accepted_milli'])
        .where('inspection_id', '=', s.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verdict: 'reject', inspection_severity: 'tightened', accepted_milli: 0 })
  })

  it('“show the sample” and “add a roll” answer the form again with what was typed, saving nothing', async () => {
    const s = await inspectionOf(yarn, 120)
    const answer = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      formOf({ intent: 'form', owner: s.inspection.ownerToken, [`lot.${s.line.id}`]: '60' }),
    )
    expect(answer).toMatchObject({ status: 'invalid', reply: { initialValue: { lot: { [s.line.id]: '60' } } } })
    expect(answer.status === 'invalid' && answer.reply.error).toBeFalsy()
    expect((await operatorInspection(getDb(), operator, s.id))!.draft).toBeNull()
  })
})

describe('fabric rolls', () => {
  it('stores each roll with its defects and points, the lot’s points per 100 sq yd and its verdict', async () => {
    const s = await inspectionOf(shirting)
    const slub = typeId(s, 'Slub')
    const hole = typeId(s, 'Hole')
    const roll = (i: number, no: string, shade: string, length: string) => ({
      [`roll.${s.line.id}.${i}.no`]: no,
      [`roll.${s.line.id}.${i}.shade`]: shade,
      [`roll.${s.line.id}.${i}.length`]: length,
      [`roll.${s.line.id}.${i}.width`]: '147',
    })
    const sent = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, {
        ...roll(0, '11', 'A', '50'),
        [`roll.${s.line.id}.0.defect.0.type`]: slub,
        [`roll.${s.line.id}.0.defect.0.size`]: '4',
        [`roll.${s.line.id}.0.defect.0.unit`]: 'in',
        [`roll.${s.line.id}.0.defect.1.type`]: hole,
        ...roll(1, '12', 'B', '10'),
        ...Object.fromEntries([0, 1, 2, 3, 4, 5].map((j) => [`roll.${s.line.id}.1.defect.${j}.type`, hole] as const)),
      }),
    )
    expect(sent).toMatchObject({ status: 'done' })
    const db = getDb()
    const rolls = await db
      .selectFrom('qc_rolls')
      .select(['id', 'roll_no', 'roll_tag', 'shade', 'length_mm', 'width_mm', 'points', 'points_per_100', 'accepted'])
      .where('inspection_id', '=', s.id)
      .orderBy('roll_no')
      .execute()
    // Roll 11: 2 + 4 points over 50 m x 147 cm (about 87.9 sq yd): 6.83; roll 12: 24 points over 10 m (about 17.6 sq yd): 136.51.
    expect(rolls).toMatchObject([
      {
        roll_no: 1,
        roll_tag: '11',
        shade: 'A',
        length_mm: 50_000,
        width_mm: 1470,
        points: 6,
        points_per_100: 683,
        accepted: 1,
      },
      {
        roll_no: 2,
        roll_tag: '12',
        shade: 'B',
        length_mm: 10_000,
        width_mm: 1470,
        points: 24,
        points_per_100: 13651,
        accepted: 0,
      },
    ])
    const defects = await db
      .selectFrom('qc_roll_defects')
      .select(['name', 'length_mm', 'points'])
      .where('roll_id', '=', rolls[0]!.id)
      .orderBy('id')
      .execute()
    expect(defects).toEqual([
      { name: 'Slub', length_mm: 102, points: 2 },
      { name: 'Hole', length_mm: null, points: 4 },
    ])
    // The lot: 30 points over both rolls (about 105.5 sq yd): 28.44, under 40: accepted, roll 12 over on its own.
    expect(
      await db
        .selectFrom('qc_inspection_lines')
        .select(['verdict', 'points_per_100', 'lot_units'])
        .where('inspection_id', '=', s.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verdict: 'accept', points_per_100: 2844, lot_units: 2 })
  })

  it('asks for a roll, its length and width, and a defect’s length; holes need none', async () => {
    const s = await inspectionOf(shirting)
    const none = await inspectionAction(getDb(), operator, String(s.id), sendForm(s, {}))
    expect(none).toMatchObject({
      status: 'invalid',
      reply: { error: { [`roll.${s.line.id}.0.length`]: ['Enter at least one roll you inspected'] } },
    })
    const bad = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, {
        [`roll.${s.line.id}.0.length`]: 'long',
        [`roll.${s.line.id}.1.length`]: '20',
        [`roll.${s.line.id}.1.width`]: '140',
        [`roll.${s.line.id}.1.defect.0.type`]: typeId(s, 'Slub'),
      }),
    )
    expect(bad).toMatchObject({
      status: 'invalid',
      reply: {
        error: {
          [`roll.${s.line.id}.0.length`]: ['Enter the roll’s length in metres, like 52.5'],
          [`roll.${s.line.id}.0.width`]: ['Enter the cuttable width in cm, like 147'],
          [`roll.${s.line.id}.1.defect.0.size`]: ['Enter the defect’s length, like 2.5'],
        },
      },
    })
    expect(bad.status === 'invalid' && bad.reply.initialValue).toMatchObject({
      roll: { [s.line.id]: { '0': { length: 'long' } } },
    })
  })
})

// Issue 51: the review says the whole verdict in one sentence; an accepted fabric lot is proposed less
// its rolls over the limit; rolls are tagged as the mill prints them.
describe('the whole verdict, the proposal and roll tags (issue 51)', () => {
  it('the review of a lot the plan rejects says so with why, whatever the conditions', async () => {
    const s = await inspectionOf(garments, 500)
    const reviewed = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, { intent: 'review', [`count.${s.line.id}.${typeId(s, 'Open seam')}`]: '4' }),
    )
    expect(reviewed).toMatchObject({ status: 'done' })
    const review = (await operatorInspection(getDb(), operator, s.id))!
    // (The test SKU leaves one relative condition unjudged: it counts as not met.)
    expect(review.verdict).toEqual({
      sentence: 'The plan rejects line 1 (major 4 of Ac 3); 1 condition not met.',
      findings: true,
    })
  })

  it('proposes an accepted lot less its rolls over the limit, and keeps the mill’s tags', async () => {
    const s = await inspectionOf(shirting, 150)
    const hole = typeId(s, 'Hole')
    const sent = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, {
        intent: 'review',
        [`roll.${s.line.id}.0.no`]: 'R1',
        [`roll.${s.line.id}.0.length`]: '140',
        [`roll.${s.line.id}.0.width`]: '147',
        [`roll.${s.line.id}.1.no`]: 'A-07',
        [`roll.${s.line.id}.1.length`]: '10',
        [`roll.${s.line.id}.1.width`]: '147',
        ...Object.fromEntries([0, 1, 2, 3, 4, 5].map((j) => [`roll.${s.line.id}.1.defect.${j}.type`, hole] as const)),
      }),
    )
    expect(sent).toMatchObject({ status: 'done' })
    const review = (await operatorInspection(getDb(), operator, s.id))!
    expect(review.verdict.sentence).toMatch(/^Roll A-07 of line 1 is over the points limit of 40[;.]/)
    expect(review.draft!.lines[s.line.id]).toEqual({ accepted: '140', rejected: '10' })
    expect(await submitDraft(getDb(), operator, s.id, review.draftKey!)).toMatchObject({ ok: true })
    const db = getDb()
    expect(
      await db
        .selectFrom('qc_inspection_lines')
        .select(['verdict', 'accepted_milli', 'rejected_milli'])
        .where('inspection_id', '=', s.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verdict: 'accept', accepted_milli: 140_000, rejected_milli: 10_000 })
    expect(
      await db
        .selectFrom('qc_rolls')
        .select(['roll_tag', 'accepted'])
        .where('inspection_id', '=', s.id)
        .orderBy('roll_no')
        .execute(),
    ).toEqual([
      { roll_tag: 'R1', accepted: 1 },
      { roll_tag: 'A-07', accepted: 0 },
    ])
  })

  it('refuses a tag entered twice whatever its case, and one that is not a tag, keeping what was typed', async () => {
    const s = await inspectionOf(shirting)
    const roll = (i: number, no: string) => ({
      [`roll.${s.line.id}.${i}.no`]: no,
      [`roll.${s.line.id}.${i}.length`]: '5',
      [`roll.${s.line.id}.${i}.width`]: '147',
    })
    const bad = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      sendForm(s, { ...roll(0, 'R1'), ...roll(1, 'r1'), ...roll(2, 'R 3') }),
    )
    expect(bad).toMatchObject({
      status: 'invalid',
      reply: {
        error: {
          [`roll.${s.line.id}.1.no`]: ['Roll r1 is entered twice'],
          [`roll.${s.line.id}.2.no`]: [
            'Enter the roll’s tag as on the roll: letters, digits, - or /, up to 20, like 12 or R12',
          ],
        },
      },
    })
    expect(bad.status === 'invalid' && bad.reply.initialValue).toMatchObject({
      roll: { [s.line.id]: { '1': { no: 'r1' }, '2': { no: 'R 3' } } },
    })
  })
})

describe('conditions relative to the SKU', () => {
  it('judges against the SKU’s own value ± the tolerance and keeps the bounds computed', async () => {
    expect(relativeBounds({ operator: 'between', tolerance: 'percent', min_value: '2', max_value: '2' }, '60')).toEqual(
      {
        ok: true,
        base: '60',
        min_value: '58.8',
        max_value: '61.2',
      },
    )
    expect(relativeBounds({ operator: 'min', tolerance: 'units', min_value: '0.5', max_value: '9' }, '2')).toEqual({
      ok: true,
      base: '2',
      min_value: '1.5',
      max_value: null,
    })
    // Cotton shirting: weight within 5 % of the SKU's 180 g/m².
    const s = await inspectionOf(shirting)
    const weight = s.line.conditions.find((c) => c.name === 'Weight within 5 %')!
    expect(weight).toMatchObject({ min_value: '171', max_value: '189', tolerance: 'percent' })
    expect(weight.rule).toBe('between 171 and 189 g/m²: 180 g/m² ± 5 %')
    const form = sendForm(s, {
      [`value.${s.line.id}.${weight.id}`]: '190',
      [`roll.${s.line.id}.0.length`]: '50',
      [`roll.${s.line.id}.0.width`]: '147',
    })
    expect(await inspectionAction(getDb(), operator, String(s.id), form)).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_results')
        .select(['min_value', 'max_value', 'value', 'verdict'])
        .where('inspection_id', '=', s.id)
        .where('condition_id', '=', weight.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ min_value: '171', max_value: '189', value: '190', verdict: 'fail' })
  })

  it('a SKU without the attribute cannot be judged: it says so and the condition counts as not met', async () => {
    const sku = await makeProductSku({ categoryId: yarn, attributes: { composition: 'cotton' } })
    expect(sku).toBeGreaterThan(0)
    // The test orders' SKUs carry fabric attributes: a yarn line has no count.
    const s = await inspectionOf(yarn, 120)
    const count = s.line.conditions.find((c) => c.name === 'Count within 2 %')!
    expect(count).toMatchObject({ unjudged: true, verdict: null })
    expect(count.rule).toContain('cannot be judged: this SKU has no count on record')
    expect(
      await inspectionAction(
        getDb(),
        operator,
        String(s.id),
        sendForm(s, { [`value.${s.line.id}.${count.id}`]: '40', [`lot.${s.line.id}`]: '60' }),
      ),
    ).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_results')
        .select(['value', 'verdict'])
        .where('inspection_id', '=', s.id)
        .where('condition_id', '=', count.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ value: '40', verdict: 'fail' })
  })
})

describe('photos per defect', () => {
  it('tags the photos added with one of the inspection’s defect types; another type is refused at its field', async () => {
    const s = await inspectionOf(garments, 500)
    const photo = async () =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
              .png()
              .toBuffer(),
          ),
        ],
        'seam.png',
        { type: 'image/png' },
      )
    const fabricType = (
      await getDb()
        .selectFrom('defect_types')
        .select('id')
        .where('category_id', '=', shirting)
        .executeTakeFirstOrThrow()
    ).id
    const wrong = sendForm(s, { photoDefect: String(fabricType) })
    wrong.append('photos', await photo())
    expect(await inspectionAction(getDb(), operator, String(s.id), wrong)).toMatchObject({
      status: 'invalid',
      reply: { error: { photoDefect: ['Choose one of the defects listed, or none'] } },
    })
    const form = sendForm(s, { photoDefect: typeId(s, 'Open seam') })
    form.append('photos', await photo())
    expect(await inspectionAction(getDb(), operator, String(s.id), form)).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_photos')
        .innerJoin('defect_types', 'defect_types.id', 'qc_photos.defect_type_id')
        .select('defect_types.name')
        .where('qc_photos.inspection_id', '=', s.id)
        .execute(),
    ).toEqual([{ name: 'Open seam' }])
  })

  it('removes a photo taken off the draft with its files (full size and thumbnail)', async () => {
    const s = await inspectionOf(garments, 500)
    const form = sendForm(s, { intent: 'review' })
    form.append(
      'photos',
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 8, height: 8, channels: 3, background: '#444' } })
              .png()
              .toBuffer(),
          ),
        ],
        'a.png',
        {
          type: 'image/png',
        },
      ),
    )
    expect(await inspectionAction(getDb(), operator, String(s.id), form)).toMatchObject({ status: 'done' })
    const photo = await getDb()
      .selectFrom('qc_photos')
      .select(['id', 'storage_key', 'thumb_key'])
      .where('inspection_id', '=', s.id)
      .executeTakeFirstOrThrow()
    for (const key of [photo.storage_key, photo.thumb_key]) expect(await fileStore().exists(getDb(), key)).toBe(true)
    const again = sendForm(s, { intent: 'review', removePhoto: String(photo.id) })
    expect(await inspectionAction(getDb(), operator, String(s.id), again)).toMatchObject({ status: 'done' })
    expect(await getDb().selectFrom('qc_photos').select('id').where('id', '=', photo.id).execute()).toEqual([])
    for (const key of [photo.storage_key, photo.thumb_key]) expect(await fileStore().exists(getDb(), key)).toBe(false)
  })
})

describe('lab parameters', () => {
  it('asks for each lab parameter in its unit, judges it by its bounds alone, keeps it and shows it to the approver and the seller', async () => {
    // Cotton shirting's demo lab parameters: shrinkage at most 3 %, colour fastness at least grade 4.
    const s = await inspectionOf(shirting)
    const shrinkage = s.line.conditions.find((c) => c.name === 'Shrinkage after wash')!
    const fastness = s.line.conditions.find((c) => c.name === 'Colour fastness to washing (grade)')!
    expect(shrinkage).toMatchObject({ lab: true, numeric: true, unit: '%', rule: 'at most 3 %', unjudged: false })
    expect(fastness).toMatchObject({ lab: true, numeric: true, unit: null, rule: 'at least 4' })
    expect(s.line.conditions.find((c) => c.name === 'Weight within 5 %')).toMatchObject({ lab: false })
    const rolls = { [`roll.${s.line.id}.0.length`]: '50', [`roll.${s.line.id}.0.width`]: '147' }
    // Not a number: refused at its field, in its unit.
    expect(
      await inspectionAction(
        getDb(),
        operator,
        String(s.id),
        sendForm(s, { ...rolls, [`value.${s.line.id}.${shrinkage.id}`]: 'low' }),
      ),
    ).toMatchObject({
      status: 'invalid',
      reply: { error: { [`value.${s.line.id}.${shrinkage.id}`]: ['Enter a number in %, like 120 or 12.5'] } },
    })
    // Reviewed: 3.5 % shrinks too much, grade 4 is enough.
    const review = sendForm(s, {
      ...rolls,
      intent: 'review',
      key: '',
      [`value.${s.line.id}.${shrinkage.id}`]: '3.5',
      [`value.${s.line.id}.${fastness.id}`]: '4',
    })
    expect(await inspectionAction(getDb(), operator, String(s.id), review)).toMatchObject({ status: 'done' })
    const reviewed = (await operatorInspection(getDb(), operator, s.id))!
    expect(reviewed.lines[0]!.conditions.filter((c) => c.lab).map((c) => [c.name, c.value, c.verdict])).toEqual([
      ['Shrinkage after wash', '3.5', 'fail'],
      ['Colour fastness to washing (grade)', '4', 'pass'],
    ])
    const sent = await inspectionAction(
      getDb(),
      operator,
      String(s.id),
      formOf({ intent: 'submit', key: reviewed.draftKey!, owner: reviewed.ownerToken }),
    )
    expect(sent).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_results')
        .select(['name', 'operator', 'min_value', 'max_value', 'unit', 'value', 'verdict'])
        .where('inspection_id', '=', s.id)
        .where('condition_id', 'in', [shrinkage.id, fastness.id])
        .orderBy('condition_id')
        .execute(),
    ).toEqual([
      {
        name: 'Shrinkage after wash',
        operator: 'max',
        min_value: null,
        max_value: '3',
        unit: '%',
        value: '3.5',
        verdict: 'fail',
      },
      {
        name: 'Colour fastness to washing (grade)',
        operator: 'min',
        min_value: '4',
        max_value: null,
        unit: null,
        value: '4',
        verdict: 'pass',
      },
    ])
    const details = (await inspectionDetails(getDb(), [s.id])).get(s.id)!
    expect(details.lines[0]!.results).toContainEqual(
      expect.objectContaining({ name: 'Shrinkage after wash', rule: 'at most 3 %', value: '3.5', verdict: 'fail' }),
    )
    const sellerOrderId = (
      await getDb()
        .selectFrom('qc_inspections')
        .select('seller_order_id')
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow()
    ).seller_order_id
    const [outcome] = (await qcOutcomes(getDb(), [sellerOrderId], 'seller')).get(sellerOrderId)!
    // (sendForm types "as ordered" for the weave: not met either.)
    expect(outcome!.failing!.filter((f) => f.name !== 'Weave as ordered')).toEqual([
      { name: 'Shrinkage after wash', rule: 'at most 3 %', value: '3.5', unit: '%', severity: 'major' },
    ])
  })
})
