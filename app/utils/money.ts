const RUPEES = /^(?:\d{1,3}(?:,\d{2,3})*|\d+)(?:\.\d{1,2})?$/

/** "5,00,000.50" / "₹1200" / "1200.5" → paise; null when it is not an amount. Negative amounts are refused. */
export function parseRupees(input: string): number | null {
  const value = input
    .replace(/^₹\s*/, '')
    .replace(/\s+/g, '')
    .replace(/^Rs\.?/i, '')
  if (!RUPEES.test(value)) return null
  const [whole, fraction = ''] = value.replace(/,/g, '').split('.')
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(paise) ? paise : null
}

/** Paise as the rupee amount a form field shows ("500000.00" → typed back unchanged). */
export const rupeesInput = (paise: number) => (paise / 100).toFixed(2)
