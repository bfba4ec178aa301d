// A module of its own, without zod, so the browser can check a date (the cart's rule, issue 51)
// without bringing zod with the page.

/**
 * A calendar date as a date input sends it (YYYY-MM-DD), checked strictly: 31 February or month
 * 13 are refused, not rolled over into March or next year. Returns the same text, or null.
 */
export function strictCalendarDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const same = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return same && year >= 1900 && year <= 2999 ? value : null
}
