import { strictCalendarDate } from './fields'

/**
 * Date filters of a list (YYYY-MM-DD) from its URL: each as a calendar day or '' for none, and
 * those typed that are not dates, by name, to say so beside the filter (the list ignores them).
 */
export function readDateFilters<Name extends string>(
  params: URLSearchParams,
  names: readonly Name[],
): { dates: Record<Name, string>; problems: Record<string, string> } {
  const problems: Record<string, string> = {}
  const dates = Object.fromEntries(
    names.map((name) => {
      const typed = (params.get(name) ?? '').trim().slice(0, 20)
      if (!typed) return [name, '']
      const day = strictCalendarDate(typed)
      if (!day) problems[name] = 'Enter a date like 2027-01-31'
      return [name, day ?? '']
    }),
  ) as Record<Name, string>
  return { dates, problems }
}
