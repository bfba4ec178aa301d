import { maxPage } from '~/utils/list-params'
import { useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { ReactNode } from 'react'

// A list's count line and its pages, apart from the Table: pages that show a table but are not
// lists (an order's lines) load only the table.

/**
 * The line above a list: how many rows match ("1 buyer matches these filters", "2,000+ buyer SKUs"),
 * what else the list wants to say, and the CSV of what is shown. One wording for every list.
 */
export function ListSummary({
  total,
  capped = false,
  noun,
  matching,
  csv,
  children,
}: {
  total: number
  /** The count stopped at a cap: "2,000+". */
  capped?: boolean
  /** Singular and plural: ['category', 'categories']; a plain noun takes an "s". */
  noun: string | [singular: string, plural: string]
  /** What the rows match, when the list is narrowed: 'these filters', 'this search'. */
  matching?: string | false
  /** The CSV download of the same rows (the list's query string), if the list has one. */
  csv?: string | null
  children?: ReactNode
}) {
  const [singular, plural] = typeof noun === 'string' ? [noun, `${noun}s`] : noun
  const one = total === 1 && !capped
  return (
    <div className="list-summary">
      <span>
        {total.toLocaleString('en-IN')}
        {capped ? '+' : ''} {one ? singular : plural}
        {matching ? ` ${one ? 'matches' : 'match'} ${matching}` : ''}
      </span>
      {children}
      {csv && total > 0 ? (
        <Link reloadDocument to={csv}>
          Download CSV{matching ? ' of these' : ''}
        </Link>
      ) : null}
    </div>
  )
}

/** Previous / next links that keep every other filter in the URL. */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  shown,
}: {
  page: number
  pageSize: number
  total: number
  /** `total` is a lower bound: counting stopped there (see countUpTo). */
  capped?: boolean
  /** Rows on this page (needed past a capped count). */
  shown?: number
}) {
  const { pathname, search } = useLocation()
  const onPage = shown ?? Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize))
  const deepest = maxPage(pageSize)
  const pages = Math.min(
    deepest,
    capped ? (onPage === pageSize ? page + 1 : page) : Math.max(1, Math.ceil(total / pageSize)),
  )
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search)
    if (target <= 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `${pathname}?${query}` : pathname
  }
  const first = onPage === 0 ? 0 : (page - 1) * pageSize + 1
  const last = onPage === 0 ? 0 : first + onPage - 1
  return (
    <nav className="pagination" aria-label="Pages">
      <span className="muted">
        {first}–{last} of {total.toLocaleString('en-IN')}
        {capped ? '+ (narrow the filters for an exact count)' : ''}
      </span>
      <span className="row">
        {page > 1 ? (
          <Link className="btn" to={hrefFor(page - 1)} rel="prev">
            ← Previous
          </Link>
        ) : null}
        <span>{capped ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
        {page < pages ? (
          <Link className="btn" to={hrefFor(page + 1)} rel="next">
            Next →
          </Link>
        ) : page === deepest && (capped || total > page * pageSize) ? (
          <span className="muted">The last page shown: narrow the filters to see the rest.</span>
        ) : null}
      </span>
    </nav>
  )
}
