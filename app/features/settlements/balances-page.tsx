import { Form, useLocation } from '@remix-run/react'
import { FilterActions, SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatMoney } from '~/utils/format'
import type { BalanceFilters, BuyerBalanceRow } from './balances.server'
import { settlementPath, settlementsPath } from './shared'
import { einvoicesPath, gstr1Path } from './gst/shared'

const SHOWS = [
  { value: 'past_due', label: 'With invoices past due' },
  { value: 'paid_this_month', label: 'Paid this month' },
]

/** /logistics/settlements: buyers with money on their account, each opening its settlement. */
export function BalancesPage({
  rows,
  total,
  filters,
}: {
  rows: BuyerBalanceRow[]
  total: number
  filters: BalanceFilters
}) {
  const filtering = Boolean(filters.show)
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  exportParams.delete('index')
  return (
    <div className="settlement">
      <PageHeader title="Buyer settlements">
        <Link to={einvoicesPath}>e-Invoices</Link>
        <Link to={gstr1Path}>GSTR-1</Link>
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="Filter the buyers">
        <SelectFilter name="show" label="Buyers" value={filters.show} any="All with an account" options={SHOWS} />
        <FilterActions
          sort="name"
          dir="asc"
          defaultSort="name"
          defaultDir="asc"
          clearTo={settlementsPath}
          filtering={filtering}
        />
      </Form>
      <ListSummary
        total={total}
        noun="buyer"
        matching={filtering && 'this filter'}
        csv={`${settlementsPath}.csv${exportParams.size ? `?${exportParams}` : ''}`}
      />
      <Table
        caption="Buyers and what they owe"
        rows={rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No buyer matches this filter.' : 'No buyer has been invoiced yet.'}
        columns={[
          { key: 'buyer', header: 'Buyer', title: true, cell: (r) => <Link to={settlementPath(r.id)}>{r.name}</Link> },
          { key: 'outstanding', header: 'Outstanding', numeric: true, cell: (r) => formatMoney(r.outstandingMinor) },
          {
            key: 'past_due',
            header: 'Past due',
            numeric: true,
            cell: (r) =>
              r.pastDueMinor ? <strong className="overdue-mark">{formatMoney(r.pastDueMinor)}</strong> : formatMoney(0),
          },
          { key: 'paid', header: 'Paid this month', numeric: true, cell: (r) => formatMoney(r.paidThisMonthMinor) },
        ]}
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} />
    </div>
  )
}
