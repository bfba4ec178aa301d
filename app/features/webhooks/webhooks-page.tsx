import { getFormProps, type FieldMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { countOf, formatDateTime } from '~/utils/format'
import { CREATE_FORM_ID, subscriptionPath, type WebhookPortal } from './shared'

interface EventChoice {
  type: string
  label: string
  describe: string
}

interface ListRow {
  id: number
  url: string
  description: string
  status: string
  created_at: string
  waiting: number
  failed: number
  events: { type: string; label: string }[]
}

export interface WebhookListView {
  portal: WebhookPortal
  owner: 'buyer' | 'seller' | 'platform'
  mayManage: boolean
  subscriptions: ListRow[]
  events: EventChoice[]
  idempotencyKey: string
}

const whose = {
  buyer: 'your orders, their shipments, invoices and payments',
  seller: 'your seller orders, their production and QC',
  platform: 'every order, inspection, shipment, invoice and payment',
}

/** A company's (or the platform's) webhook subscriptions and the form for a new one. */
export function WebhooksPage({ data, reply }: { data: WebhookListView; reply?: FormReply | null }) {
  return (
    <>
      <PageHeader title="Webhooks" />
      <p className="muted">
        Your systems hear of events about {whose[data.owner]} as they happen: each event is sent as a JSON POST, signed
        under the Standard Webhooks specification (headers webhook-id, webhook-timestamp and webhook-signature,
        HMAC-SHA256 with the subscription’s secret), and retried with growing waits for about a day and a half when the
        receiver does not answer 2xx. An event names its records by id and code with their API path: your system reads
        the rest through the API.
      </p>
      {data.mayManage ? (
        <div className="stack">
          <section className="card" aria-labelledby="subscriptions-heading">
            <h2 id="subscriptions-heading">Subscriptions</h2>
            <Table
              caption="Webhook subscriptions"
              rows={data.subscriptions}
              rowKey={(r) => r.id}
              empty="No subscriptions yet: add one below."
              columns={[
                {
                  key: 'url',
                  header: 'Endpoint',
                  title: true,
                  cell: (r) => <Link to={subscriptionPath(data.portal, r.id)}>{r.url}</Link>,
                },
                { key: 'description', header: 'Description', cell: (r) => r.description || '—' },
                {
                  key: 'events',
                  header: 'Events',
                  cell: (r) => r.events.map((e) => e.label).join(', '),
                },
                { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
                {
                  key: 'deliveries',
                  header: 'Deliveries',
                  cell: (r) =>
                    [
                      r.waiting ? `${countOf(r.waiting, 'waiting', 'waiting')}` : null,
                      r.failed ? `${countOf(r.failed, 'failed', 'failed')}` : null,
                    ]
                      .filter(Boolean)
                      .join(', ') || 'All sent',
                },
                { key: 'created', header: 'Created', nowrap: true, cell: (r) => formatDateTime(r.created_at) },
              ]}
            />
          </section>
          <CreateSubscription data={data} reply={reply} />
        </div>
      ) : (
        <p className="card">
          Only your company’s administrators manage its webhooks: ask one of them to add a subscription for your system.
        </p>
      )}
    </>
  )
}

function CreateSubscription({ data, reply }: { data: WebhookListView; reply?: FormReply | null }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createSubscriptionSchema), {
    id: CREATE_FORM_ID,
    lastResult: reply?.form === CREATE_FORM_ID ? reply.result : undefined,
    defaultValue: { url: '', description: '', events: [] },
  })
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">Add a subscription</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field
            label="Endpoint URL"
            type="url"
            meta={fields.url}
            hint="Where the events are sent, such as https://erp.example.com/webhooks"
          />
          <Field label="Description (optional)" meta={fields.description} hint="Which system receives them" />
        </div>
        <EventChoices meta={fields.events} events={data.events} />
        <SubmitButton variant="primary" intent="create" pendingText="Adding…">
          Add subscription
        </SubmitButton>
      </Form>
    </section>
  )
}

/** The events as native checkboxes, each with what it is: they post without JavaScript. */
function EventChoices({ meta, events }: { meta: FieldMetadata<unknown>; events: EventChoice[] }) {
  const invalid = Boolean(meta.errors?.length)
  const chosen = ([] as unknown[]).concat(meta.initialValue ?? [])
  return (
    <fieldset
      className={invalid ? 'choices field invalid' : 'choices field'}
      aria-describedby={invalid ? meta.errorId : undefined}
    >
      <legend>Events</legend>
      <div className="checks event-choices">
        {events.map((event, i) => (
          <label key={event.type}>
            <input
              type="checkbox"
              id={i === 0 ? meta.id : undefined}
              name={meta.name}
              value={event.type}
              defaultChecked={chosen.includes(event.type)}
              aria-invalid={invalid || undefined}
            />
            <span>
              <strong>{event.label}</strong> <code>{event.type}</code>
              <br />
              <span className="muted">{event.describe}</span>
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}
