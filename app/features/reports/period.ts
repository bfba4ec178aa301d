import { readDateFilters } from '~/utils/date-filters'
import { shiftMonth } from '~/utils/months'

// A report's period: from and to (days, Asia/Kolkata, both included), read from the URL, and the
// period of the same length just before it.

export const MAX_PERIOD_DAYS = 3 * 366

const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10)
export const addDays = (day: string, by: number) => dayOf(dayNumber(day) + by)
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1

export interface Period {
  from: string
  to: string
  /** The period of the same length just before. */
  previous: { from: string; to: string }
  problems: Partial<Record<'from' | 'to', string>>
}

/** The period in the URL; by default from the month two months before its end (today by default). Dates that are not dates, or the wrong way round, are said at their field and the default used. */
export function readPeriod(params: URLSearchParams, today: string): Period {
  const { dates, problems } = readDateFilters(params, ['from', 'to'] as const)
  let to = dates.to || today
  let from = dates.from || `${shiftMonth(to.slice(0, 7), -2)}-01`
  if (from > to) {
    problems.to = 'The end of the period comes before its start'
    from = `${shiftMonth(today.slice(0, 7), -2)}-01`
    to = today
  } else if (daysBetween(from, to) > MAX_PERIOD_DAYS) {
    problems.from = 'Choose a period of at most three years'
    from = addDays(to, -(MAX_PERIOD_DAYS - 1))
  }
  const length = daysBetween(from, to)
  return { from, to, previous: { from: addDays(from, -length), to: addDays(from, -1) }, problems }
}

/** The months a period touches, YYYY-MM, in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = []
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = shiftMonth(m, 1)) months.push(m)
  return months
}
