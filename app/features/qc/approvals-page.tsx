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
import { quantityInput } from '~/utils/quantity'
import { OVERRIDE_LABEL } from './findings'
import { LineFindings } from './findings-view'

type Data = Awaited<ReturnType<typeof qcApprovalsPage>>
type Card = Data['cards'][number]

type Line = Card['lines'][number]
type Typed = { line?: Record<string, { accepted?: string; rejected?: string }>; disposition?: string }

/** What the big button does and what each other decision means, in words. */
function Meaning({ card }: { card: Card }) {
  const split = (l: Line) => `line ${l.lineNo}: ${l.acceptable} of ${l.quantity} ${l.unit}`
  const rejectedLines = card.lines.filter((l) => l.acceptableMilli < l.quantityMilli)
  return (
    <div className="notice">
      <p>
        {card.decision === 'approve'
          ? `The inspector accepted all of it. Approving passes ${card.order_code} QC: its lines go on past the QC gate.`
          : card.decision === 'accept_part'
            ? `The inspector found part of it acceptable (${card.lines.map(split).join('; ')}). Partly approving keeps the accepted part on ${card.order_code}, which passes QC; the rejected part becomes a new seller order, to rework (inspected again) or cancelled.`
            : `The inspector accepted none of it. Rejecting sends ${card.order_code} back to the seller to rework; a new inspection is then scheduled.`}
      </p>
      {card.overridable ? (
        <p>
          Accepting more than the inspector found acceptable (
          {rejectedLines
            .map(
              (l) =>
                `line ${l.lineNo}: ${l.acceptable} ${l.unit}${
                  l.verdict === 'reject'
                    ? ', the plan rejects it'
                    : l.overLimitMilli > 0
                      ? `, without the rolls over the points limit (${l.overLimit} ${l.unit})`
                      : ''
                }`,
            )
            .join('; ')}
          ) is an override: it needs your reason, kept with the inspection and in its history.
        </p>
      ) : null}
    </div>
  )
}

/** Per line the accepted and rejected quantities, prefilled (or as typed), each refused at its field. */
function Quantities({
  id,
  card,
  typed,
  errors,
  prefill,
}: {
  id: string
  card: Card
  typed: Typed
  errors: Record<string, string[] | null>
  prefill: (line: Line) => { accepted: string; rejected: string }
}) {
  return (
    <>
      {card.lines.map((line) => {
        const a = `line.${line.subOrderId}.accepted`
        const r = `line.${line.subOrderId}.rejected`
        const start = prefill(line)
        return (
          <fieldset key={line.subOrderId} className="row quantities">
            <legend>
              Line {line.lineNo}: {line.sku}, {line.quantity} {line.unit} (the inspector found {line.acceptable}{' '}
              acceptable)
            </legend>
            <QuantityInput
              id={`${id}-${a}`}
              name={a}
              label={`Accepted (${line.unit})`}
              value={typed.line?.[line.subOrderId]?.accepted ?? start.accepted}
              errors={errors[a]}
            />
            <QuantityInput
              id={`${id}-${r}`}
              name={r}
              label={`Rejected (${line.unit})`}
              value={typed.line?.[line.subOrderId]?.rejected ?? start.rejected}
              errors={errors[r]}
            />
          </fieldset>
        )
      })}
    </>
  )
}

/** One line's accepted or rejected quantity: its label, the value typed (or proposed) and its errors. */
function QuantityInput(props: {
  id: string
  name: string
  label: string
  value: string | undefined
  errors: string[] | null | undefined
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        inputMode="decimal"
        defaultValue={props.value}
        aria-invalid={props.errors?.length ? true : undefined}
      />
      <ErrorList errors={props.errors} />
    </div>
  )
}

function Disposition({ typed, errors }: { typed: Typed; errors: Record<string, string[] | null> }) {
  return (
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
  )
}

function ApproveForm({ card, reply }: { card: Card; reply: Reply }) {
  const id = `approve-${card.id}`
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), {
    id,
    lastResult: replyFor(reply, id),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="step-form">
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value={id} />
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="inspection" value={card.id} />
      <Field label="Note to the seller (optional)" meta={fields.reason} />
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

function RejectFields({ card, id, reply }: { card: Card; id: string; reply: Reply }) {
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), {
    id,
    lastResult: replyFor(reply, id),
  })
  return (
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
  )
}

/** Rejecting where the inspector accepted something: behind a confirmation. */
function RejectForm({ card, reply }: { card: Card; reply: Reply }) {
  const id = `reject-${card.id}`
  return (
    <ConfirmDialog
      trigger="Reject"
      triggerVariant="danger"
      title={`Reject ${card.code}?`}
      description="The seller reworks the lot; a new inspection is then scheduled."
      defaultOpen={Boolean(replyFor(reply, id))}
    >
      <RejectFields card={card} id={id} reply={reply} />
    </ConfirmDialog>
  )
}

/**
 * Partly approve: per line accepted and rejected (prefilled with what the inspector found acceptable,
 * editable down, never above without the override), where the rest goes, why.
 */
function PartForm({ card, reply, open }: { card: Card; reply: Reply; open: boolean }) {
  const id = `part-${card.id}`
  const mine = replyFor(reply, id)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), { id, lastResult: mine })
  const errors = (mine?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.initialValue ?? {}) as Typed
  const body = (
    <Form method="post" {...getFormProps(form)} className="stack step-form" aria-label={`Partly approve ${card.code}`}>
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value={id} />
      <input type="hidden" name="intent" value="accept_part" />
      <input type="hidden" name="inspection" value={card.id} />
      <Quantities
        id={id}
        card={card}
        typed={typed}
        errors={errors}
        prefill={(l) => ({ accepted: l.acceptable, rejected: quantityInput(l.quantityMilli - l.acceptableMilli) })}
      />
      <Disposition typed={typed} errors={errors} />
      <Field label="Why" meta={fields.reason} hint="The seller reads it" />
      <div className="form-actions">
        <SubmitButton
          intent="accept_part"
          variant="primary"
          pendingText="Saving…"
          aria-label={`Partly approve: accept the accepted part (${card.code})`}
        >
          Partly approve: accept the accepted part
        </SubmitButton>
      </div>
    </Form>
  )
  if (open) return <section className="part-form">{body}</section>
  return (
    <details className="part-form" open={Boolean(mine)}>
      <summary>Accept less: part of the lot</summary>
      {body}
    </details>
  )
}

/** Accepting beyond what the inspector found: a separate, labelled action that needs a reason. */
function OverrideForm({ card, reply }: { card: Card; reply: Reply }) {
  const id = `override-${card.id}`
  const mine = replyFor(reply, id)
  const [form, fields] = useZodForm(() => import('./forms').then((m) => m.qcDecisionSchema), { id, lastResult: mine })
  const errors = (mine?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.initialValue ?? {}) as Typed
  return (
    <details className="part-form override-form" open={Boolean(mine)}>
      <summary>{OVERRIDE_LABEL}</summary>
      <p className="notice notice-warning">
        You accept more than the inspector found acceptable. Set what you accept per line; your reason is kept with the
        inspection and in its history (the seller does not read it).
      </p>
      <Form method="post" {...getFormProps(form)} className="stack step-form" aria-label={`Override ${card.code}`}>
        <ErrorSummary form={form} />
        <input type="hidden" name="form" value={id} />
        <input type="hidden" name="intent" value="override" />
        <input type="hidden" name="inspection" value={card.id} />
        <Quantities
          id={id}
          card={card}
          typed={typed}
          errors={errors}
          prefill={(l) => ({ accepted: l.quantity, rejected: '0' })}
        />
        <Disposition typed={typed} errors={errors} />
        <Field label="Why you accept against the inspector" meta={fields.overrideReason} hint="Staff only" />
        <Field
          label="Note to the seller"
          meta={fields.reason}
          hint="Needed when part is rejected; the seller reads it"
        />
        <div className="form-actions">
          <SubmitButton
            intent="override"
            variant="danger"
            pendingText="Saving…"
            aria-label={`${OVERRIDE_LABEL} (${card.code})`}
          >
            {OVERRIDE_LABEL}
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
      className={card.findings ? 'card qc-card failing' : 'card qc-card'}
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
      <p className={card.findings ? 'notice notice-warning' : 'notice'}>{card.sentence}</p>
      {card.lines.map((line) => (
        <LineFindings key={line.subOrderId} line={line} code={card.code} />
      ))}
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
      <Meaning card={card} />
      {card.decision === 'accept_part' ? <PartForm card={card} reply={reply} open /> : null}
      <div className="step-forms">
        {card.decision === 'approve' ? <ApproveForm card={card} reply={reply} /> : null}
        {card.decision === 'reject' ? (
          <RejectFields card={card} id={`reject-${card.id}`} reply={reply} />
        ) : (
          <RejectForm card={card} reply={reply} />
        )}
      </div>
      {card.decision === 'approve' ? <PartForm card={card} reply={reply} open={false} /> : null}
      {card.overridable ? <OverrideForm card={card} reply={reply} /> : null}
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
            met or a lot the plan rejects
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
