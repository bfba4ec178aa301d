// Prices and dates as the price-change pages show them.

/** The change from one price to another in percent, one decimal ("+6.0 %"). */
export function percentChange(fromMinor: number | null, toMinor: number): string {
  if (!fromMinor) return '—'
  const percent = ((toMinor - fromMinor) / fromMinor) * 100
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent).toFixed(1)} %`
}

/** A margin in basis points as a percentage ("12.5 %"). */
export const percentOf = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`
