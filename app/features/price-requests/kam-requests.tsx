import { Form } from '@remix-run/react'
import { Badge } from '~/ui/badge'
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
    {
      key: 'was',
      header: 'Base price (made against)',
      numeric: true,
      cell: (r) => (
        <>
          {formatMoney(r.requestedAtPriceMinor)}
          {r.baseMovedToMinor !== null ? (
            <>
              <br />
              <Badge tone="warning">Moved</Badge>{' '}
              <span className="price-nowrap">now {formatMoney(r.baseMovedToMinor)}</span>
            </>
          ) : null}
        </>
      ),
    },
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
      cell: (r) =>
        r.status === 'pending' ? (
          <>
            {r.baseMovedToMinor !== null ? (
              <RebaseForm id={r.id} proposedMinor={r.proposedPriceMinor} baseMinor={r.baseMovedToMinor} />
            ) : null}
            <WithdrawButton id={r.id} />
          </>
        ) : null,
    },
  ]
  return (
    <>
      <PageHeader title="Price-change requests" />
      <NewRequest {...newRequest} />
      <section className="stack" aria-labelledby="my-requests-heading" style={{ marginTop: 24 }}>
        <h2 id="my-requests-heading">My requests</h2>
        <RequestFilterForm status={filters.status} searchable={false} clearTo={KAM_LIST_PATH} />
        {rows.some((r) => r.baseMovedToMinor !== null) ? (
          <p className="notice-warning" role="status">
            The price moved since some of these requests were made (marked “Moved”): admin cannot approve them until you
            confirm the proposal against the price in force now, or withdraw it.
          </p>
        ) : null}
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

/**
 * The price moved since the request was made: it cannot be approved until someone confirms the
 * proposal against the price in force (or withdraws it). A plain form, so it works without JavaScript.
 */
function RebaseForm({ id, proposedMinor, baseMinor }: { id: number; proposedMinor: number; baseMinor: number }) {
  return (
    <Form method="post" aria-label={`Confirm request #${id} against the new price`} style={{ marginBottom: 8 }}>
      <input type="hidden" name="intent" value="rebase" />
      <input type="hidden" name="requestId" value={id} />
      <SubmitButton intent="rebase" pendingText="Confirming…">
        Confirm {formatMoney(proposedMinor)} against {formatMoney(baseMinor)}
      </SubmitButton>
    </Form>
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
