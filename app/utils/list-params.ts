/** The state of a list page, read from its URL (filters are GET forms, so the URL is the state). */
export interface ListParams<Sort extends string> {
  q: string
  page: number
  sort: Sort
  dir: 'asc' | 'desc'
  pageSize: number
}

export const PAGE_SIZE = 50

export function readListParams<Sort extends string>(
  url: URL | URLSearchParams,
  options: { sorts: readonly Sort[]; defaultSort: Sort; defaultDir?: 'asc' | 'desc'; pageSize?: number },
): ListParams<Sort> {
  const params = url instanceof URL ? url.searchParams : url
  const sortParam = params.get('sort') as Sort | null
  const sort = sortParam && options.sorts.includes(sortParam) ? sortParam : options.defaultSort
  const dirParam = params.get('dir')
  const dir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : (options.defaultDir ?? 'asc')
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  return { q: (params.get('q') ?? '').trim().slice(0, 100), page, sort, dir, pageSize: options.pageSize ?? PAGE_SIZE }
}

/** An integer id from a filter or route parameter, or null when it is not one. */
export function readId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}


/**
 * Lists count at most this many matches: past it the page says "10,000+" and asks for a narrower
 * filter. Counting 80,000 matches exactly would cost more than the page itself.
 */
export const COUNT_CAP = 10_000

/**
 * A search by a common word prefix ("cotton") matches tens of thousands of catalogue rows, and
 * counting each match costs a row lookup: searches count exactly up to 1,000 only.
 */
export const SEARCH_COUNT_CAP = 1_000
