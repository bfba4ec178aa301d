import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { FilterActions, SearchFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { formatDateTime, formatDay } from '~/utils/format'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { qcApprovalsPage } from './approvals.server'
import { ResultsTable } from './results-table'

type Data = Awaited<ReturnType<typeof qcApprovalsPage>>
type Card = Data['cards'][number]

/** The results of a line: each condition, what was measured, pass or fail (failing ones marked, with severity). */
function Results({ card }: { card: Card }) {
  return (
    <>
      {card.lines.map((line) => (
        <div key={line.subOrderId} className="review-line">
          <h3>
            Line {line.lineNo}: {line.sku} {line.name} · {line.quantity} {line.unit} · accepted {line.accepted},
            rejected {line.rejected}
          </h3>
          {line.results.length ? (
            <ResultsTable
              caption={`Results of line ${line.lineNo} of ${card.code}`}
              rows={line.results.map((r) => ({
                key: r.name,
                name: r.name,
                rule: r.rule,
                value: r.value,
                unit: r.unit,
                verdict: r.verdict,
                severity: r.severity,
              }))}
            />
          ) : (
            <p className="muted">No conditions to check for this category.</p>
          )}
        </div>
      ))}
    </>
  )
}

function ApproveForm({ card, reply }: { card: Card; reply: Reply }) {
  const id = `approve-${card.id}`
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), {
    id,
    lastResult: replyFor(reply, id),
  })
  const rejected = card.lines.some((l) => l.rejected !== '0')
  return (
    <Form method="post" {...getFormProps(form)} className="step-form">
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value={id} />
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="inspection" value={card.id} />
      {rejected ? (
        <Field
          label="Note (optional)"
          meta={fields.reason}
          hint="The operator rejected part of the lot: approving accepts all of it"
        />
      ) : null}
      <SubmitButton
        intent="approve"
        variant="primary"
        pendingText="Approving…"
        aria-label={`Approve: QC passed (${card.code})`}
      >
        Approve: QC passed
      </SubmitButton>
    </Form>
  )
}

function RejectForm({ card, reply }: { card: Card; reply: Reply }) {
  const id = `reject-${card.id}`
  const mine = replyFor(reply, id)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), { id, lastResult: mine })
  return (
    <ConfirmDialog
      trigger="Reject"
      triggerVariant="danger"
      title={`Reject ${card.code}?`}
      description="The seller reworks the lot; a new inspection is then scheduled."
      defaultOpen={Boolean(mine)}
    >
      <Form method="post" {...getFormProps(form)} className="step-form">
        <ErrorSummary form={form} />
        <input type="hidden" name="form" value={id} />
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="inspection" value={card.id} />
        <Field label="Why" meta={fields.reason} hint="The seller reads it, with the conditions not met" />
        <div className="form-actions">
          <SubmitButton
            intent="reject"
            variant="danger"
            pendingText="Rejecting…"
            aria-label={`Reject: QC failed (${card.code})`}
          >
            Reject: QC failed
          </SubmitButton>
        </div>
      </Form>
    </ConfirmDialog>
  )
}

/** Accept part of the lot: per line accepted and rejected (prefilled with the operator's), where the rest goes, why. */
function PartForm({ card, reply }: { card: Card; reply: Reply }) {
  const id = `part-${card.id}`
  const mine = replyFor(reply, id)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), { id, lastResult: mine })
  const errors = (mine?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.initialValue ?? {}) as {
    line?: Record<string, { accepted?: string; rejected?: string }>
    disposition?: string
  }
  return (
    <details className="part-form" open={Boolean(mine)}>
      <summary>Accept part of the lot</summary>
      <Form method="post" {...getFormProps(form)} className="form-grid">
        <ErrorSummary form={form} />
        <input type="hidden" name="form" value={id} />
        <input type="hidden" name="intent" value="accept_part" />
        <input type="hidden" name="inspection" value={card.id} />
        {card.lines.map((line) => {
          const a = `line.${line.subOrderId}.accepted`
          const r = `line.${line.subOrderId}.rejected`
          return (
            <fieldset key={line.subOrderId} className="row quantities">
              <legend>
                Line {line.lineNo}: {line.sku}, {line.quantity} {line.unit}
              </legend>
              <div className="field">
                <label htmlFor={`${id}-${a}`}>Accepted ({line.unit})</label>
                <input
                  id={`${id}-${a}`}
                  name={a}
                  inputMode="decimal"
                  defaultValue={typed.line?.[line.subOrderId]?.accepted ?? line.accepted}
                  aria-invalid={errors[a]?.length ? true : undefined}
                />
                <ErrorList errors={errors[a]} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-${r}`}>Rejected ({line.unit})</label>
                <input
                  id={`${id}-${r}`}
                  name={r}
                  inputMode="decimal"
                  defaultValue={typed.line?.[line.subOrderId]?.rejected ?? line.rejected}
                  aria-invalid={errors[r]?.length ? true : undefined}
                />
                <ErrorList errors={errors[r]} />
              </div>
            </fieldset>
          )
        })}
        <fieldset className="choices field">
          <legend>The rejected part</legend>
          <label>
            <input
              type="radio"
              name="disposition"
              value="rework"
              defaultChecked={(typed.disposition ?? 'rework') === 'rework'}
            />{' '}
            goes back to the seller to rework (inspected again)
          </label>
          <label>
            <input type="radio" name="disposition" value="cancel" defaultChecked={typed.disposition === 'cancel'} /> is
            cancelled
          </label>
          <ErrorList errors={errors.disposition} />
        </fieldset>
        <Field label="Why" meta={fields.reason} hint="The seller reads it" />
        <div className="form-actions">
          <SubmitButton
            intent="accept_part"
            variant="primary"
            pendingText="Saving…"
            aria-label={`Accept the accepted part (${card.code})`}
          >
            Accept the accepted part
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}

function InspectionCard({ card, portal, reply }: { card: Card; portal: Data['portal']; reply: Reply }) {
  const heading = `qc-${card.id}-heading`
  const orderBase = portal === 'admin' ? '/admin' : '/biz_ops_team'
  return (
    <section
      className={card.failed_count ? 'card qc-card failing' : 'card qc-card'}
      id={`inspection-${card.id}`}
      aria-labelledby={heading}
    >
      <h2 id={heading}>
        {card.code} · {card.seller}
      </h2>
      <p>
        <Link to={`${orderBase}/master_orders/${card.master_order_id}`}>{card.order_code}</Link> · inspected by{' '}
        {card.operator} on {formatDay(card.scheduled_on)}, {card.slot} · received{' '}
        {card.received_at ? formatDateTime(card.received_at) : ''}
      </p>
      <p className={card.failed_count ? 'notice notice-warning' : 'notice'}>
        {card.failed_count
          ? `${card.failed_count} condition${card.failed_count === 1 ? '' : 's'} not met`
          : 'Every condition met'}
      </p>
      <Results card={card} />
      {card.notes ? <p>Operator’s notes: {card.notes}</p> : null}
      {card.photos.length ? (
        <ul className="photo-list" aria-label={`Photos of ${card.code}`}>
          {card.photos.map((p) => (
            <li key={p.id}>
              <a href={`/qc_photos/${p.id}`} target="_blank" rel="noreferrer">
                <img
                  src={`/qc_photos/${p.id}?size=thumb`}
                  alt={`Photo ${p.id} of ${card.code} (opens full size)`}
                  width={120}
                  height={Math.round((120 * p.height) / Math.max(p.width, 1))}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No photos.</p>
      )}
      <div className="step-forms">
        <ApproveForm card={card} reply={reply} />
        <RejectForm card={card} reply={reply} />
      </div>
      <PartForm card={card} reply={reply} />
    </section>
  )
}

/** Submitted inspections waiting for a decision, oldest first. */
export function QcApprovals({ data, reply }: { data: Data; reply: Reply }) {
  const { filters, path } = data
  const filtering = Boolean(filters.q || filters.seller || filters.failing)
  return (
    <div className="orders approvals">
      <PageHeader title="QC inspections to approve" />
      <Form method="get" className="filters" role="search" aria-label="Filter the inspections waiting">
        <SearchFilter value={filters.q} placeholder="QC-2026-000123 or SO-…" />
        <PickerFilter
          name="seller"
          label="Seller"
          kind="seller"
          value={filters.seller}
          error={data.sellerError}
          choices={data.sellerChoices}
          placeholder="Name, e-mail or GSTIN"
        />
        <div className="field checks">
          <label>
            <input type="checkbox" name="failing" value="1" defaultChecked={filters.failing} /> Only with conditions not
            met
          </label>
        </div>
        <FilterActions
          sort="received"
          dir="asc"
          defaultSort="received"
          defaultDir="asc"
          clearTo={path}
          filtering={filtering}
        />
      </Form>
      <ListSummary total={data.total} noun="inspection" matching={filtering && 'these filters'}>
        <span className="muted">Oldest received first</span>
      </ListSummary>
      {data.cards.length === 0 ? (
        <p className="card muted">
          {filtering ? 'No inspection waiting matches these filters.' : 'No inspection is waiting for a decision.'}
        </p>
      ) : null}
      {data.cards.map((card) => (
        <InspectionCard key={card.id} card={card} portal={data.portal} reply={reply} />
      ))}
      <Pagination page={filters.page} pageSize={data.pageSize} total={data.total} />
    </div>
  )
}
