import type { ConditionOperator, ConditionSeverity } from '#db/types'

/**
 * QC acceptance criteria of a category (docs/domain.md "Categories"): the rule in words and the
 * check QC runs against a measured or declared attribute value. Pure, so QC, the condition pages
 * and the tests share it. Numbers are exact decimal text; they are compared as scaled integers,
 * never as floats (0.1 + 0.2 must not decide whether a lot passes).
 */

export const OPERATORS = ['between', 'min', 'max', 'eq', 'in'] as const satisfies readonly ConditionOperator[]
export const NUMERIC_OPERATORS: readonly ConditionOperator[] = ['between', 'min', 'max']
export const SEVERITIES = ['critical', 'major', 'minor'] as const satisfies readonly ConditionSeverity[]

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
}

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
 * Whether a value meets a condition: 'missing' when there is no value to judge, 'fail' when a
 * numeric rule gets something that is not a number. Bounds are inclusive.
 */
export function evaluateCondition(condition: ConditionRule, value: string | number | null | undefined): Verdict {
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

/** The rule in words: "between 114 and 126 g/m²", "at least 57 in", "one of plain, twill". */
export function describeCondition(condition: ConditionRule): string {
  const unit = condition.unit ? ` ${condition.unit}` : ''
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
