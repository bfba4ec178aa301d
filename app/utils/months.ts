// Months of the calendars (QC inspections, transport bookings): YYYY-MM, weeks Monday first.

/** The calendar's month: YYYY-MM, the current one when absent or malformed. */
export function readMonth(text: string | null, today: string): string {
  if (
    text &&
    /^\d{4}-(0[1-9]|1[0-2])$/.test(text) &&
    Number(text.slice(0, 4)) >= 2000 &&
    Number(text.slice(0, 4)) <= 2100
  )
    return text
  return today.slice(0, 7)
}

/** The month before and after YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const index = y * 12 + (m - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** A month's days as weeks of seven (Monday first), each day YYYY-MM-DD or null outside the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const firstWeekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null)
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`)
  while (cells.length % 7) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' })
/** "November 2026". */
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-15T12:00:00Z`))
