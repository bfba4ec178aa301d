import type { ConditionTolerance } from '#db/types'
import { isDecimal } from '../categories/conditions'

// Conditions relative to the SKU (docs/domain.md "QC by the book"): a tolerance of ± % or ± units around the
// SKU's own value of the condition's attribute gives the bounds the measured value is judged
// against. Exact decimal arithmetic on scaled integers (60 Ne ± 2 % is 58.8 to 61.2, never
// 58.800000000000004).

/** A decimal as a scaled integer and its number of fraction digits. */
function scaled(text: string): [bigint, number] {
  const negative = text.startsWith('-')
  const [whole, fraction = ''] = text.replace('-', '').split('.')
  const value = BigInt(whole + fraction)
  return [negative ? -value : value, fraction.length]
}

function show(value: bigint, digits: number): string {
  const negative = value < 0n
  let text = (negative ? -value : value).toString().padStart(digits + 1, '0')
  if (digits > 0) {
    text = `${text.slice(0, -digits)}.${text.slice(-digits)}`.replace(/0+$/, '').replace(/\.$/, '')
  }
  return (negative && text !== '0' ? '-' : '') + text
}

const pow = (n: number) => 10n ** BigInt(n)

/** a + sign × b, exact. */
function addDecimal(a: string, b: string, sign: 1 | -1): string {
  const [x, dx] = scaled(a)
  const [y, dy] = scaled(b)
  const d = Math.max(dx, dy)
  return show(x * pow(d - dx) + BigInt(sign) * y * pow(d - dy), d)
}

/** a × (100 + sign × p) / 100, exact. */
function percentOf(a: string, p: string, sign: 1 | -1): string {
  const [x, dx] = scaled(a)
  const [y, dy] = scaled(p)
  // (x / 10^dx) × (100 × 10^dy + sign × y) / 10^dy / 100
  return show(x * (100n * pow(dy) + BigInt(sign) * y), dx + dy + 2)
}

export type RelativeBounds =
  | { ok: true; min_value: string | null; max_value: string | null; base: string }
  | { ok: false; reason: 'no-value' | 'not-a-number' }

/**
 * The bounds of a relative condition on one SKU: its own value − below and + above (in units or
 * per cent). Only the bounds the operator uses are set ('min' keeps the lower, 'max' the upper).
 */
export function relativeBounds(
  condition: { operator: string; tolerance: ConditionTolerance; min_value: string | null; max_value: string | null },
  skuValue: string | null | undefined,
): RelativeBounds {
  const base = (skuValue ?? '').trim().replace(/,/g, '')
  if (base === '') return { ok: false, reason: 'no-value' }
  if (!isDecimal(base)) return { ok: false, reason: 'not-a-number' }
  const below = condition.min_value && isDecimal(condition.min_value) ? condition.min_value : '0'
  const above = condition.max_value && isDecimal(condition.max_value) ? condition.max_value : '0'
  const lower = condition.tolerance === 'percent' ? percentOf(base, below, -1) : addDecimal(base, below, -1)
  const upper = condition.tolerance === 'percent' ? percentOf(base, above, 1) : addDecimal(base, above, 1)
  return {
    ok: true,
    base,
    min_value: condition.operator === 'max' ? null : lower,
    max_value: condition.operator === 'min' ? null : upper,
  }
}

/** The tolerance in words: "± 2 %", "− 0 / + 1 units". */
export function describeTolerance(condition: {
  tolerance: ConditionTolerance
  min_value: string | null
  max_value: string | null
  unit?: string | null
}): string {
  const unit = condition.tolerance === 'percent' ? ' %' : condition.unit ? ` ${condition.unit}` : ''
  const below = condition.min_value ?? '0'
  const above = condition.max_value ?? '0'
  return below === above ? `± ${below}${unit}` : `− ${below}${unit} / + ${above}${unit}`
}
