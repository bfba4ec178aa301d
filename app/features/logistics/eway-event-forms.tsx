import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { replyFor, type Reply } from '~/platform/form-reply'
import { formatDateTime } from '~/utils/format'
import { CANCEL_REASONS, EXTEND_REASONS, PART_B_REASONS, STATE_CHOICES } from './eway-rules'
import type { BookingPageData } from './pages.server'
import { ewayJsonPath } from './shared'

// The e-way bill after generation on the booking page (issue 52): cancel, Part-B, extend, each a
// plain form (in a <details>, open when it comes back with errors) that works without JavaScript,
// and the history of what was done with the JSON the portal takes for each.

type Intent = 'eway_cancel' | 'eway_part_b' | 'eway_extend'
const options = (codes: Record<number, string>) =>
  Object.entries(codes).map(([value, label]) => ({ value, label: `${value} – ${label}` }))
const STATES = STATE_CHOICES.map(([code, name]) => ({ value: String(code), label: name }))
const KIND_NAMES = { cancel: 'Cancelled', part_b: 'Part-B (vehicle)', extend: 'Extended' } as const

function EwayForm({
  data,
  reply,
  intent,
  summary,
  action,
}: {
  data: BookingPageData
  reply: Reply
  intent: Intent
  summary: string
  action: string
}) {
  const mine = replyFor(reply, intent)
  const place = data.ewayPlace
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.bookingPageSchema), {
    id: `booking-${intent.replace('_', '-')}`,
    lastResult: mine,
    defaultValue:
      intent === 'eway_cancel'
        ? { intent }
        : {
            intent,
            place: place?.place ?? '',
            stateCode: place?.stateCode ?? '',
            ...(intent === 'eway_extend'
              ? { pincode: place?.pincode ?? '', remainingKm: place?.remainingKm ?? '' }
              : {}),
          },
  })
  const f = fields as unknown as Record<string, Parameters<typeof Field>[0]['meta']>
  return (
    <details className="eway-action" open={Boolean(mine)}>
      <summary>{summary}</summary>
      <Form method="post" {...getFormProps(form)} aria-label={summary}>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="form" value={intent} />
        <div className="form-grid">
          {intent === 'eway_part_b' ? (
            <Field label="New vehicle number" meta={f.vehicleNumber!} hint="Like MH 12 AB 1234" />
          ) : null}
          {intent === 'eway_extend' ? (
            <Field
              label="Distance still to go (km)"
              meta={f.remainingKm!}
              inputProps={{ inputMode: 'numeric' }}
              hint="The new validity counts from now: a day per 200 km"
            />
          ) : null}
          <SelectField
            label="Reason"
            meta={f.reasonCode!}
            placeholder="Choose…"
            options={options(
              intent === 'eway_cancel' ? CANCEL_REASONS : intent === 'eway_part_b' ? PART_B_REASONS : EXTEND_REASONS,
            )}
          />
          <Field label="Remark" meta={f.remark!} hint="At most 50 characters; needed for “Others”" />
          {intent !== 'eway_cancel' ? (
            <>
              <Field label="Where the goods are" meta={f.place!} />
              <SelectField label="State" meta={f.stateCode!} placeholder="Choose…" options={STATES} />
            </>
          ) : null}
          {intent === 'eway_extend' ? (
            <Field label="PIN code there" meta={f.pincode!} inputProps={{ inputMode: 'numeric' }} />
          ) : null}
        </div>
        <div className="form-actions">
          <SubmitButton intent={intent} variant={intent === 'eway_cancel' ? 'danger' : 'primary'} pendingText="Saving…">
            {action}
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}

/** The card's part after generation: what may be done now, and what was done. */
export function EwayAfterGeneration({ data, reply }: { data: BookingPageData; reply: Reply }) {
  const e = data.ewayBill
  if (!e) return null
  const { request, booking } = data
  return (
    <>
      {e.canCancel ? (
        <EwayForm
          data={data}
          reply={reply}
          intent="eway_cancel"
          summary="Cancel the e-way bill (within 24 hours, before pickup)"
          action="Cancel the e-way bill"
        />
      ) : null}
      {e.canPartB ? (
        <EwayForm
          data={data}
          reply={reply}
          intent="eway_part_b"
          summary="Change the vehicle (Part-B)"
          action="Update Part-B"
        />
      ) : null}
      {e.canExtend ? (
        <EwayForm
          data={data}
          reply={reply}
          intent="eway_extend"
          summary="Extend the validity (8 hours either side of expiry)"
          action="Extend the e-way bill"
        />
      ) : null}
      {e.events.length ? (
        <>
          <h3>What was done to its e-way bills</h3>
          <ul>
            {e.events.map((ev) => (
              <li key={ev.id}>
                {formatDateTime(ev.at)} · {KIND_NAMES[ev.kind]} · {ev.number}: {ev.summary}
                {ev.validUntil ? `; valid until ${formatDateTime(ev.validUntil)}` : ''}
                {ev.by ? ` (${ev.by})` : ''} ·{' '}
                <a href={`${ewayJsonPath(request.id, booking.id)}?event=${ev.id}`} download>
                  JSON for the portal
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  )
}
