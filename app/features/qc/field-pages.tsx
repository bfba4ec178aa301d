import { formatDate, formatDay, formatTime } from '~/utils/format'
import { ErrorList } from '~/ui/field'
import { PageHeader } from '~/ui/shell'
import type { InspectionReply, OperatorInspection } from './field.server'
import { FindingInputs, FindingReview } from './field-findings'
import type { LineTyped, RollDraft } from './inspect'
import { ResultsTable } from './results-table'
import { inspectionStatusLabels, RECORDED_BY_ANOTHER } from './rules'

// The field operator's pages. They are plain HTML (the portal opts out of the React runtime), so
// they use plain <form> and <a> elements: every form posts and every link loads a page, with or
// without JavaScript. public/field.js adds the offline queue and shrinks photos before upload.

/** What the operator sees when the phone sent another person's form: nothing was sent. */
export function RecordedByAnother() {
  return (
    <div className="field-page">
      <div className="card" role="alert">
        <h1>Not sent</h1>
        <p>
          {RECORDED_BY_ANOTHER} The form was filled in while someone else was signed in on this phone; open the
          inspection and fill it in yourself.
        </p>
        <p>
          <a href="/field_operator/orders">My inspections</a>
        </p>
      </div>
    </div>
  )
}

type Task = {
  id: number
  code: string
  orderCode: string
  day: string
  slot: string
  seller: string
  phone: string | null
  address: string | null
  lines: { id: number; lineNo: number; sku: string; name: string; quantity: string; unit: string }[]
}

const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** Where and whom: the pickup address with a map link and the seller's phone as a tel: link. */
function Whereabouts({ seller, address, phone }: { seller: string; address: string | null; phone: string | null }) {
  return (
    <dl className="field-facts">
      <dt>Seller</dt>
      <dd>{seller}</dd>
      <dt>Pickup address</dt>
      <dd>
        {address ? (
          <>
            {address}{' '}
            <a href={mapLink(address)} rel="noreferrer" target="_blank">
              Map
            </a>
          </>
        ) : (
          <span className="muted">No address on record: call the seller</span>
        )}
      </dd>
      <dt>Phone</dt>
      <dd>{phone ? <a href={telLink(phone)}>{phone}</a> : <span className="muted">None on record</span>}</dd>
    </dl>
  )
}

function TaskCard({ task }: { task: Task }) {
  return (
    <li className="card task">
      <h3>
        <a href={`/field_operator/orders/${task.id}`} data-offline>
          {task.code} · {task.seller}
        </a>
      </h3>
      <p className="task-when">
        {formatDay(task.day)}, {task.slot} · {task.orderCode}
      </p>
      <Whereabouts seller={task.seller} address={task.address} phone={task.phone} />
      <ul className="task-lines">
        {task.lines.map((line) => (
          <li key={line.id}>
            {line.sku} {line.name}:{' '}
            <strong>
              {line.quantity} {line.unit}
            </strong>
          </li>
        ))}
      </ul>
      <a className="btn btn-primary btn-block" href={`/field_operator/orders/${task.id}`}>
        Inspect
      </a>
    </li>
  )
}

function TaskGroup({ title, tasks, empty }: { title: string; tasks: Task[]; empty: string }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {tasks.length ? (
        <ul className="tasks">
          {tasks.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  )
}

/** The operator's task list: overdue, today's and upcoming inspections, and what was sent lately. */
export function TaskList({
  overdue,
  today_,
  upcoming,
  sent,
}: {
  overdue: Task[]
  today_: Task[]
  upcoming: Task[]
  sent: { id: number; code: string; orderCode: string; seller: string; status: string; receivedAt: string }[]
}) {
  return (
    <div className="field-page">
      <PageHeader title="My inspections" />
      <div id="field-queue" className="field-queue" hidden aria-live="polite" />
      {overdue.length ? <TaskGroup title="Overdue" tasks={overdue} empty="" /> : null}
      <TaskGroup title="Today" tasks={today_} empty="Nothing to inspect today." />
      <TaskGroup title="Upcoming" tasks={upcoming} empty="Nothing scheduled after today." />
      <section aria-label="Sent lately">
        <h2>Sent lately</h2>
        {sent.length ? (
          <ul className="sent-list">
            {sent.map((s) => (
              <li key={s.id}>
                <a href={`/field_operator/orders/${s.id}`}>{s.code}</a> · {s.seller} ·{' '}
                {inspectionStatusLabels[s.status as keyof typeof inspectionStatusLabels] ?? s.status} · received{' '}
                {formatDate(s.receivedAt)} {formatTime(s.receivedAt)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Nothing sent yet.</p>
        )}
      </section>
    </div>
  )
}

/** The errors of a reply by field name, and what was typed. */
function replyParts(reply: InspectionReply | null | undefined) {
  const errors = (reply?.error ?? {}) as Record<string, string[] | null>
  const typed = (reply?.initialValue ?? {}) as {
    intent?: string
    value?: Record<string, Record<string, string>>
    line?: Record<string, { accepted?: string; rejected?: string }>
    lot?: Record<string, string>
    count?: Record<string, Record<string, string>>
    roll?: Record<string, Record<string, TypedRoll>>
    notes?: string
    photoDefect?: string
  }
  return { errors, typed, formErrors: errors[''] ?? [] }
}

type TypedRoll = {
  no?: string
  shade?: string
  length?: string
  width?: string
  defect?: Record<string, { type?: string; size?: string; unit?: string }>
}

/** Rows keyed by number as a list, a missing row empty. */
function listOf<T, U>(record: Record<string, T> | undefined, map: (row: T | undefined) => U): U[] {
  const keys = Object.keys(record ?? {})
    .map(Number)
    .filter((k) => Number.isInteger(k) && k < 60)
  return Array.from({ length: keys.length ? Math.max(...keys) + 1 : 0 }, (_, i) => map(record?.[String(i)]))
}

/** What was typed on a line, from the form sent back (a refusal, "show the verdict") or else the saved draft. */
function lineTyped(
  lineId: number,
  typed: ReturnType<typeof replyParts>['typed'],
  replied: boolean,
  draft: OperatorInspection['draft'],
): LineTyped {
  if (!replied)
    return {
      lot: draft?.lots?.[lineId] ?? '',
      counts: draft?.counts?.[lineId] ?? {},
      rolls: draft?.rolls?.[lineId] ?? [],
    }
  return {
    lot: typed.lot?.[lineId] ?? '',
    counts: typed.count?.[lineId] ?? {},
    rolls: listOf(typed.roll?.[lineId], (r): RollDraft => ({
      no: r?.no ?? '',
      shade: r?.shade ?? '',
      length: r?.length ?? '',
      width: r?.width ?? '',
      defects: listOf(r?.defect, (d) => ({ type: d?.type ?? '', size: d?.size ?? '', unit: d?.unit ?? 'in' })),
    })),
  }
}

function Summary({ reply, id }: { reply: InspectionReply | null | undefined; id: string }) {
  const { errors } = replyParts(reply)
  const entries = Object.entries(errors).filter(([, list]) => list?.length)
  if (!entries.length) return null
  return (
    // autoFocus: the refused form's summary takes focus
    <div className="form-error error-summary" role="alert" id={`${id}-error`} tabIndex={-1} autoFocus>
      {entries
        .filter(([name]) => name === '')
        .flatMap(([, list]) => list ?? [])
        .map((message) => (
          <p key={message}>{message}</p>
        ))}
      {entries.some(([name]) => name !== '') ? (
        <ul>
          {entries
            .filter(([name]) => name !== '')
            .map(([name, list]) => (
              <li key={name}>
                <a href={`#${name.replace(/\./g, '-')}`}>{list?.[0]}</a>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  )
}

function Input({
  name,
  label,
  hint,
  errors,
  defaultValue,
  numeric,
}: {
  name: string
  label: string
  hint?: string
  errors?: string[] | null
  defaultValue: string
  numeric?: boolean
}) {
  const id = name.replace(/\./g, '-')
  const described =
    [hint ? `${id}-hint` : null, errors?.length ? `${id}-errors` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="muted hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        inputMode={numeric ? 'decimal' : undefined}
        autoComplete="off"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
      />
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  )
}

function Photos({ inspectionId, photos }: { inspectionId: number; photos: OperatorInspection['photos'] }) {
  if (!photos.length) return null
  return (
    <ul className="photo-list">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a href={`/qc_photos/${photo.id}`}>
            <img
              src={`/qc_photos/${photo.id}?size=thumb`}
              alt={`Photo ${photo.id} of inspection ${inspectionId}`}
              width={96}
              height={Math.round((96 * photo.height) / Math.max(photo.width, 1))}
              loading="lazy"
            />
          </a>
          {photo.defect ? <span className="muted"> {photo.defect}</span> : null}
        </li>
      ))}
    </ul>
  )
}

/** The inspection page: the form, its review, or the receipt once sent. */
export function InspectionPage({
  inspection,
  step,
  reply,
}: {
  inspection: OperatorInspection
  step: 'form' | 'review'
  reply: InspectionReply | null | undefined
}) {
  const page = `/field_operator/orders/${inspection.id}`
  const header = (
    <>
      <PageHeader title={`${inspection.code} · ${inspection.seller}`} />
      <p className="task-when">
        {formatDay(inspection.day)}, {inspection.slot} · {inspection.orderCode}
      </p>
      <Whereabouts seller={inspection.seller} address={inspection.address} phone={inspection.phone} />
      <div id="field-queue" className="field-queue" hidden aria-live="polite" />
    </>
  )
  if (inspection.status !== 'scheduled') {
    return (
      <div className="field-page">
        {header}
        <div className="notice received" role="status">
          <h2>
            {inspection.receivedAt
              ? `Received at ${formatTime(inspection.receivedAt)}`
              : inspectionStatusLabels[inspection.status]}
          </h2>
          <p>
            {inspection.receivedAt ? `Sent on ${formatDate(inspection.receivedAt)}. ` : ''}
            Now: {inspectionStatusLabels[inspection.status].toLowerCase()}.
          </p>
        </div>
        <p>
          <a href="/field_operator/orders">Back to my inspections</a>
        </p>
      </div>
    )
  }
  if (step === 'review' && inspection.draft && inspection.draftKey) {
    // One sentence from the whole verdict: conditions, each line's plan and its rolls (verdict.ts).
    const failing = inspection.verdict.findings
    return (
      <div className="field-page">
        {header}
        <h2>Check before you send</h2>
        <Summary reply={reply} id="send" />
        <p className={failing ? 'notice notice-warning' : 'notice'}>
          {inspection.verdict.sentence}
          {failing ? ' The QC team decides on the lot.' : ''}
        </p>
        {inspection.lines.map((line) => (
          <section key={line.id} className="card review-line" aria-label={`Line ${line.lineNo}`}>
            <h3>
              Line {line.lineNo}: {line.sku} {line.name}
            </h3>
            <ResultsTable
              caption={`Results of line ${line.lineNo}`}
              rows={line.conditions.map((c) => ({
                key: c.id,
                name: c.lab ? `${c.name} (lab)` : c.name,
                rule: c.rule,
                value: c.value,
                unit: c.unit,
                verdict: c.verdict,
                severity: c.severity,
              }))}
            />
            {line.setup && line.finding ? (
              <FindingReview lineNo={line.lineNo} finding={line.finding} setup={line.setup} />
            ) : null}
            <p>
              Accepted {inspection.draft!.lines[line.id]?.accepted || '—'} {line.unit} · rejected{' '}
              {inspection.draft!.lines[line.id]?.rejected || '0'} {line.unit} of {line.quantity} {line.unit}
            </p>
          </section>
        ))}
        {inspection.draft.notes ? <p>Notes: {inspection.draft.notes}</p> : null}
        <Photos inspectionId={inspection.id} photos={inspection.photos} />
        <form method="post" action={page} id="send" data-field-submit>
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="key" value={inspection.draftKey} />
          <input type="hidden" name="owner" value={inspection.ownerToken} />
          <input type="hidden" name="label" value={inspection.code} />
          <button type="submit" className="btn btn-primary btn-block">
            Send the results
          </button>
        </form>
        <p>
          <a href={`${page}?step=form`}>Change the results</a>
        </p>
      </div>
    )
  }
  const { errors, typed } = replyParts(reply)
  const draft = inspection.draft
  // The defect types a photo may show: those of the inspection's categories, once each.
  const photoDefects = [
    ...new Map(inspection.lines.flatMap((l) => l.setup?.defectTypes ?? []).map((t) => [t.id, t])).values(),
  ]
  return (
    <div className="field-page">
      {header}
      <form
        method="post"
        action={page}
        encType="multipart/form-data"
        id="inspection"
        className="inspection-form"
        data-field-form
        noValidate
      >
        <Summary reply={reply} id="inspection" />
        <input type="hidden" name="key" value={inspection.sendKey} />
        {/* Whom the form was served to: a replay under another person's session is refused (owner-token.server.ts). */}
        <input type="hidden" name="owner" value={inspection.ownerToken} />
        {/* What the phone calls the form while it waits to be sent (public/field.js, field-sw.js). */}
        <input type="hidden" name="label" value={inspection.code} />
        {inspection.lines.map((line) => (
          <fieldset key={line.id} className="card">
            {/* The line's heading (an h2 under the page's h1): its sample and defects are h3s under it. */}
            <legend>
              <h2>
                Line {line.lineNo}: {line.sku} {line.name}, {line.quantity} {line.unit}
              </h2>
            </legend>
            {line.conditions.length === 0 ? (
              <p className="muted">This category has no QC conditions: record the quantities.</p>
            ) : null}
            {line.conditions.map((c) => {
              const name = `value.${line.id}.${c.id}`
              return (
                <Input
                  key={c.id}
                  name={name}
                  label={`${c.name}${c.unit ? ` (${c.unit})` : ''}`}
                  hint={`${c.lab ? 'Lab result: pass' : 'Pass'} when ${c.rule} · ${c.severity}`}
                  errors={errors[name]}
                  defaultValue={typed.value?.[line.id]?.[c.id] ?? draft?.values[line.id]?.[c.id] ?? ''}
                  numeric={c.numeric}
                />
              )
            })}
            {line.setup ? (
              <FindingInputs
                line={line}
                setup={line.setup}
                typed={lineTyped(line.id, typed, Boolean(reply), draft)}
                errors={errors}
                more={typed.intent ?? ''}
              />
            ) : null}
            <div className="row quantities" data-quantities-for={line.id}>
              <Input
                name={`line.${line.id}.accepted`}
                label={`Accepted (${line.unit})`}
                errors={errors[`line.${line.id}.accepted`]}
                defaultValue={
                  typed.line?.[line.id]?.accepted ??
                  draft?.lines[line.id]?.accepted ??
                  // By the book the proposal follows the verdict when left empty; else all accepted, as before.
                  (line.setup && line.setup.method !== 'none' ? '' : line.quantity)
                }
                numeric
              />
              <Input
                name={`line.${line.id}.rejected`}
                label={`Rejected (${line.unit})`}
                errors={errors[`line.${line.id}.rejected`]}
                defaultValue={typed.line?.[line.id]?.rejected ?? draft?.lines[line.id]?.rejected ?? ''}
                numeric
              />
            </div>
          </fieldset>
        ))}
        <div className="field">
          <label htmlFor="notes">Notes</label>
          <textarea id="notes" name="notes" rows={3} defaultValue={typed.notes ?? draft?.notes ?? ''} />
          <ErrorList errors={errors.notes} />
        </div>
        <div className="field">
          <label htmlFor="photos">Photos</label>
          <p className="muted hint" id="photos-hint">
            JPEG, PNG or WebP, up to 10 MB each, five at a time
          </p>
          <input
            id="photos"
            name="photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby="photos-hint"
            aria-invalid={errors.photos?.length ? true : undefined}
          />
          <ErrorList errors={errors.photos} />
        </div>
        {photoDefects.length ? (
          <div className="field">
            <label htmlFor="photoDefect">Defect the new pictures show</label>
            <select
              id="photoDefect"
              name="photoDefect"
              defaultValue={String(typed.photoDefect ?? '')}
              aria-invalid={errors.photoDefect?.length ? true : undefined}
            >
              <option value="">No defect in particular</option>
              {photoDefects.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.severity})
                </option>
              ))}
            </select>
            <ErrorList errors={errors.photoDefect} />
          </div>
        ) : null}
        {inspection.photos.length ? (
          <fieldset className="kept-photos">
            <legend>Photos added</legend>
            <Photos inspectionId={inspection.id} photos={inspection.photos} />
            {inspection.photos.map((photo) => (
              <label key={photo.id} className="check">
                <input type="checkbox" name="removePhoto" value={photo.id} /> Remove photo {photo.id}
              </label>
            ))}
          </fieldset>
        ) : null}
        {/* Offline, public/field.js shows the verdicts worked out on the phone here before the form is kept. */}
        <section id="field-check" className="notice" hidden aria-labelledby="field-check-title">
          <h2 id="field-check-title">Check before it is kept</h2>
          <p>
            No connection: the verdicts below are worked out on this phone. The results are kept on it, sent when the
            connection returns and judged again on receipt.
          </p>
          <ul />
          <button type="button" className="btn btn-primary btn-block">
            Keep and send when online
          </button>
        </section>
        <button type="submit" name="intent" value="review" className="btn btn-primary btn-block">
          Review the results
        </button>
      </form>
    </div>
  )
}
