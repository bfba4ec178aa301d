import { StatusBadge } from '~/ui/badge'
import { Link } from '~/ui/link'
import type { Column } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import type { OrderRow, OrderSearchData } from './search.server'
import { orderPath } from './lens'
import { sourceLabels } from './channels'
import { holdStatusWords } from '../credit/hold'

/** The list's columns for a portal: what its lens lets it see (the benchmark renders the rows with these too). */
export function orderColumns(portal: OrderSearchData['portal'], see: OrderSearchData['see']): Column<OrderRow>[] {
  const sellerView = portal === 'seller'
  const columns: Column<OrderRow>[] = [
    {
      key: 'code',
      header: 'Order',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={orderPath(portal, r.id)}>{r.code}</Link>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) =>
        r.sellerOrders ? (
          <>
            {r.sellerOrders.map((s) => (
              <div key={s.code}>
                <span className="nowrap">{s.code}</span> <StatusBadge status={s.status} />
              </div>
            ))}
          </>
        ) : r.status ? (
          <>
            <StatusBadge status={r.status} />
            {r.creditHeld ? ` · ${holdStatusWords[portal === 'buyer' ? 'buyer' : 'staff']}` : null}
          </>
        ) : null,
    },
  ]
  if (see.buyer) columns.push({ key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName })
  columns.push(
    { key: 'placed', header: 'Placed', sortKey: 'placed', nowrap: true, cell: (r) => formatDate(r.placedAt) },
    {
      key: 'required',
      header: 'Needed by',
      sortKey: 'required',
      nowrap: true,
      cell: (r) => (r.requiredBy ? formatDate(`${r.requiredBy}T12:00:00Z`) : <span className="muted">—</span>),
    },
    { key: 'lines', header: 'Lines', numeric: true, cell: (r) => r.lineCount },
  )
  if (see.value)
    columns.push(
      { key: 'value', header: 'Value', numeric: true, cell: (r) => formatMoney(r.valueMinor ?? 0) },
      { key: 'gst', header: 'GST', numeric: true, cell: (r) => formatMoney(r.gstMinor ?? 0) },
    )
  if (see.cost)
    columns.push({
      key: 'cost',
      header: sellerView ? 'Your value' : 'Cost',
      numeric: true,
      cell: (r) => formatMoney(r.costMinor ?? 0),
    })
  if (see.margin)
    columns.push({
      key: 'margin',
      header: 'Margin',
      numeric: true,
      cell: (r) => formatMoney((r.valueMinor ?? 0) - (r.costMinor ?? 0)),
    })
  if (see.addresses) columns.push({ key: 'city', header: 'Ship to', cell: (r) => r.shipToCity })
  if (!sellerView)
    columns.push({ key: 'source', header: 'Source', cell: (r) => sourceLabels[r.source as 'cart'] ?? r.source })
  return columns
}
