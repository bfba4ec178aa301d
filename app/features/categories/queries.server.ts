import { sql } from 'kysely'
import { containsIgnoringCase } from '#db/text'
import type { Executor } from '~/platform/executor'
import { parseAttributeSchema } from '../products/attributes'
import { conditionInWords, conditionValues, describeCondition, isLabKey } from './conditions'
import { rupeesInput } from '~/utils/money'
import { floorInput, gstBpToRate, stageVersion, type CategoryFilters } from './schema'
// Through this .server module, so the routes' browser bundles never take the sampling core's tables.
export { isLengthUnit, qcChoices } from './qc-settings'

// Reads of the admin category pages. Categories are few (tens per product), so a product's list
// is read whole; its stage and condition figures come from two grouped queries with `in` lists.

/** The active products in menu order: the manage page's product choice. */
export function productChoices(db: Executor) {
  return db
    .selectFrom('products')
    .select(['id', 'slug', 'name'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('name')
    .execute()
}

export interface CategoryRow {
  id: number
  name: string
  hsnCode: string
  gstRateBp: number
  gstSlabAboveMinor: number | null
  gstRateAboveBp: number | null
  active: boolean
  stages: number
  totalDays: number
  qcGates: number
  activeConditions: number
}

/** The manage page: the chosen product (the first active one by default), its lines and categories. */
export async function manageCategoriesPage(db: Executor, filters: CategoryFilters) {
  const products = await productChoices(db)
  const product = products.find((p) => p.slug === filters.product) ?? products[0] ?? null
  if (!product) return { products, product: null, lines: [], categories: [] as CategoryRow[] }
  let query = db
    .selectFrom('categories')
    .select(['id', 'name', 'hsn_code', 'gst_rate_bp', 'gst_slab_above_minor', 'gst_rate_above_bp', 'active'])
    .where('product_id', '=', product.id)
  if (filters.status !== 'all') query = query.where('active', '=', filters.status === 'active' ? 1 : 0)
  // A product has tens of categories: a substring match within the product is cheap and finds "shirt" in "Cotton shirting".
  if (filters.q) query = query.where(containsIgnoringCase(sql.ref('name'), filters.q))
  const [lines, rows] = await Promise.all([
    db
      .selectFrom('product_lines')
      .select(['id', 'name', 'active'])
      .where('product_id', '=', product.id)
      .orderBy('position')
      .orderBy('name')
      .execute(),
    query.orderBy('name').orderBy('id').execute(),
  ])
  const figures = await categoryFigures(
    db,
    rows.map((r) => r.id),
  )
  const categories: CategoryRow[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    hsnCode: r.hsn_code,
    gstRateBp: r.gst_rate_bp,
    gstSlabAboveMinor: r.gst_slab_above_minor === null ? null : Number(r.gst_slab_above_minor),
    gstRateAboveBp: r.gst_rate_above_bp,
    active: r.active === 1,
    ...(figures.get(r.id) ?? { stages: 0, totalDays: 0, qcGates: 0, activeConditions: 0 }),
  }))
  return { products, product, lines, categories }
}

async function categoryFigures(db: Executor, ids: number[]) {
  const figures = new Map<number, { stages: number; totalDays: number; qcGates: number; activeConditions: number }>()
  if (ids.length === 0) return figures
  const [stages, conditions] = await Promise.all([
    db
      .selectFrom('workflow_stages')
      .select((eb) => [
        'category_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('expected_days').as('days'),
        eb.fn.sum<number>('qc_gate').as('gates'),
      ])
      .where('category_id', 'in', ids)
      .groupBy('category_id')
      .execute(),
    db
      .selectFrom('conditions')
      .select((eb) => ['category_id', eb.fn.countAll<number>().as('n')])
      .where('category_id', 'in', ids)
      .where('active', '=', 1)
      .groupBy('category_id')
      .execute(),
  ])
  for (const id of ids) figures.set(id, { stages: 0, totalDays: 0, qcGates: 0, activeConditions: 0 })
  for (const s of stages)
    Object.assign(figures.get(s.category_id)!, {
      stages: Number(s.n),
      totalDays: Number(s.days),
      qcGates: Number(s.gates),
    })
  for (const c of conditions) figures.get(c.category_id)!.activeConditions = Number(c.n)
  return figures
}

/** A category with its product (slug for the way back to the list, schema for the conditions), or undefined. */
export function categoryById(db: Executor, id: number) {
  return db
    .selectFrom('categories')
    .innerJoin('products', 'products.id', 'categories.product_id')
    .select([
      'categories.id',
      'categories.name',
      'categories.hsn_code',
      'categories.gst_rate_bp',
      'categories.active',
      'categories.margin_floor_bp',
      'categories.second_approval_above_minor',
      'categories.gst_slab_above_minor',
      'categories.gst_rate_above_bp',
      'categories.qc_method',
      'categories.qc_level',
      'categories.aql_critical',
      'categories.aql_major',
      'categories.aql_minor',
      'categories.points_limit',
      'categories.updated_at',
      'products.id as product_id',
      'products.slug as product_slug',
      'products.name as product_name',
      'products.unit as product_unit',
      'products.attribute_schema',
    ])
    .where('categories.id', '=', id)
    .executeTakeFirst()
}

export type CategoryRecord = NonNullable<Awaited<ReturnType<typeof categoryById>>>
export type CategoryQc = ReturnType<typeof categorySummary>['qc']

/** What the category pages need about their category: breadcrumbs and the attributes. */
export function categorySummary(category: CategoryRecord) {
  return {
    id: category.id,
    name: category.name,
    active: category.active === 1,
    marginFloorBp: category.margin_floor_bp,
    secondApprovalAboveMinor:
      category.second_approval_above_minor === null ? null : Number(category.second_approval_above_minor),
    gstRateBp: category.gst_rate_bp,
    gstSlabAboveMinor: category.gst_slab_above_minor === null ? null : Number(category.gst_slab_above_minor),
    gstRateAboveBp: category.gst_rate_above_bp,
    qc: {
      method: category.qc_method,
      level: category.qc_level,
      aqlCritical: category.aql_critical,
      aqlMajor: category.aql_major,
      aqlMinor: category.aql_minor,
      pointsLimit: category.points_limit,
    },
    product: {
      id: category.product_id,
      slug: category.product_slug,
      name: category.product_name,
      unit: category.product_unit,
    },
    attributes: parseAttributeSchema(category.attribute_schema),
  }
}

/** The edit form's values, typed as the form posts them. */
export function categoryFormValues(category: CategoryRecord) {
  return {
    name: category.name,
    hsnCode: category.hsn_code,
    gstRate: gstBpToRate(category.gst_rate_bp),
    active: category.active ? 'on' : '',
    marginFloor: floorInput(category.margin_floor_bp),
    secondApprovalAbove:
      category.second_approval_above_minor === null ? '' : rupeesInput(Number(category.second_approval_above_minor)),
    gstSlabAbove: category.gst_slab_above_minor === null ? '' : rupeesInput(Number(category.gst_slab_above_minor)),
    gstRateAbove: category.gst_rate_above_bp === null ? '' : gstBpToRate(category.gst_rate_above_bp),
    qcMethod: category.qc_method,
    qcLevel: category.qc_level,
    aqlCritical: category.aql_critical,
    aqlMajor: category.aql_major,
    aqlMinor: category.aql_minor,
    pointsLimit: String(category.points_limit),
  }
}

/** A category's workflow, in order. */
export async function workflowOf(db: Executor, categoryId: number) {
  const rows = await db
    .selectFrom('workflow_stages')
    .select(['id', 'position', 'name', 'expected_days', 'qc_gate'])
    .where('category_id', '=', categoryId)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, qc_gate: r.qc_gate === 1, version: stageVersion(r) }))
}

export type StageView = Awaited<ReturnType<typeof workflowOf>>[number]

/** A category's conditions, active ones first, each with its rule in words. */
export async function conditionsOf(db: Executor, categoryId: number) {
  const rows = await db
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
      'severity',
      'tolerance',
      'active',
    ])
    .where('category_id', '=', categoryId)
    .orderBy('active', 'desc')
    .orderBy('name')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    attributeKey: r.attribute_key,
    /** A lab parameter (its own name and unit), not one of the product's attributes. */
    lab: isLabKey(r.attribute_key),
    rule: describeCondition(r),
    /** "Shrinkage after wash (lab): at most 3 %". */
    inWords: conditionInWords(r),
    severity: r.severity,
    active: r.active === 1,
  }))
}

export type ConditionView = Awaited<ReturnType<typeof conditionsOf>>[number]

/** One condition of one category: another category's condition is not found. */
export function conditionOfCategory(db: Executor, categoryId: number, conditionId: number) {
  return db
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
      'severity',
      'tolerance',
      'active',
      'updated_at',
    ])
    .where('id', '=', conditionId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst()
}

export type ConditionRecord = NonNullable<Awaited<ReturnType<typeof conditionOfCategory>>>

export function conditionFormValues(condition: ConditionRecord) {
  return {
    name: condition.name,
    measure: isLabKey(condition.attribute_key) ? 'lab' : 'attribute',
    attributeKey: isLabKey(condition.attribute_key) ? '' : condition.attribute_key,
    operator: condition.operator,
    tolerance: condition.tolerance,
    min: condition.min_value ?? '',
    max: condition.max_value ?? '',
    values: conditionValues(condition).join('\n'),
    unit: condition.unit ?? '',
    severity: condition.severity,
    active: condition.active ? 'on' : '',
  }
}

/** A category's defect catalogue: active types first, in their order, each with its version for the edit form. */
export async function defectTypesOf(db: Executor, categoryId: number) {
  const rows = await db
    .selectFrom('defect_types')
    .select(['id', 'name', 'severity', 'is_hole', 'active', 'updated_at'])
    .where('category_id', '=', categoryId)
    .orderBy('active', 'desc')
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    severity: r.severity,
    isHole: r.is_hole === 1,
    active: r.active === 1,
    version: r.updated_at,
  }))
}

export type DefectTypeView = Awaited<ReturnType<typeof defectTypesOf>>[number]

/** How many active defect types of each class a category has: the category page's summary. */
export async function defectTypeCounts(db: Executor, categoryId: number) {
  const rows = await db
    .selectFrom('defect_types')
    .select((eb) => ['severity', eb.fn.countAll<number>().as('n')])
    .where('category_id', '=', categoryId)
    .where('active', '=', 1)
    .groupBy('severity')
    .execute()
  const counts = { critical: 0, major: 0, minor: 0 }
  for (const r of rows) counts[r.severity] = Number(r.n)
  return counts
}
