// Quantities are exact integers in thousandths of the unit (docs/domain.md section 7): 12.5 m is 12500.

const QUANTITY = /^(?:\d{1,3}(?:,\d{2,3})*|\d+)(?:\.\d{1,3})?$/

/** "1,200.5" / "12" / "0.125" → thousandths; null when it is not a quantity with at most 3 decimals. */
export function parseQuantity(input: string): number | null {
  const value = input.trim().replace(/\s+/g, '')
  if (!QUANTITY.test(value)) return null
  const [whole, fraction = ''] = value.replace(/,/g, '').split('.')
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'))
  return Number.isSafeInteger(milli) ? milli : null
}

/** Thousandths as the text a form field shows: 12500 → "12.5", 12000 → "12". */
export function quantityInput(milli: number): string {
  const whole = Math.trunc(milli / 1000)
  const fraction = String(Math.abs(milli % 1000))
    .padStart(3, '0')
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** Thousandths for reading, with Indian digit grouping and the unit: 1250500 → "1,250.5 m". */
export function formatQuantity(milli: number, unit?: string | null): string {
  const [whole, fraction] = quantityInput(milli).split('.')
  const grouped = Number(whole).toLocaleString('en-IN')
  const text = fraction ? `${grouped}.${fraction}` : grouped
  return unit ? `${text} ${unit}` : text
}
