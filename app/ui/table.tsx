import { maxPage } from '~/utils/list-params'
import { useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { ReactNode } from 'react'

export interface Column<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  numeric?: boolean
}

export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'Nothing to show.',
}: {
  caption?: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  empty?: ReactNode
}) {
  if (rows.length === 0) return <div className="table-wrap empty">{empty}</div>
  return (
    <div className="table-wrap">
      <table className="table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? 'num' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
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
  const pages = Math.min(deepest, capped ? (onPage === pageSize ? page + 1 : page) : Math.max(1, Math.ceil(total / pageSize)))
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

/** A column header that sorts the list by its key (asc, then desc), keeping every filter in the URL. */
export function SortHeader({ label, sortKey, sort, dir }: { label: ReactNode; sortKey: string; sort: string; dir: 'asc' | 'desc' }) {
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const active = sort === sortKey
  params.set('sort', sortKey)
  params.set('dir', active && dir === 'asc' ? 'desc' : 'asc')
  params.delete('page')
  return (
    <Link to={`${pathname}?${params}`} className="sort-link">
      {label}
      {active ? <span aria-label={dir === 'asc' ? ' (sorted ascending)' : ' (sorted descending)'}>{dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
    </Link>
  )
}
