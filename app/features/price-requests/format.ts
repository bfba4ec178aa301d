// Prices and dates as the price-change pages show them.

// Effective dates are typed as Asia/Kolkata calendar days and kept as the UTC instant that day starts.

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Asia/Kolkata calendar day (YYYY-MM-DD) of an instant. */
export const kolkataDay = (at: Date | string = new Date()) => dayFormat.format(typeof at === 'string' ? new Date(at) : at)

/** The UTC ISO instant an Asia/Kolkata day begins. */
export const startOfKolkataDay = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString()

/** The change from one price to another in percent, one decimal ("+6.0 %"). */
export function percentChange(fromMinor: number | null, toMinor: number): string {
  if (!fromMinor) return '—'
  const percent = ((toMinor - fromMinor) / fromMinor) * 100
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent).toFixed(1)} %`
}
