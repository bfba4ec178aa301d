// The QC calendar's filters and addresses.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

/** The QC calendar's filters, read from its address (forms.ts readCalendarFilters). */
export interface CalendarFilters {
  month: string
  operator: number | null
  category: number | null
  seller: string
  day: string | null
  inspection: number | null
  schedule: number | null
  waitingPage: number
}

/** The calendar's address with these filters (empty ones left out). */
export function calendarHref(
  base: string,
  f: Partial<CalendarFilters>,
  extra: Record<string, string | number | null | undefined> = {},
) {
  const params = new URLSearchParams()
  const put = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value))
  }
  put('month', f.month)
  put('operator', f.operator)
  put('category', f.category)
  put('seller', f.seller)
  for (const [key, value] of Object.entries(extra)) put(key, value)
  const query = params.toString()
  return query ? `${base}?${query}` : base
}
