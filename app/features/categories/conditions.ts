import type { ConditionOperator, ConditionSeverity, ConditionTolerance } from '#db/types'

/**
 * QC acceptance criteria of a category (docs/domain.md "Categories"): the rule in words and the
 * check QC runs against a measured or declared attribute value. Pure, so QC, the condition pages
 * and the tests share it. Numbers are exact decimal text; they are compared as scaled integers,
 * never as floats (0.1 + 0.2 must not decide whether a lot passes).
 */

export const OPERATORS = ['between', 'min', 'max', 'eq', 'in'] as const satisfies readonly ConditionOperator[]
export const NUMERIC_OPERATORS: readonly ConditionOperator[] = ['between', 'min', 'max']
export const SEVERITIES = ['critical', 'major', 'minor'] as const satisfies readonly ConditionSeverity[]
/**
 * Fixed bounds as typed, or bounds relative to the SKU's own value of the attribute: then min_value
 * and max_value hold the tolerance below and above (± % of the value, or ± units of the attribute).
 */
export const TOLERANCES = ['fixed', 'percent', 'units'] as const satisfies readonly ConditionTolerance[]

export const toleranceLabels: Record<ConditionTolerance, string> = {
  fixed: 'Fixed bounds, as typed',
  percent: '± % of the SKU’s own value',
  units: '± units of the SKU’s own value',
}

/**
 * What a condition measures (docs/domain.md "Lab parameters"): one of the product's attributes, or a
 * lab parameter with its own name and unit (shrinkage %, colour fastness grade, tensile strength N),
 * kept as attribute_key `lab:<slug of its name>` (attribute keys are small letters, digits and
 * underscores, so the two never meet) and always judged by its fixed bounds.
 */
export const MEASURES = ['attribute', 'lab'] as const
export type Measure = (typeof MEASURES)[number]
export const measureLabels: Record<Measure, string> = {
  attribute: 'A product attribute',
  lab: 'A lab parameter',
}
export const LAB_PREFIX = 'lab:'
export const isLabKey = (key: string) => key.startsWith(LAB_PREFIX)
/** The slug of a lab parameter's name ("Colour fastness to washing (grade)" → colour_fastness_to_washing_grade); '' when it has no letter or digit. */
export const labSlug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '')
export const labKey = (name: string) => `${LAB_PREFIX}${labSlug(name)}`

export const operatorLabels: Record<ConditionOperator, string> = {
  between: 'Between (inclusive)',
  min: 'At least',
  max: 'At most',
  eq: 'Equal to',
  in: 'One of',
}

export const severityLabels: Record<ConditionSeverity, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
}

/** A condition as stored (a `conditions` row's rule columns). */
export interface ConditionRule {
  operator: ConditionOperator
  min_value: string | null
  max_value: string | null
  /** JSON array of strings (eq, in). */
  values_json: string | null
  unit?: string | null
  /** Absent or 'fixed': the bounds as typed; 'percent' / 'units': tolerances around the SKU's value. */
  tolerance?: ConditionTolerance | null
}

export const isRelative = (rule: Pick<ConditionRule, 'tolerance'>) => !!rule.tolerance && rule.tolerance !== 'fixed'

export type Verdict = 'pass' | 'fail' | 'missing'

const DECIMAL = /^-?\d+(?:\.\d+)?$/

export const isDecimal = (text: string) => DECIMAL.test(text)

/** The values of an eq / in rule. */
export function conditionValues(rule: Pick<ConditionRule, 'values_json'>): string[] {
  if (!rule.values_json) return []
  try {
    const parsed = JSON.parse(rule.values_json) as unknown
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

/**
 * Compares two exact decimals: -1, 0 or 1. Both are scaled to integers with the same number of
 * fraction digits and compared as BigInt, so "0.30" equals "0.3" and "126.0000001" exceeds "126".
 */
export function compareDecimals(a: string, b: string): number {
  const [aWhole, aFraction = ''] = a.split('.')
  const [bWhole, bFraction = ''] = b.split('.')
  const digits = Math.max(aFraction.length, bFraction.length)
  const scaled = (whole: string, fraction: string) => {
    const negative = whole.startsWith('-')
    const magnitude = BigInt(whole.replace('-', '') + fraction.padEnd(digits, '0'))
    return negative ? -magnitude : magnitude
  }
  const x = scaled(aWhole, aFraction)
  const y = scaled(bWhole, bFraction)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Equal as numbers when both are numbers ("180.0" = "180"), else as text ignoring case and outer spaces. */
function sameValue(a: string, b: string): boolean {
  if (isDecimal(a) && isDecimal(b)) return compareDecimals(a, b) === 0
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/**
 * Whether a value meets a condition: 'missing' when there is no value to judge (or, for a relative
 * rule, no SKU value to judge it against), 'fail' when a numeric rule gets something that is not a
 * number. Bounds are inclusive.
 */
export function evaluateCondition(
  condition: ConditionRule,
  value: string | number | null | undefined,
  skuValue?: string | number | null,
): Verdict {
  if (isRelative(condition)) {
    const fixed = relativeBounds(condition, skuValue)
    return fixed ? evaluateCondition(fixed, value) : 'missing'
  }
  if (value === null || value === undefined) return 'missing'
  const text = String(value).trim().replace(/,/g, '')
  if (text === '') return 'missing'
  switch (condition.operator) {
    case 'between':
    case 'min':
    case 'max': {
      if (!isDecimal(text)) return 'fail'
      const { min_value: min, max_value: max } = condition
      if (
        (condition.operator === 'between' || condition.operator === 'min') &&
        (min === null || compareDecimals(text, min) < 0)
      )
        return 'fail'
      if (
        (condition.operator === 'between' || condition.operator === 'max') &&
        (max === null || compareDecimals(text, max) > 0)
      )
        return 'fail'
      return 'pass'
    }
    case 'eq':
    case 'in':
      return conditionValues(condition).some((v) => sameValue(v, text)) ? 'pass' : 'fail'
  }
}

/** An exact decimal as a scaled integer: "2.50" is 250n at scale 2. */
function scaled(text: string): { n: bigint; scale: number } {
  const [whole, fraction = ''] = text.split('.')
  const negative = whole.startsWith('-')
  const magnitude = BigInt(whole.replace('-', '') + fraction)
  return { n: negative ? -magnitude : magnitude, scale: fraction.length }
}

/** A scaled integer back to exact decimal text, without trailing zeros: 24975n at 3 is "24.975". */
function unscaled(n: bigint, scale: number): string {
  const negative = n < 0n
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return negative && text !== '0' ? `-${text}` : text
}

/** value × (100 + percent) / 100, exactly. */
function plusPercent(value: string, percent: string): string {
  const v = scaled(value)
  const p = scaled(percent)
  const hundred = 100n * 10n ** BigInt(p.scale)
  return unscaled(v.n * (hundred + p.n), v.scale + p.scale + 2)
}

/** value + delta, exactly. */
function plus(value: string, delta: string): string {
  const a = scaled(value)
  const b = scaled(delta)
  const scale = Math.max(a.scale, b.scale)
  return unscaled(a.n * 10n ** BigInt(scale - a.scale) + b.n * 10n ** BigInt(scale - b.scale), scale)
}

const negated = (text: string) => (text.startsWith('-') ? text.slice(1) : `-${text}`)

/**
 * A relative rule made fixed around one SKU's value of the attribute: "± 2 %" of Ne 60 is between
 * 58.8 and 61.2, exactly. A fixed rule comes back as it is; null when the SKU's value is not a number.
 */
export function relativeBounds(
  rule: ConditionRule,
  skuValue: string | number | null | undefined,
): ConditionRule | null {
  if (!isRelative(rule)) return rule
  const text = skuValue === null || skuValue === undefined ? '' : String(skuValue).trim().replace(/,/g, '')
  if (!isDecimal(text)) return null
  const around = (tolerance: string | null, sign: 1 | -1) => {
    if (tolerance === null) return null
    const signed = sign < 0 ? negated(tolerance) : tolerance
    return rule.tolerance === 'percent' ? plusPercent(text, signed) : plus(text, signed)
  }
  return {
    operator: rule.operator,
    min_value: rule.operator === 'max' ? null : around(rule.min_value, -1),
    max_value: rule.operator === 'min' ? null : around(rule.max_value, 1),
    values_json: null,
    unit: rule.unit,
    tolerance: 'fixed',
  }
}

/** A relative rule in words: "SKU value ± 2 %", "SKU value − 1 to + 3 Ne", "at least SKU value − 5 %". */
function describeRelative(condition: ConditionRule, unit: string): string {
  const by = condition.tolerance === 'percent' ? ' %' : unit
  const below = condition.min_value ?? '0'
  const above = condition.max_value ?? '0'
  const zero = (t: string) => compareDecimals(t, '0') === 0
  switch (condition.operator) {
    case 'min':
      return zero(below) ? 'at least the SKU value' : `at least SKU value − ${below}${by}`
    case 'max':
      return zero(above) ? 'at most the SKU value' : `at most SKU value + ${above}${by}`
    default:
      if (zero(below) && zero(above)) return 'the SKU value exactly'
      return compareDecimals(below, above) === 0
        ? `SKU value ± ${below}${by}`
        : `SKU value − ${below}${by} to + ${above}${by}`
  }
}

/** The rule in words: "between 114 and 126 g/m²", "at least 57 in", "one of plain, twill", "SKU value ± 2 %". */
export function describeCondition(condition: ConditionRule): string {
  const unit = condition.unit ? ` ${condition.unit}` : ''
  if (isRelative(condition)) return describeRelative(condition, unit)
  const values = conditionValues(condition)
  switch (condition.operator) {
    case 'between':
      return `between ${condition.min_value} and ${condition.max_value}${unit}`
    case 'min':
      return `at least ${condition.min_value}${unit}`
    case 'max':
      return `at most ${condition.max_value}${unit}`
    case 'eq':
      return `equal to ${values[0] ?? '—'}${unit}`
    case 'in':
      return `one of ${values.join(', ')}${unit}`
  }
}

/** A condition in one line, as the category page reads it: "Shrinkage after wash (lab): at most 3 %". */
export function conditionInWords(condition: ConditionRule & { name: string; attribute_key: string }): string {
  return `${condition.name}${isLabKey(condition.attribute_key) ? ' (lab)' : ''}: ${describeCondition(condition)}`
}
