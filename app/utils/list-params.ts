/** The state of a list page, read from its URL (filters are GET forms, so the URL is the state). */
export interface ListParams<Sort extends string> {
  q: string
  page: number
  sort: Sort
  dir: 'asc' | 'desc'
  pageSize: number
}

/** Rows per list page by default; `perPage` in the URL may ask for up to MAX_PAGE_SIZE. */
export const PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

/**
 * The deepest page a list serves: its rows lie within the first COUNT_CAP matches, so an offset
 * never costs more than counting does. Past it the list asks for narrower filters.
 */
export const maxPage = (pageSize: number) => Math.max(1, Math.floor(COUNT_CAP / pageSize))

export function readListParams<Sort extends string>(
  url: URL | URLSearchParams,
  options: { sorts: readonly Sort[]; defaultSort: Sort; defaultDir?: 'asc' | 'desc'; pageSize?: number },
): ListParams<Sort> {
  const params = url instanceof URL ? url.searchParams : url
  const sortParam = params.get('sort') as Sort | null
  const sort = sortParam && options.sorts.includes(sortParam) ? sortParam : options.defaultSort
  const dirParam = params.get('dir')
  const dir = dirParam === 'asc' || dirParam === 'desc' ? dirParam : (options.defaultDir ?? 'asc')
  const perPage = Number.parseInt(params.get('perPage') ?? '', 10)
  const pageSize =
    options.pageSize ?? (Number.isFinite(perPage) && perPage >= 1 ? Math.min(perPage, MAX_PAGE_SIZE) : PAGE_SIZE)
  const page = Math.max(1, Math.min(maxPage(pageSize), Number.parseInt(params.get('page') ?? '1', 10) || 1))
  return { q: (params.get('q') ?? '').trim().slice(0, 100), page, sort, dir, pageSize }
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
