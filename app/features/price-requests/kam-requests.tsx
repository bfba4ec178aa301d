import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { Pagination } from '~/ui/list-summary'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { NewRequest, type NewRequestProps } from './new-request'
import { KAM_LIST_PATH } from './paths'
import type { KamRequestRow } from './queries.server'
import { ProductSku, ProposedPrice, RequestFilterForm, RequestStatusBadge } from './request-status'
import type { RequestFilters } from './schema'

export interface KamRequestsProps extends NewRequestProps {
  filters: RequestFilters
  rows: KamRequestRow[]
  total: number
  capped: boolean
}

const dash = <span className="muted">—</span>

/** A demand KAM's page: propose a new price for one of its buyers' SKUs, and follow its requests. */
export function KamRequestsPage({ filters, rows, total, capped, ...newRequest }: KamRequestsProps) {
  const columns: Column<KamRequestRow>[] = [
    { key: 'id', header: 'Request', cell: (r) => <span id={`request-${r.id}`}>#{r.id}</span> },
    { key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName },
    { key: 'code', nowrap: true, header: 'Buyer’s code', cell: (r) => r.buyerCode },
    {
      key: 'product',
      header: 'Product SKU',
      cell: (r) => <ProductSku code={r.productSkuCode} name={r.productSkuName} />,
    },
    { key: 'was', header: 'Price when requested', numeric: true, cell: (r) => formatMoney(r.requestedAtPriceMinor) },
    {
      key: 'proposed',
      header: 'Proposed',
      numeric: true,
      cell: (r) => <ProposedPrice fromMinor={r.requestedAtPriceMinor} toMinor={r.proposedPriceMinor} />,
    },
    {
      key: 'effective',
      nowrap: true,
      header: 'Effective from',
      cell: (r) => (r.effectiveFrom ? formatDate(r.effectiveFrom) : <span className="muted">on approval</span>),
    },
    {
      key: 'requested',
      nowrap: true,
      header: 'Requested',
      cell: (r) => <span className="price-nowrap">{formatDate(r.createdAt)}</span>,
    },
    { key: 'status', header: 'Status', cell: (r) => <RequestStatusBadge status={r.status} /> },
    { key: 'note', header: 'Decision note', cell: (r) => r.decisionNote ?? dash },
    {
      key: 'decided',
      nowrap: true,
      header: 'Decided',
      cell: (r) => (r.decidedAt ? <span className="price-nowrap">{formatDateTime(r.decidedAt)}</span> : dash),
    },
    {
      key: 'actions',
      header: 'Action',
      actions: true,
      cell: (r) => (r.status === 'pending' ? <WithdrawButton id={r.id} /> : null),
    },
  ]
  return (
    <>
      <PageHeader title="Price-change requests" />
      <NewRequest {...newRequest} />
      <section className="stack" aria-labelledby="my-requests-heading" style={{ marginTop: 24 }}>
        <h2 id="my-requests-heading">My requests</h2>
        <RequestFilterForm status={filters.status} searchable={false} clearTo={KAM_LIST_PATH} />
        <Table
          caption="My price-change requests"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty={
            filters.status === 'all'
              ? 'You have not asked for a price change yet.'
              : 'No request of yours has this status.'
          }
        />
        <Pagination page={filters.page} pageSize={filters.pageSize} total={total} capped={capped} shown={rows.length} />
      </section>
    </>
  )
}

function WithdrawButton({ id }: { id: number }) {
  return (
    <ConfirmDialog
      trigger="Withdraw"
      title={`Withdraw request #${id}?`}
      description="Admin will no longer see it; you can propose a new price afterwards."
    >
      <Form method="post" style={{ marginTop: 12 }}>
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="requestId" value={id} />
        <SubmitButton variant="danger" intent="withdraw" pendingText="Withdrawing…">
          Withdraw request #{id}
        </SubmitButton>
      </Form>
    </ConfirmDialog>
  )
}
