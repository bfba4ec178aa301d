import { useLocation } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { ReactNode } from 'react'
import { scrollFrame } from './scroll-frame'

export interface Column<T> {
  key: string
  /** The column's name: the header on a desktop, the label of the value on a phone card. */
  header: string
  /** The header is read by screen readers but not shown (an image column). */
  hideHeader?: boolean
  /** The list can be sorted by this key (the Table's `sort`): the header becomes a sort link. */
  sortKey?: string
  cell: (row: T) => ReactNode
  /** Amounts and quantities: right-aligned, tabular figures, never broken mid-value. */
  numeric?: boolean
  /** Codes and dates: never broken mid-value. */
  nowrap?: boolean
  /** The row's main link: the title of the row's card on a phone (the first column when none says so). */
  title?: boolean
  /** Buttons of the row: the foot of its card on a phone, and kept in view when a wide table scrolls. */
  actions?: boolean
}

export interface TableSort {
  sort: string
  dir: 'asc' | 'desc'
}

/**
 * The frame a table scrolls sideways in when it is wider than the page. The keyboard reaches it
 * (it is focusable) and a screen reader names it (a group labelled by the table's caption, not a
 * landmark: see scroll-frame.ts): every scrolling table sits in one, so none can be scrolled by a
 * mouse alone.
 */
export function TableFrame({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={['table-wrap', className].filter(Boolean).join(' ')} {...scrollFrame(label)}>
      {children}
    </div>
  )
}

/**
 * A list table. Below 640 px each row becomes a card (the title cell first, each value under its
 * column's name, the actions at the foot) from the same markup, by CSS alone.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  empty = 'Nothing to show.',
}: {
  caption?: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  sort?: TableSort
  empty?: ReactNode
}) {
  if (rows.length === 0) return <div className="table-wrap empty">{empty}</div>
  const titleKey = (columns.find((c) => c.title) ?? columns.find((c) => !c.hideHeader && !c.actions))?.key
  const classOf = (c: Column<T>) =>
    [
      c.numeric ? 'num' : null,
      c.nowrap ? 'nowrap' : null,
      c.key === titleKey ? 'card-title' : null,
      c.actions ? 'card-actions' : null,
      c.hideHeader ? 'card-aside' : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    // A table wider than the page scrolls sideways: the keyboard reaches it too (its name is the caption).
    <div className="table-wrap cards" {...(caption ? scrollFrame(caption) : { tabIndex: 0 })}>
      <table className="table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c) => {
              const sorted = sort && c.sortKey && sort.sort === c.sortKey ? sort.dir : null
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={classOf(c)}
                  aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.hideHeader ? (
                    <span className="visually-hidden">{c.header}</span>
                  ) : sort && c.sortKey ? (
                    <SortHeader label={c.header} sortKey={c.sortKey} {...sort} />
                  ) : (
                    c.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={classOf(c)}
                  data-label={c.hideHeader || c.key === titleKey || c.actions ? undefined : c.header}
                >
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

/** A column header that sorts the list by its key (asc, then desc), keeping every filter in the URL. */
function SortHeader({ label, sortKey, sort, dir }: { label: string; sortKey: string } & TableSort) {
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const active = sort === sortKey
  const next = active && dir === 'asc' ? 'desc' : 'asc'
  params.set('sort', sortKey)
  params.set('dir', next)
  params.delete('page')
  return (
    <Link
      to={`${pathname}?${params}`}
      className="sort-link"
      aria-label={`${label}, sort ${next === 'asc' ? 'ascending' : 'descending'}`}
    >
      {label}
      {active ? <span aria-hidden="true">{dir === 'asc' ? ' ▲' : ' ▼'}</span> : null}
    </Link>
  )
}
