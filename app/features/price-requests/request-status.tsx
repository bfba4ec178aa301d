import { Form } from '@remix-run/react'
import type { PriceChangeStatus } from '#db/types'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { percentChange } from './format'
import { type StatusFilter } from './schema'
import { requestStatuses, statusLabels } from './shared'
import { formatMoney } from '~/utils/format'

const tones = { pending: 'warning', approved: 'success', rejected: 'danger', withdrawn: 'neutral' } as const

export function RequestStatusBadge({ status }: { status: PriceChangeStatus }) {
  return <Badge tone={tones[status]}>{statusLabels[status]}</Badge>
}

/** A product SKU in a table cell: its code on one line, its name beside it. */
export function ProductSku({ code, name }: { code: string; name: string }) {
  return (
    <>
      <span className="price-nowrap">{code}</span> <span className="muted">{name}</span>
    </>
  )
}

/** "₹1,050.00 (+5.0 %)": a proposed price and its change from another. */
export function ProposedPrice({ fromMinor, toMinor }: { fromMinor: number | null; toMinor: number }) {
  return (
    <>
      {formatMoney(toMinor)} <span className="muted price-nowrap">({percentChange(fromMinor, toMinor)})</span>
    </>
  )
}

/** The lists' GET filter: a status (and, for admin, a search); the URL holds the state. */
export function RequestFilterForm({
  status,
  q,
  searchable,
  clearTo,
}: {
  status: StatusFilter
  q?: string
  searchable: boolean
  clearTo: string
}) {
  return (
    <Form method="get" className="filters" role="search" aria-label="Filter price-change requests">
      {searchable ? (
        <div className="field grow">
          <label htmlFor="q">Search</label>
          <input id="q" name="q" type="search" defaultValue={q} placeholder="Buyer code, product SKU code or name" />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="status">Status</label>
        <select id="status" name="status" defaultValue={status}>
          {requestStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
          <option value="all">All</option>
        </select>
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        {q ? <a href={clearTo}>Clear search</a> : null}
      </div>
    </Form>
  )
}
