import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { Details, type Detail } from '~/ui/details'
import { ErrorSummary } from '~/ui/field'
import { FilterActions, SearchFilter, SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { formatDateTime, formatMoney } from '~/utils/format'
import type { ApprovalQueueData, ApprovalRow } from './approvals.server'
import { CounterOfferNotice, day, DecisionForms, lineItemColumns } from './decision-forms'
import { replyFor, type Reply } from '~/platform/form-reply'

const BULK = 'bulk-approve'

/** One seller order waiting: what was ordered from whom, at what cost, since when; and the decisions. */
function WaitingCard({ row, may, reply }: { row: ApprovalRow; may: ApprovalQueueData['may']; reply: Reply }) {
  const facts: Detail[] = [{ label: 'Order', value: <Link to={row.masterOrder.path}>{row.masterOrder.code}</Link> }]
  if (row.buyerName) facts.push({ label: 'Buyer', value: row.buyerName })
  facts.push({ label: 'Waiting since', value: formatDateTime(row.waitingSince) })
  if (row.firstApproval)
    facts.push({
      label: 'First approval',
      value: `by ${row.firstApproval.by}, ${formatDateTime(row.firstApproval.at)}: a different person approves it next`,
    })
  if (row.costMinor !== null) facts.push({ label: 'Cost', value: formatMoney(row.costMinor) })
  if (row.valueMinor !== null) facts.push({ label: 'Value', value: formatMoney(row.valueMinor) })
  if (row.valueMinor !== null && row.costMinor !== null)
    facts.push({ label: 'Margin', value: formatMoney(row.valueMinor - row.costMinor) })
  const heading = `waiting-${row.id}-heading`
  return (
    <section className="card seller-order" id={`seller-order-${row.id}`} aria-labelledby={heading}>
      <div className="card-heading">
        <input
          type="checkbox"
          name="sellerOrder"
          value={row.id}
          form={BULK}
          id={`tick-${row.id}`}
          aria-label={`Tick ${row.code} to approve it with the others ticked`}
        />
        <h2 id={heading}>
          <label htmlFor={`tick-${row.id}`}>
            {row.code} · {row.sellerName}
          </label>
        </h2>
      </div>
      <Details items={facts} />
      <CounterOfferNotice sellerOrder={row} />
      <Table
        caption={`Lines of ${row.code}`}
        rows={row.lines}
        rowKey={(l) => l.id}
        columns={[
          ...lineItemColumns<ApprovalRow['lines'][number]>(),
          ...(row.lines.some((l) => l.costMinor !== null)
            ? [
                {
                  key: 'cost',
                  header: 'Cost',
                  numeric: true,
                  cell: (l: ApprovalRow['lines'][number]) => `${formatMoney(l.costMinor ?? 0)}/${l.unit}`,
                },
              ]
            : []),
          ...(row.lines.some((l) => l.priceMinor !== null)
            ? [
                {
                  key: 'price',
                  header: 'Price',
                  numeric: true,
                  cell: (l: ApprovalRow['lines'][number]) => `${formatMoney(l.priceMinor ?? 0)}/${l.unit}`,
                },
              ]
            : []),
          { key: 'needed', header: 'Needed by', nowrap: true, cell: (l) => day(l.requiredBy) },
        ]}
      />
      <DecisionForms sellerOrder={row} may={may} reply={reply} only={['approve', 'reject']} />
    </section>
  )
}

/** Approving several at once: the ticks are on the cards, tied to this form by its id (no nested forms). */
function BulkApproveForm({ count, reply }: { count: number; reply: Reply }) {
  const [form] = useZodForm(() => import('./forms').then((m) => m.bulkApproveSchema), {
    id: BULK,
    lastResult: replyFor(reply, BULK),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card bulk-approve">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="bulk_approve" />
      <input type="hidden" name="form" value={BULK} />
      <p className="muted">
        Tick the seller orders below that can be approved as they stand, then approve them together. Each is decided on
        its own: one that someone else has just decided is left as it is, and you are told.
      </p>
      <div className="form-actions">
        <SubmitButton intent="bulk_approve" variant="primary" pendingText="Approving…" disabled={count === 0}>
          Approve the ticked seller orders
        </SubmitButton>
      </div>
    </Form>
  )
}

/** The seller orders waiting for approval, oldest first, each with its decisions; filters in the URL. */
export function ApprovalQueue({
  rows,
  total,
  filters,
  may,
  path,
  buyerError,
  buyerChoices,
  sellerError,
  sellerChoices,
  reply,
}: ApprovalQueueData & { reply: Reply }) {
  const filtering = Boolean(filters.q || filters.buyer || filters.seller || filters.offer)
  return (
    <div className="orders approvals">
      <PageHeader title="Seller orders to approve" />
      <Form method="get" className="filters" role="search" aria-label="Filter the seller orders waiting">
        <SearchFilter value={filters.q} placeholder="SO-2026-000123 or MO-…" />
        <PickerFilter
          name="seller"
          label="Seller"
          kind="seller"
          value={filters.seller}
          error={sellerError}
          choices={sellerChoices}
          placeholder="Name, e-mail or GSTIN"
        />
        <PickerFilter
          name="buyer"
          label="Buyer"
          kind="buyer"
          value={filters.buyer}
          error={buyerError}
          choices={buyerChoices}
          placeholder="Name, e-mail or GSTIN"
        />
        <SelectFilter
          name="offer"
          label="Counter-offer"
          value={filters.offer}
          any="With or without"
          options={[
            { value: 'with', label: 'Counter-offer recorded' },
            { value: 'without', label: 'No counter-offer' },
          ]}
        />
        <FilterActions
          sort={filters.sort}
          dir={filters.dir}
          defaultSort="waiting"
          defaultDir="asc"
          clearTo={path}
          filtering={filtering}
        />
      </Form>
      <ListSummary total={total} noun="seller order" matching={filtering && 'these filters'}>
        <span className="muted">Oldest first</span>
      </ListSummary>
      {rows.length ? (
        <BulkApproveForm count={rows.length} reply={reply} />
      ) : (
        <p className="card muted">
          {filtering
            ? 'No seller order waiting for approval matches these filters.'
            : 'No seller order is waiting for approval.'}
        </p>
      )}
      {rows.map((row) => (
        <WaitingCard key={row.id} row={row} may={may} reply={reply} />
      ))}
      <Pagination page={filters.page} pageSize={filters.pageSize} total={total} />
    </div>
  )
}
