import { isOwnKey } from '~/utils/own-key'
import * as z from 'zod'
import type { AttributeDefinition, ConditionOperator, ConditionSeverity } from '#db/types'
import { nameField, optionalText, wholeNumberField } from '~/utils/fields'
import { parseRupees } from '~/utils/money'
import { normaliseDecimal } from '../products/attributes'
import {
  compareDecimals,
  isDecimal,
  labSlug,
  MEASURES,
  NUMERIC_OPERATORS,
  OPERATORS,
  SEVERITIES,
  TOLERANCES,
} from './conditions'
import { CATEGORY_AQLS, QC_LEVELS } from './qc-settings'
import { GST_RATES, QC_METHODS } from './shared'
export {
  ADD_DEFECT_TYPE_FORM,
  ADD_STAGE_FORM,
  GST_RATES,
  editDefectTypeFormId,
  editStageFormId,
  formatGst,
} from './shared'

// ---------- The manage page's URL ----------

export const categoryStatuses = ['all', 'active', 'inactive'] as const
export type CategoryStatusFilter = (typeof categoryStatuses)[number]

export interface CategoryFilters {
  product: string
  status: CategoryStatusFilter
  q: string
}

// ---------- Category ----------

export const gstRateToBp = (rate: string) => Math.round(Number(rate) * 100)
export const gstBpToRate = (bp: number) => (bp / 100).toString()
/** A margin floor in basis points as the form shows it ("12.5"); empty for no floor. */
export const floorInput = (bp: number | null) => (bp === null ? '' : (bp / 100).toString())

const categoryFields = {
  name: nameField('the category name'),
  hsnCode: z
    .string({ error: 'Enter the HSN code' })
    .trim()
    .regex(/^(?:\d{4}|\d{6}|\d{8})$/, 'Enter the HSN code as 4, 6 or 8 digits, like 520832 or 52083290'),
  gstRate: z.enum(GST_RATES, { error: 'Choose the GST rate from the list' }),
  active: z.boolean().optional(),
  marginFloor: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null
      const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(value)
      const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN
      if (!(bp >= 0 && bp <= 10_000)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter the margin floor as a percentage from 0 to 100 with at most 2 decimals, like 8 or 12.5',
        })
        return z.NEVER
      }
      return bp
    }),
  secondApprovalAbove: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null
      const paise = parseRupees(value)
      if (paise === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter the order value in rupees, like 500000 or 5,00,000.50' })
        return z.NEVER
      }
      return paise
    }),
}

/**
 * A value slab (docs/domain.md "Tax invoice and GST rates"): above a sale value per piece the line
 * takes the rate above (garments: 5 % up to ₹2,500 a piece, 18 % above). Both fields or neither;
 * the rate above differs from the rate.
 */
const slabFields = {
  gstSlabAbove: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null
      const paise = parseRupees(value)
      if (paise === null || paise <= 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter the value per piece in rupees, like 2500 or 2,500.00' })
        return z.NEVER
      }
      return paise
    }),
  gstRateAbove: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null
      if (!(GST_RATES as readonly string[]).includes(value)) {
        ctx.addIssue({ code: 'custom', message: 'Choose the rate above the slab from the list' })
        return z.NEVER
      }
      return value
    }),
}

function checkSlab(
  value: { gstRate: string; gstSlabAbove: number | null; gstRateAbove: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.gstSlabAbove !== null && value.gstRateAbove === null)
    ctx.addIssue({ code: 'custom', path: ['gstRateAbove'], message: 'Choose the rate above the slab' })
  if (value.gstSlabAbove === null && value.gstRateAbove !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['gstSlabAbove'],
      message: 'Enter the value per piece the rate above starts after',
    })
  if (value.gstRateAbove !== null && value.gstRateAbove === value.gstRate)
    ctx.addIssue({
      code: 'custom',
      path: ['gstRateAbove'],
      message: 'The rate above the slab is the rate itself: choose another, or leave both slab fields empty',
    })
}

export const createCategorySchema = z
  .object({
    ...categoryFields,
    ...slabFields,
    product: z.string({ error: 'Choose a product' }),
    idempotencyKey: z.string().max(100).optional(),
  })
  .superRefine(checkSlab)

// ---------- A category's way of inspecting (issue 39) ----------

const aqlField = (defectClass: string) =>
  z
    .string({ error: `Choose the AQL for ${defectClass} defects` })
    .trim()
    .refine((value) => CATEGORY_AQLS.includes(value), {
      error: `Choose the AQL for ${defectClass} defects from the list (0: none accepted)`,
    })

const qcFields = {
  qcMethod: z.enum(QC_METHODS, { error: 'Choose how its lots are inspected' }),
  qcLevel: z.enum(QC_LEVELS, { error: 'Choose the inspection level from the list' }),
  aqlCritical: aqlField('critical'),
  aqlMajor: aqlField('major'),
  aqlMinor: aqlField('minor'),
  pointsLimit: wholeNumberField('the points limit per 100 square yards', { min: 1, max: 200 }),
}

/** A class never accepts more than a lesser class: critical ≤ major ≤ minor (0 is the tightest). */
function checkAqlOrder(value: { aqlCritical: string; aqlMajor: string; aqlMinor: string }, ctx: z.RefinementCtx) {
  if (Number(value.aqlMajor) < Number(value.aqlCritical))
    ctx.addIssue({
      code: 'custom',
      path: ['aqlMajor'],
      message: `Choose a major AQL of at least the critical one (${value.aqlCritical}): critical defects are never accepted more than major ones`,
    })
  if (Number(value.aqlMinor) < Number(value.aqlMajor))
    ctx.addIssue({
      code: 'custom',
      path: ['aqlMinor'],
      message: `Choose a minor AQL of at least the major one (${value.aqlMajor}): major defects are never accepted more than minor ones`,
    })
}

export const editCategorySchema = z
  .object({
    ...categoryFields,
    ...slabFields,
    ...qcFields,
    version: z.string({ error: 'Reload the page and try again' }),
  })
  .superRefine((value, ctx) => {
    checkSlab(value, ctx)
    checkAqlOrder(value, ctx)
  })

export type CategoryInput = z.output<typeof editCategorySchema>

// ---------- Workflow stages ----------

const stageFields = {
  name: nameField('the stage name'),
  expectedDays: wholeNumberField('the expected days', { min: 0, max: 365 }),
  qcGate: z.boolean().optional(),
}
const stageId = z.coerce.number().int().positive()

export const workflowSchemas = {
  /** `after`: empty for the end, 0 for the start, or the id of the stage it follows. */
  'stage-add': z.object({
    intent: z.literal('stage-add'),
    ...stageFields,
    after: z.coerce.number().int().min(0).optional(),
  }),
  /** `version` is the stage's values when the form opened (stages have no updated_at), see stageVersion. */
  'stage-edit': z.object({
    intent: z.literal('stage-edit'),
    stageId,
    ...stageFields,
    version: z.string({ error: 'Reload the page and try again' }),
  }),
  'stage-move': z.object({ intent: z.literal('stage-move'), stageId, direction: z.enum(['up', 'down']) }),
  'stage-remove': z.object({ intent: z.literal('stage-remove'), stageId }),
} as const
export type WorkflowIntent = keyof typeof workflowSchemas
export const isWorkflowIntent = (value: unknown): value is WorkflowIntent => isOwnKey(workflowSchemas, value)

export const stageVersion = (stage: { name: string; expected_days: number; qc_gate: number }) =>
  JSON.stringify([stage.name, stage.expected_days, stage.qc_gate ? 1 : 0])

// ---------- Defect types (issue 39) ----------

const defectTypeFields = {
  name: nameField('the defect type’s name'),
  severity: z.enum(SEVERITIES, { error: 'Choose the defect class' }),
  isHole: z.boolean().optional(),
}
const defectTypeId = z.coerce.number().int().positive().max(2_147_483_647)

export const defectTypeSchemas = {
  'defect-add': z.object({
    intent: z.literal('defect-add'),
    ...defectTypeFields,
    idempotencyKey: z.string().max(100).optional(),
  }),
  /** `version` is the defect type's updated_at when the form opened. */
  'defect-edit': z.object({
    intent: z.literal('defect-edit'),
    defectTypeId,
    ...defectTypeFields,
    version: z.string({ error: 'Reload the page and try again' }),
  }),
  'defect-deactivate': z.object({ intent: z.literal('defect-deactivate'), defectTypeId }),
  'defect-reactivate': z.object({ intent: z.literal('defect-reactivate'), defectTypeId }),
} as const
export type DefectTypeIntent = keyof typeof defectTypeSchemas
export const isDefectTypeIntent = (value: unknown): value is DefectTypeIntent => isOwnKey(defectTypeSchemas, value)
/** What a defect type's add and edit forms share. */
export type DefectTypeInput = { name: string; severity: ConditionSeverity; isHole?: boolean; idempotencyKey?: string }

// ---------- Conditions ----------

/** Values of an eq / in rule, one per line as typed in the form. */
export const splitValues = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((v) => v.trim())
    .filter(Boolean)

/**
 * The condition form for one category: what is valid depends on the product's attribute schema
 * (numeric rules only for number attributes, enum values from the list), so the schema is made
 * per page, on the server and in the browser alike. Bounds and values come out normalised.
 */
export function conditionSchema(attributes: AttributeDefinition[]) {
  const decimal = z
    .string()
    .trim()
    .transform((v) => v.replace(/,/g, ''))
    .refine((v) => v === '' || (isDecimal(v) && (v.split('.')[1]?.length ?? 0) <= 6), {
      error: 'Enter a number, like 120 or 2.5 (at most 6 decimals)',
    })
    .transform((v) => (v === '' ? undefined : normaliseDecimal(v)))
    .optional()
  return z
    .object({
      name: nameField('the condition name'),
      // A form posted before lab parameters existed (or a script) measures an attribute.
      measure: z.enum(MEASURES, { error: 'Choose what is measured' }).default('attribute'),
      // Required for an attribute only (checked below): a lab parameter posts the select left empty.
      attributeKey: z.string().optional(),
      operator: z.enum(OPERATORS, { error: 'Choose the rule' }),
      // A form posted before tolerances existed (or a script) means fixed bounds.
      tolerance: z.enum(TOLERANCES, { error: 'Choose how the bounds are read' }).default('fixed'),
      min: decimal,
      max: decimal,
      values: z.string().max(2000, 'Use at most 2000 characters').optional(),
      unit: optionalText(20),
      severity: z.enum(SEVERITIES, { error: 'Choose the severity' }),
      active: z.boolean().optional(),
      version: z.string().optional(),
      idempotencyKey: z.string().max(100).optional(),
    })
    .superRefine((value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
      const numeric = NUMERIC_OPERATORS.includes(value.operator)
      const values = splitValues(value.values)
      if (value.measure === 'lab') return checkLab(value, values, issue)
      if (value.attributeKey === undefined) return issue('attributeKey', 'Choose the attribute it checks')
      const attribute = attributes.find((a) => a.key === value.attributeKey)
      if (!attribute) return issue('attributeKey', 'Choose one of the product’s attributes')
      if (numeric) {
        if (attribute.type !== 'number')
          return issue('operator', `${attribute.label} is not a number: use “equal to” or “one of”`)
        if (values.length) issue('values', 'Leave the values empty for a numeric rule')
        if (value.tolerance !== 'fixed') return checkTolerance(value, issue)
        return checkFixedBounds(value, issue)
      }
      if (value.tolerance !== 'fixed')
        issue('tolerance', 'A tolerance is for “between”, “at least” and “at most”: choose fixed bounds')
      if (!checkValues(value, values, issue)) return
      if (attribute.type === 'enum') {
        const unknown = values.filter(
          (v) => !attribute.values?.some((allowed) => allowed.toLowerCase() === v.toLowerCase()),
        )
        if (unknown.length)
          issue(
            'values',
            `Not a ${attribute.label.toLowerCase()} of the product: ${unknown.join(', ')}. Choose from: ${(attribute.values ?? []).join(', ')}`,
          )
      } else if (attribute.type === 'number' && values.some((v) => !isDecimal(v))) {
        issue('values', `${attribute.label} is a number: enter numbers only, like 120 or 2.5`)
      }
    })
}

type Issue = (path: string, message: string) => void

/** Fixed bounds: between needs both with the minimum below the maximum, at least the minimum, at most the maximum. */
function checkFixedBounds(value: { operator: string; min?: string; max?: string }, issue: Issue) {
  const wantsMin = value.operator !== 'max'
  const wantsMax = value.operator !== 'min'
  if (wantsMin && value.min === undefined) issue('min', 'Enter the minimum')
  if (!wantsMin && value.min !== undefined) issue('min', 'Leave the minimum empty for an “at most” rule')
  if (wantsMax && value.max === undefined) issue('max', 'Enter the maximum')
  if (!wantsMax && value.max !== undefined) issue('max', 'Leave the maximum empty for an “at least” rule')
  if (
    value.operator === 'between' &&
    value.min !== undefined &&
    value.max !== undefined &&
    compareDecimals(value.min, value.max) >= 0
  ) {
    issue('max', `The maximum must be greater than the minimum (${value.min})`)
  }
}

/** The values of “equal to” and “one of” (no bounds): false when they are not there to check further. */
function checkValues(value: { operator: string; min?: string; max?: string }, values: string[], issue: Issue) {
  if (value.min !== undefined) issue('min', 'Leave the minimum empty for “equal to” and “one of”')
  if (value.max !== undefined) issue('max', 'Leave the maximum empty for “equal to” and “one of”')
  if (values.length === 0) {
    issue(
      'values',
      value.operator === 'eq' ? 'Enter the value it must equal' : 'Enter one or more values, one per line',
    )
    return false
  }
  if (value.operator === 'eq' && values.length > 1) {
    issue('values', 'Enter exactly one value for “equal to” (use “one of” for several)')
    return false
  }
  if (values.some((v) => v.length > 200)) {
    issue('values', 'Use at most 200 characters per value')
    return false
  }
  return true
}

/**
 * A lab parameter (docs/domain.md "Lab parameters"): its name is what the lab measures (it must have a
 * letter or digit, its key is made of them), its unit is its own (optional: a grade has none), and it
 * is always judged by fixed bounds (no SKU value): between / at least / at most, or a list of grades.
 */
function checkLab(
  value: { name: string; operator: ConditionOperator; tolerance: string; min?: string; max?: string },
  values: string[],
  issue: Issue,
) {
  if (!labSlug(value.name))
    issue('name', 'Name the lab parameter with letters or digits, like Shrinkage after wash or Tensile strength warp')
  if (value.tolerance !== 'fixed')
    issue('tolerance', 'A lab parameter is judged by fixed bounds (there is no SKU value to be relative to)')
  if (NUMERIC_OPERATORS.includes(value.operator)) {
    if (values.length) issue('values', 'Leave the values empty for a numeric rule')
    return checkFixedBounds(value, issue)
  }
  checkValues(value, values, issue)
}

/**
 * A relative rule (docs/domain.md "QC by the book"): min and max are the tolerance below and above the
 * SKU's own value. Between needs both (0 and 0: exactly the SKU's value), at least the one below,
 * at most the one above; none is negative, and a percentage is at most 100.
 */
function checkTolerance(
  value: { operator: string; tolerance: string; min?: string; max?: string },
  issue: (path: string, message: string) => void,
) {
  const what = value.tolerance === 'percent' ? 'a percentage from 0 to 100, like 2 or 2.5' : 'a number of 0 or more'
  const check = (field: 'min' | 'max', wanted: boolean, side: 'below' | 'above') => {
    const tolerance = value[field]
    if (!wanted) {
      if (tolerance !== undefined)
        issue(
          field,
          `Leave the ${field === 'min' ? 'minimum' : 'maximum'} empty for an “${value.operator === 'min' ? 'at least' : 'at most'}” rule`,
        )
      return
    }
    if (tolerance === undefined) return issue(field, `Enter the tolerance ${side} the SKU’s value, as ${what}`)
    const tooLarge = value.tolerance === 'percent' && compareDecimals(tolerance, '100') > 0
    if (compareDecimals(tolerance, '0') < 0 || tooLarge) issue(field, `Enter the tolerance ${side} as ${what}`)
  }
  check('min', value.operator !== 'max', 'below')
  check('max', value.operator !== 'min', 'above')
}

export type ConditionInput = z.output<ReturnType<typeof conditionSchema>>

export function readCategoryFilters(url: URL): CategoryFilters {
  const params = url.searchParams
  const status = params.get('status')
  return {
    product: (params.get('product') ?? '').trim().slice(0, 60),
    status: categoryStatuses.find((s) => s === status) ?? 'all',
    q: (params.get('q') ?? '').trim().slice(0, 100),
  }
}
