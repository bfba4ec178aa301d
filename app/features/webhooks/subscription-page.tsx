import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { CopyText } from '~/ui/copy-text'
import { Details } from '~/ui/details'
import { ConfirmDialog } from '~/ui/dialog'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'
import { subscriptionPath, webhooksBase, type WebhookPortal } from './shared'

interface Attempt {
  id: number
  at: string
  status_code: number | null
  response_ms: number | null
  error: string | null
}

interface Delivery {
  id: number
  type: string
  label: string
  msg_id: string
  status: string
  attempts: number
  next_attempt_at: string | null
  last_attempt_at: string | null
  last_status_code: number | null
  last_response_ms: number | null
  last_error: string | null
  created_at: string
  log: Attempt[]
}

export interface SubscriptionView {
  portal: WebhookPortal
  subscription: {
    id: number
    url: string
    description: string
    status: string
    secret: string
    rotated_at: string | null
    previousSignsUntil: string | null
    created_at: string
    created_by: string | null
    events: { type: string; label: string }[]
  }
  filter: { status: string | null; before: number | null }
  deliveries: Delivery[]
  older: number | null
  idempotencyKey: string
}

/** A button that posts one intent of the page (with the page's key: a double submit does it once). */
function IntentButton({
  intent,
  idempotencyKey,
  label,
  pending,
  variant = 'default',
  extra,
}: {
  intent: string
  idempotencyKey: string
  label: ReactNode
  pending: string
  variant?: 'default' | 'primary' | 'danger'
  extra?: Record<string, string>
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton variant={variant} intent={intent} pendingText={pending}>
        {label}
      </SubmitButton>
    </Form>
  )
}

const answerOf = (code: number | null) => (code === null ? 'No answer' : `HTTP ${code}`)

/** A subscription: where it sends, its secret, its buttons, and its delivery log with a replay per delivery. */
export function SubscriptionPage({ data }: { data: SubscriptionView }) {
  const { subscription: s, idempotencyKey: key } = data
  const page = subscriptionPath(data.portal, s.id)
  return (
    <>
      <PageHeader title="Webhook subscription">
        <StatusBadge status={s.status} />
      </PageHeader>
      <div className="stack">
        <section className="card" aria-labelledby="endpoint-heading">
          <h2 id="endpoint-heading">Endpoint</h2>
          <Details
            items={[
              { label: 'URL', value: <code>{s.url}</code> },
              { label: 'Description', value: s.description },
              { label: 'Events', value: s.events.map((e) => e.label).join(', ') },
              {
                label: 'Created',
                value: `${formatDateTime(s.created_at)}${s.created_by ? ` by ${s.created_by}` : ''}`,
              },
            ]}
          />
          <div className="form-actions">
            <IntentButton intent="test" idempotencyKey={key} label="Send a test event" pending="Sending…" />
            {s.status === 'active' ? (
              <IntentButton intent="disable" idempotencyKey={key} label="Disable" pending="Disabling…" />
            ) : (
              <IntentButton intent="enable" idempotencyKey={key} label="Enable" pending="Enabling…" />
            )}
            <ConfirmDialog
              trigger="Delete subscription"
              triggerVariant="danger"
              title="Delete this subscription?"
              description="Nothing more is sent to it, and its delivery log goes with it."
            >
              <IntentButton
                intent="delete"
                idempotencyKey={key}
                label="Delete it"
                pending="Deleting…"
                variant="danger"
              />
            </ConfirmDialog>
          </div>
        </section>

        <section className="card signing-secret" aria-labelledby="secret-heading">
          <h2 id="secret-heading">Signing secret</h2>
          <p className="muted">
            The receiving system checks each delivery’s webhook-signature with this secret (any Standard Webhooks
            library does it). Keep it secret: whoever holds it can forge events.
          </p>
          <details className="disclosure">
            <summary className="btn">Show the signing secret</summary>
            <div className="disclosure-body">
              <CopyText value={s.secret} label="Signing secret" />
            </div>
          </details>
          {s.previousSignsUntil ? (
            <p>
              Rotated {formatDateTime(s.rotated_at!)}: until {formatDateTime(s.previousSignsUntil)} every delivery is
              signed with the previous secret too, so the receiver can switch without losing one.
            </p>
          ) : null}
          {/* A new key once rotated: the dialog (with JavaScript) closes with the new secret shown. */}
          <ConfirmDialog
            key={s.rotated_at ?? 'never'}
            trigger="Rotate the secret"
            title="Rotate the signing secret?"
            description="A new secret is made. For 24 hours deliveries carry a signature with each, the new and the old: put the new one in the receiving system within that time."
          >
            <IntentButton
              intent="rotate"
              idempotencyKey={key}
              label="Rotate now"
              pending="Rotating…"
              variant="primary"
            />
          </ConfirmDialog>
        </section>

        <section className="card" aria-labelledby="log-heading">
          <h2 id="log-heading">Delivery log</h2>
          <Form method="get" className="filters">
            <div className="field">
              <label htmlFor="status">Status</label>
              <select id="status" name="status" defaultValue={data.filter.status ?? ''}>
                <option value="">Any</option>
                <option value="pending">Waiting</option>
                <option value="succeeded">Succeeded</option>
                <option value="failed">Failed (given up)</option>
                <option value="skipped">Skipped (company not active)</option>
              </select>
            </div>
            <div className="form-actions">
              <button type="submit" className="btn">
                Show
              </button>
            </div>
          </Form>
          <Table
            caption="Deliveries"
            rows={data.deliveries}
            rowKey={(d) => d.id}
            empty={data.filter.status ? 'No delivery with this status.' : 'Nothing sent yet: send a test event.'}
            columns={[
              {
                key: 'event',
                header: 'Event',
                title: true,
                cell: (d) => (
                  <>
                    {d.label} <code>{d.type}</code>
                    <details>
                      <summary>
                        {d.log.length ? `${d.log.length} attempt${d.log.length === 1 ? '' : 's'}` : 'No attempt yet'}
                        <span className="visually-hidden"> of {d.msg_id}</span>
                      </summary>
                      <p className="muted">
                        Message <code>{d.msg_id}</code>
                      </p>
                      <ol>
                        {d.log.map((a) => (
                          <li key={a.id}>
                            {formatDateTime(a.at)}: {answerOf(a.status_code)}
                            {a.response_ms === null ? '' : ` in ${a.response_ms} ms`}
                            {a.error ? ` — ${a.error}` : ''}
                          </li>
                        ))}
                      </ol>
                    </details>
                  </>
                ),
              },
              {
                key: 'status',
                header: 'Status',
                cell: (d) => (
                  <>
                    <StatusBadge status={d.status} />
                    {d.status === 'pending' && d.next_attempt_at ? (
                      <span className="muted"> next {formatDateTime(d.next_attempt_at)}</span>
                    ) : null}
                  </>
                ),
              },
              { key: 'attempts', header: 'Attempts', numeric: true, cell: (d) => d.attempts },
              {
                key: 'code',
                header: 'Last answer',
                cell: (d) => (d.last_attempt_at ? answerOf(d.last_status_code) : '—'),
              },
              {
                key: 'ms',
                header: 'Response time',
                numeric: true,
                cell: (d) => (d.last_response_ms === null ? '—' : `${d.last_response_ms} ms`),
              },
              {
                key: 'time',
                header: 'Time',
                nowrap: true,
                cell: (d) => formatDateTime(d.last_attempt_at ?? d.created_at),
              },
              { key: 'error', header: 'Last error', cell: (d) => d.last_error ?? '—' },
              {
                key: 'replay',
                header: 'Replay',
                hideHeader: true,
                actions: true,
                cell: (d) =>
                  d.status === 'pending' ? null : (
                    <IntentButton
                      intent="replay"
                      idempotencyKey={key}
                      label={
                        <>
                          Replay<span className="visually-hidden"> {d.msg_id}</span>
                        </>
                      }
                      pending="Queueing…"
                      extra={{ delivery: String(d.id) }}
                    />
                  ),
              },
            ]}
          />
          {data.older ? (
            <p>
              <Link
                to={`${page}?${new URLSearchParams({
                  ...(data.filter.status ? { status: data.filter.status } : {}),
                  before: String(data.older),
                })}`}
              >
                Older deliveries
              </Link>
            </p>
          ) : null}
        </section>
        <p>
          <Link to={webhooksBase[data.portal]}>All subscriptions</Link>
        </p>
      </div>
    </>
  )
}
