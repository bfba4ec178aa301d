import { nextStamp } from '~/utils/version-stamp'
import { formatMoney } from '~/utils/format'
import { isPieceUnit } from '~/utils/gst-rates'
import type { Database } from '#db/database'
import type { AttributeDefinition, QcMethod } from '#db/types'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { normaliseDecimal } from '../products/attributes'
import { describeCondition, isDecimal, isLabKey, labKey, NUMERIC_OPERATORS } from './conditions'
import { isLengthUnit } from './qc-settings'
import { formatGst, gstRateToBp, splitValues, type ConditionInput } from './schema'
import { qcMethodLabels } from './shared'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { hsnProblem } from '~/utils/hsn'
import { turnoverBand } from '~/platform/turnover-band.server'
export { Refused, refusals, type Result }

// Writes of categories and their QC conditions: each one transaction and one audit entry on the
// category (conditions are part of it, so its history shows them). Workflow stages: workflow.server.ts.

interface CategoryFields {
  name: string
  hsnCode: string
  gstRate: string
  active?: boolean
  /** The approval rules (docs/domain.md "Approval rules"): null is no rule. */
  marginFloor?: number | null
  secondApprovalAbove?: number | null
  /** A value slab: above this sale value per piece (paise) the rate above applies; both null: none. */
  gstSlabAbove?: number | null
  gstRateAbove?: string | null
}

/** A category's way of inspecting (issue 39): the edit form sets it; a new category starts on the defaults. */
interface QcFields {
  qcMethod: QcMethod
  qcLevel: string
  aqlCritical: string
  aqlMajor: string
  aqlMinor: string
  pointsLimit: number
}

const qcColumns = (input: QcFields) => ({
  qc_method: input.qcMethod,
  qc_level: input.qcLevel,
  aql_critical: input.aqlCritical,
  aql_major: input.aqlMajor,
  aql_minor: input.aqlMinor,
  points_limit: input.pointsLimit,
})

/** The columns' defaults (migration 20261215000000): conditions only, level II, 0 / 2.5 / 4.0, 40 points. */
const QC_DEFAULTS: QcFields = {
  qcMethod: 'none',
  qcLevel: 'II',
  aqlCritical: '0',
  aqlMajor: '2.5',
  aqlMinor: '4.0',
  pointsLimit: 40,
}

/** The 4-point system grades fabric rolls by their length: a product not sold by length cannot use it. */
async function checkQcMethodUnit(trx: Executor, productId: number, input: QcFields) {
  if (input.qcMethod !== 'four_point') return
  const product = await trx.selectFrom('products').select('unit').where('id', '=', productId).executeTakeFirst()
  if (product && !isLengthUnit(product.unit))
    throw new Refused(
      'qcMethod',
      `The 4-point system grades fabric rolls by length, and this product is sold by ${product.unit}: choose conditions only or an AQL sampling plan`,
    )
}

/** A value slab is per piece: a product sold by the metre or kilogram cannot have one. */
async function checkSlabUnit(trx: Executor, productId: number, input: CategoryFields) {
  if (input.gstSlabAbove == null) return
  const product = await trx.selectFrom('products').select('unit').where('id', '=', productId).executeTakeFirst()
  if (product && !isPieceUnit(product.unit))
    throw new Refused(
      'gstSlabAbove',
      `A value slab is a sale value per piece, and this product is sold by ${product.unit}: leave the slab empty`,
    )
}

const slabColumns = (input: CategoryFields) => ({
  gst_slab_above_minor: input.gstSlabAbove ?? null,
  gst_rate_above_bp: input.gstSlabAbove != null && input.gstRateAbove ? gstRateToBp(input.gstRateAbove) : null,
})

/** The HSN code has the digits the platform's turnover band requires (Notification 78/2020-CT; issue 52). */
async function checkHsn(trx: Executor, hsnCode: string) {
  const problem = hsnProblem(hsnCode, await turnoverBand(trx))
  if (problem) throw new Refused('hsnCode', problem)
}

/** Names are unique within a product, ignoring case ("Denim" and "denim" would confuse everyone). */
async function checkName(trx: Executor, productId: number, name: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('categories')
    .select('id')
    .where('product_id', '=', productId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (taken) throw new Refused('name', 'This product already has a category with this name')
}

const readable = (c: {
  name: string
  hsn_code: string
  gst_rate_bp: number
  active: number
  margin_floor_bp: number | null
  second_approval_above_minor: number | null
  gst_slab_above_minor: number | null
  gst_rate_above_bp: number | null
  qc_method: QcMethod
  qc_level: string
  aql_critical: string
  aql_major: string
  aql_minor: string
  points_limit: number
}) => ({
  name: c.name,
  hsn_code: c.hsn_code,
  gst_rate: formatGst(c.gst_rate_bp),
  active: c.active ? 'yes' : 'no',
  margin_floor: c.margin_floor_bp === null ? 'none' : `${c.margin_floor_bp / 100} %`,
  second_approval_above: c.second_approval_above_minor === null ? null : Number(c.second_approval_above_minor),
  gst_slab:
    c.gst_slab_above_minor === null || c.gst_rate_above_bp === null
      ? 'none'
      : `${formatGst(c.gst_rate_above_bp)} above ${formatMoney(Number(c.gst_slab_above_minor))} a piece`,
  qc_method: qcMethodLabels[c.qc_method] ?? c.qc_method,
  qc_level: c.qc_level,
  aql_critical: c.aql_critical,
  aql_major: c.aql_major,
  aql_minor: c.aql_minor,
  points_limit: `${c.points_limit} points per 100 sq yd`,
})

/** A new category of a product, with an empty workflow (it needs stages before orders can use it). */
export async function createCategory(
  db: Database,
  actorUserId: number,
  productId: number,
  input: CategoryFields & { idempotencyKey?: string },
): Promise<Result<{ categoryId: number; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, input.idempotencyKey, 'category.create', actorUserId, async () => {
        await checkName(trx, productId, input.name)
        await checkHsn(trx, input.hsnCode)
        await checkSlabUnit(trx, productId, input)
        const values = {
          name: input.name,
          hsn_code: input.hsnCode,
          gst_rate_bp: gstRateToBp(input.gstRate),
          active: input.active ? 1 : 0,
          margin_floor_bp: input.marginFloor ?? null,
          second_approval_above_minor: input.secondApprovalAbove ?? null,
          ...slabColumns(input),
          ...qcColumns(QC_DEFAULTS),
        }
        const stamp = nextStamp()
        const row = await trx
          .insertInto('categories')
          .values({ product_id: productId, ...values, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, {
          actorUserId,
          action: 'category.created',
          entityType: 'category',
          entityId: row.id,
          after: readable(values),
        })
        return row.id
      })
      return { ok: true as const, value: { categoryId: result, repeated } }
    }),
  )
}

const conflict = (what: string) =>
  new Refused(
    undefined,
    `Someone else changed this ${what} since you opened the form. Reload the page to see their changes, then make yours again.`,
  )

/** Saves a category if nobody else saved it since `version` (its updated_at when the form opened). */
export async function updateCategory(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: CategoryFields & QcFields & { version: string },
): Promise<Result<{ changed: string[] }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('categories')
        .select([
          'product_id',
          'name',
          'hsn_code',
          'gst_rate_bp',
          'active',
          'margin_floor_bp',
          'second_approval_above_minor',
          'gst_slab_above_minor',
          'gst_rate_above_bp',
          'qc_method',
          'qc_level',
          'aql_critical',
          'aql_major',
          'aql_minor',
          'points_limit',
          'updated_at',
        ])
        .where('id', '=', categoryId)
        .executeTakeFirst()
      if (!current) throw new Refused(undefined, 'This category no longer exists')
      if (current.updated_at !== input.version) throw conflict('category')
      const next = {
        name: input.name,
        hsn_code: input.hsnCode,
        gst_rate_bp: gstRateToBp(input.gstRate),
        active: input.active ? 1 : 0,
        margin_floor_bp: input.marginFloor ?? null,
        second_approval_above_minor: input.secondApprovalAbove ?? null,
        ...slabColumns(input),
        ...qcColumns(input),
      }
      // PostgreSQL returns a bigint as text: compare numbers.
      const same = (a: unknown, b: unknown) => (a === null || b === null ? a === b : Number(a) === Number(b) || a === b)
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => !same(current[key], next[key]))
      if (changed.length === 0) return { ok: true as const, value: { changed } }
      if (changed.includes('name')) await checkName(trx, current.product_id, input.name, categoryId)
      await checkHsn(trx, input.hsnCode)
      await checkSlabUnit(trx, current.product_id, input)
      await checkQcMethodUnit(trx, current.product_id, input)
      const updated = await trx
        .updateTable('categories')
        .set({ ...next, updated_at: nextStamp(current.updated_at) })
        .where('id', '=', categoryId)
        .where('updated_at', '=', input.version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('category')
      const [before, after] = [readable(current), readable(next)]
      const keys = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k])
      await audit(trx, {
        actorUserId,
        action: 'category.updated',
        entityType: 'category',
        entityId: categoryId,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      })
      return { ok: true as const, value: { changed } }
    }),
  )
}

/**
 * The stored columns of a valid condition form: bounds normalised, enum values in the schema's
 * spelling. A lab parameter (no attribute) is kept as `lab:<slug of its name>` with its own unit,
 * fixed bounds always (docs/domain.md "Lab parameters").
 */
function conditionColumns(input: ConditionInput, attribute: AttributeDefinition | null) {
  const numeric = NUMERIC_OPERATORS.includes(input.operator)
  const values = numeric
    ? null
    : splitValues(input.values).map((v) =>
        attribute?.type === 'enum'
          ? (attribute.values?.find((a) => a.toLowerCase() === v.toLowerCase()) ?? v)
          : isDecimal(v) && (attribute === null || attribute.type === 'number')
            ? normaliseDecimal(v)
            : v,
      )
  return {
    name: input.name,
    attribute_key: attribute ? attribute.key : labKey(input.name),
    operator: input.operator,
    min_value: numeric ? (input.min ?? null) : null,
    max_value: numeric ? (input.max ?? null) : null,
    tolerance: numeric && attribute ? input.tolerance : ('fixed' as const),
    values_json: values ? JSON.stringify([...new Set(values)]) : null,
    // The attribute's unit unless one is typed: a rule without its unit is easy to misread.
    unit: input.unit || attribute?.unit || null,
    severity: input.severity,
    active: input.active ? 1 : 0,
  }
}

const conditionSummary = (c: ReturnType<typeof conditionColumns>) => ({
  condition: c.name,
  attribute: isLabKey(c.attribute_key) ? 'lab parameter' : c.attribute_key,
  rule: describeCondition(c),
  severity: c.severity,
  active: c.active ? 'yes' : 'no',
})

/** The attribute a condition measures, or null for a lab parameter. */
function attributeOf(attributes: AttributeDefinition[], input: ConditionInput) {
  if (input.measure === 'lab') return null
  const attribute = attributes.find((a) => a.key === input.attributeKey)
  if (!attribute) throw new Refused('attributeKey', 'Choose one of the product’s attributes')
  return attribute
}

export async function createCondition(
  db: Database,
  actorUserId: number,
  category: { id: number; attributes: AttributeDefinition[] },
  input: ConditionInput,
): Promise<Result<{ conditionId: number; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, input.idempotencyKey, 'condition.create', actorUserId, async () => {
        const columns = conditionColumns(input, attributeOf(category.attributes, input))
        const stamp = nextStamp()
        const row = await trx
          .insertInto('conditions')
          .values({ category_id: category.id, ...columns, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, {
          actorUserId,
          action: 'condition.created',
          entityType: 'category',
          entityId: category.id,
          after: { id: row.id, ...conditionSummary(columns) },
        })
        return row.id
      })
      return { ok: true as const, value: { conditionId: result, repeated } }
    }),
  )
}

export async function updateCondition(
  db: Database,
  actorUserId: number,
  category: { id: number; attributes: AttributeDefinition[] },
  conditionId: number,
  input: ConditionInput,
): Promise<Result<{ changed: boolean }>> {
  return refusals<{ changed: boolean }>(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('conditions')
        .select([
          'name',
          'attribute_key',
          'operator',
          'min_value',
          'max_value',
          'values_json',
          'unit',
          'severity',
          'tolerance',
          'active',
          'updated_at',
        ])
        .where('id', '=', conditionId)
        .where('category_id', '=', category.id)
        .executeTakeFirst()
      if (!current) throw new Refused(undefined, 'This condition no longer exists')
      if (current.updated_at !== input.version) throw conflict('condition')
      const next = conditionColumns(input, attributeOf(category.attributes, input))
      const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => current[k] !== next[k])
      if (!changed) return { ok: true as const, value: { changed } }
      const updated = await trx
        .updateTable('conditions')
        .set({ ...next, updated_at: nextStamp(current.updated_at) })
        .where('id', '=', conditionId)
        .where('updated_at', '=', current.updated_at)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('condition')
      const [before, after] = [conditionSummary(current), conditionSummary(next)]
      const keys = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k])
      await audit(trx, {
        actorUserId,
        action: 'condition.updated',
        entityType: 'category',
        entityId: category.id,
        before: { id: conditionId, ...Object.fromEntries(keys.map((k) => [k, before[k]])) },
        after: { id: conditionId, ...Object.fromEntries(keys.map((k) => [k, after[k]])) },
        // The history shows changed fields only: the note says which condition they belong to.
        note: `Condition “${next.name}”`,
      })
      return { ok: true as const, value: { changed } }
    }),
  )
}
