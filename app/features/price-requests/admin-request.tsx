import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import type { FormReply } from '~/platform/form-reply'
import { percentChange, percentOf } from './format'
import { orderPath } from '../orders/lens'
import type { RequestRecord } from './queries.server'
import { RequestStatusBadge } from './request-status'
import { statusLabels } from './shared'

export interface AdminRequestProps extends RequestRecord {
  history: ToldEntry[]
  reply: FormReply | null
}

const dash = <span className="muted">—</span>

const marginWords = (margin: { minor: number; bp: number } | null) =>
  margin === null
    ? dash
    : `${margin.minor < 0 ? '−' : ''}${formatMoney(Math.abs(margin.minor))} (${percentOf(margin.bp)})`

/** What the decision weighs (docs/domain.md "Approval rules"): the cost, the margins, the floor and the open orders. */
function MarginSection({ facts }: { facts: RequestRecord['facts'] }) {
  const { openOrders } = facts
  return (
    <section className="card" aria-labelledby="margin-heading">
      <h2 id="margin-heading">Cost and margin</h2>
      <dl className="details">
        <div>
          <dt>Cost</dt>
          <dd>
            {facts.costMinor === null ? (
              <span className="muted">no live seller offer with a cost</span>
            ) : (
              <>
                {formatMoney(facts.costMinor)} <span className="muted">the lowest live seller cost</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Margin now</dt>
          <dd>{marginWords(facts.marginNow)}</dd>
        </div>
        <div>
          <dt>Proposed margin</dt>
          <dd>
            {marginWords(facts.marginProposed)}
            {facts.belowCost ? (
              <>
                {' '}
                <Badge tone="danger">Below cost: it cannot be approved</Badge>
              </>
            ) : facts.floorBp !== null && facts.marginProposed && facts.marginProposed.bp < facts.floorBp ? (
              <>
                {' '}
                <Badge tone="warning">Below the floor</Badge>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Margin floor</dt>
          <dd>
            {facts.floorBp === null ? (
              <span className="muted">none{facts.category ? ` for ${facts.category}` : ''}</span>
            ) : (
              `${percentOf(facts.floorBp)} (${facts.category})`
            )}
          </dd>
        </div>
        <div>
          <dt>Open orders it would affect</dt>
          <dd data-testid="open-orders">
            {openOrders.count === 0 ? (
              'none'
            ) : (
              <>
                {openOrders.count === 1 ? '1 master order' : `${openOrders.count} master orders`} not yet invoiced:{' '}
                {openOrders.shown.map((o, i) => (
                  <span key={o.id}>
                    {i ? ', ' : ''}
                    <Link to={orderPath('admin', o.id)}>{o.code}</Link>
                  </span>
                ))}
                {openOrders.count > openOrders.shown.length ? ' …' : ''}
              </>
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}

/** One request as admin decides on it: prices, the buyer SKU's versions, approve or reject. */
export function AdminRequestPage({
  request: r,
  inForceVersionId,
  versions,
  unit,
  facts,
  history,
  reply,
}: AdminRequestProps) {
  const created = versions.find((v) => v.id === r.versionId)
  const difference = r.priceNowMinor === null ? null : r.proposedPriceMinor - r.priceNowMinor
  // The price it was made against (its base) is no longer the price in force: it must be looked at again.
  const moved = r.status === 'pending' && r.priceNowMinor !== null && r.priceNowMinor !== r.requestedAtPriceMinor
  return (
    <>
      <PageHeader title={`Price change #${r.id}`}>
        <RequestStatusBadge status={r.status} />
      </PageHeader>
      {r.status !== 'pending' ? (
        <section className="card" aria-labelledby="decision-heading">
          <h2 id="decision-heading">Decision</h2>
          <p>
            {statusLabels[r.status]} by {r.status === 'withdrawn' ? r.requesterName : (r.deciderName ?? 'someone')}
            {r.decidedAt ? ` at ${formatDateTime(r.decidedAt)}` : ''}.
            {created ? (
              <>
                {' '}
                It made <a href={`#version-${created.number}`}>version {created.number}</a>, in force from{' '}
                {formatDateTime(created.effectiveFrom)}.
              </>
            ) : null}
          </p>
          {r.decisionNote ? <p>Note: {r.decisionNote}</p> : null}
        </section>
      ) : null}
      <section className="card" aria-labelledby="prices-heading">
        <h2 id="prices-heading">Prices</h2>
        <dl className="details">
          <div>
            <dt>Price in force now</dt>
            <dd>{r.priceNowMinor === null ? dash : formatMoney(r.priceNowMinor)}</dd>
          </div>
          <div>
            <dt>Proposed price</dt>
            <dd>{formatMoney(r.proposedPriceMinor)}</dd>
          </div>
          <div>
            <dt>Against today’s price</dt>
            <dd>
              {difference === null
                ? dash
                : `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${formatMoney(Math.abs(difference))} (${percentChange(r.priceNowMinor, r.proposedPriceMinor)})`}
            </dd>
          </div>
          <div>
            <dt>Base price (made against)</dt>
            <dd>
              {formatMoney(r.requestedAtPriceMinor)} ({percentChange(r.requestedAtPriceMinor, r.proposedPriceMinor)}{' '}
              against it)
              {r.priceNowMinor !== null && r.priceNowMinor !== r.requestedAtPriceMinor ? (
                <>
                  {' '}
                  <Badge tone="warning">Changed since the request</Badge>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Effective from</dt>
            <dd>{r.effectiveFrom ? formatDate(r.effectiveFrom) : <span className="muted">on approval</span>}</dd>
          </div>
        </dl>
      </section>
      {moved ? (
        <section className="card" aria-labelledby="moved-heading" role="status">
          <h2 id="moved-heading">The price moved since this request was made</h2>
          <p>
            It was made against {formatMoney(r.requestedAtPriceMinor)}; the price in force is now{' '}
            {formatMoney(r.priceNowMinor!)}. The proposal of {formatMoney(r.proposedPriceMinor)} is{' '}
            {percentChange(r.requestedAtPriceMinor, r.proposedPriceMinor)} against the base it was made on and{' '}
            {percentChange(r.priceNowMinor, r.proposedPriceMinor)} against today’s price. It cannot be approved until
            someone looks at it again: confirm the proposal against the new price, or reject it.
          </p>
          <Form method="post" aria-label="Confirm against the new price">
            <input type="hidden" name="intent" value="rebase" />
            <SubmitButton intent="rebase" pendingText="Confirming…">
              Confirm {formatMoney(r.proposedPriceMinor)} against {formatMoney(r.priceNowMinor!)}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      <MarginSection facts={facts} />
      <section className="card" aria-labelledby="request-heading">
        <h2 id="request-heading">Request</h2>
        <dl className="details">
          <div>
            <dt>Buyer</dt>
            <dd>
              <Link to={`/buyers/${r.buyerId}`}>{r.buyerName}</Link>
            </dd>
          </div>
          <div>
            <dt>Buyer’s code</dt>
            <dd>{r.buyerCode}</dd>
          </div>
          <div>
            <dt>Product SKU</dt>
            <dd>
              {r.productSkuCode} {r.productSkuName}
            </dd>
          </div>
          <div>
            <dt>Requested by</dt>
            <dd>
              {r.requesterName} <span className="muted">{r.requesterEmail}</span>
            </dd>
          </div>
          <div>
            <dt>Requested</dt>
            <dd>{formatDateTime(r.createdAt)}</dd>
          </div>
        </dl>
        <h3 style={{ marginTop: 16 }}>Reason</h3>
        <p style={{ whiteSpace: 'pre-line' }}>{r.reason}</p>
      </section>
      {r.status === 'pending' ? (
        <section className="card" aria-labelledby="decide-heading">
          <h2 id="decide-heading">Decide</h2>
          <div className="grid-2">
            <DecisionForm intent="approve" reply={reply} />
            <DecisionForm intent="reject" reply={reply} />
          </div>
        </section>
      ) : null}
      <section className="stack" aria-labelledby="versions-heading" style={{ marginTop: 24 }}>
        <h2 id="versions-heading">Version history of {r.buyerCode}</h2>
        <Table
          caption="Versions of the buyer SKU"
          rows={versions}
          rowKey={(v) => v.id}
          columns={[
            {
              key: 'number',
              header: 'Version',
              cell: (v) => (
                <span id={`version-${v.number}`}>
                  {v.number}
                  {v.id === inForceVersionId ? (
                    <>
                      {' '}
                      <Badge tone="success">In force</Badge>
                    </>
                  ) : null}
                </span>
              ),
            },
            { key: 'price', header: 'Price', numeric: true, cell: (v) => formatMoney(v.priceMinor) },
            { key: 'moq', header: 'MOQ', numeric: true, cell: (v) => formatQuantity(v.moqMilli, unit) },
            { key: 'note', header: 'Note', cell: (v) => v.note ?? dash },
            { key: 'who', header: 'By', cell: (v) => v.createdByName ?? dash },
            { key: 'when', nowrap: true, header: 'Saved', cell: (v) => formatDateTime(v.createdAt) },
            { key: 'effective', nowrap: true, header: 'Effective from', cell: (v) => formatDateTime(v.effectiveFrom) },
          ]}
        />
      </section>
      <div style={{ marginTop: 24 }}>
        <History entries={history} />
      </div>
    </>
  )
}

function DecisionForm({ intent, reply }: { intent: 'approve' | 'reject'; reply: FormReply | null }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.decisionSchema), {
    id: intent,
    lastResult: reply?.form === intent ? reply.result : null,
  })
  const approve = intent === 'approve'
  const hintId = `${fields.note.id}-hint`
  return (
    <Form method="post" {...getFormProps(form)} aria-label={approve ? 'Approve' : 'Reject'}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor={fields.note.id}>{approve ? 'Note (optional)' : 'Why it is rejected'}</label>
        <span className="hint" id={hintId}>
          {approve
            ? 'Approving adds the buyer SKU’s next version at the proposed price.'
            : 'Required: the requester reads it.'}
        </span>
        <textarea {...getTextareaProps(fields.note, { ariaDescribedBy: hintId })} rows={3} />
        <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <SubmitButton
        variant={approve ? 'primary' : 'danger'}
        intent={intent}
        pendingText={approve ? 'Approving…' : 'Rejecting…'}
      >
        {approve ? 'Approve' : 'Reject'}
      </SubmitButton>
    </Form>
  )
}
