import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { CopyText } from '~/ui/copy-text'
import { ConfirmDialog } from '~/ui/dialog'
import { ChoiceField, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'

// The API tokens page (docs/api.md "Tokens"), the same for a buyer's and a seller's administrators
// and for staff: make a token (its secret shown once), the list with each token's state, revoke.

export interface TokenView {
  id: number
  name: string
  prefix: string
  scopes: string[]
  userName: string
  createdAt: string
  expiresAt: string
  lastUsedAt: string | null
  revokedAt: string | null
  status: 'active' | 'expired' | 'revoked'
}

export interface ApiTokensData {
  /** Whether the viewer makes and revokes tokens here (a company's administrator, or staff). */
  manages: boolean
  /** Whose tokens the list holds: the company's, every token (the developer admin), the viewer's own. */
  sees: 'company' | 'all' | 'own'
  companyName: string | null
  /** For a company user who is not an administrator: whom to ask. */
  admins: { name: string; email: string }[]
  tokens: TokenView[]
  scopes: { value: string; label: string }[]
  idempotencyKey: string
  daysDefault: number
  daysMax: number
}

/** What the page shows after a create: the new token's secret once, or that a repeat made nothing. */
export type TokenActionData =
  | { created: { name: string; prefix: string; token: string } }
  | { repeated: { name: string; prefix: string } }
  | FormReply
  | null
  | undefined

const FORM_ID = 'create-token'

export function ApiTokensPage({ data, action }: { data: ApiTokensData; action: TokenActionData }) {
  const title = data.companyName ? `API tokens of ${data.companyName}` : 'API tokens'
  if (!data.manages) {
    return (
      <>
        <PageHeader title={title} />
        <section className="card">
          <p>
            API tokens let your company’s systems (an ERP, a warehouse system) read and send orders through the
            platform’s API. Only your company’s administrators make and revoke them.
          </p>
          {data.admins.length ? (
            <>
              <p>Ask one of them:</p>
              <ul>
                {data.admins.map((admin) => (
                  <li key={admin.email}>
                    {admin.name} · <a href={`mailto:${admin.email}`}>{admin.email}</a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Your company has no active administrator; write to the platform’s team.</p>
          )}
          <p>
            <a href="/api/docs">What the API offers</a>
          </p>
        </section>
      </>
    )
  }
  return (
    <>
      <PageHeader title={title} />
      {action && 'created' in action ? <CreatedToken created={action.created} /> : null}
      {action && 'repeated' in action ? (
        <div className="form-error" role="alert">
          <p style={{ margin: 0 }}>
            This form was already sent: the token “{action.repeated.name}” ({action.repeated.prefix}…) was made by your
            first submit, and its secret was shown to that submit only. It is never shown again. If you did not copy it,
            revoke that token below and make a new one.
          </p>
        </div>
      ) : null}
      <div className="stack">
        <CreateTokenForm
          data={data}
          reply={action && 'form' in action && action.form === FORM_ID ? action : undefined}
          key={data.idempotencyKey}
        />
        <section className="card" aria-labelledby="tokens-heading">
          <h2 id="tokens-heading">
            {data.sees === 'all' ? 'Every API token' : data.sees === 'own' ? 'Your tokens' : 'Your company’s tokens'}
          </h2>
          <Table
            caption="API tokens"
            rows={data.tokens}
            rowKey={(t) => t.id}
            empty="No tokens yet."
            columns={[
              { key: 'name', header: 'Name', title: true, cell: (t) => t.name },
              { key: 'prefix', header: 'Starts with', nowrap: true, cell: (t) => <code>{t.prefix}…</code> },
              { key: 'user', header: 'Acts as', cell: (t) => t.userName },
              { key: 'scopes', header: 'Scopes', cell: (t) => t.scopes.join(', ') },
              { key: 'created', header: 'Made', nowrap: true, cell: (t) => formatDateTime(t.createdAt) },
              {
                key: 'expires',
                header: 'Expires',
                nowrap: true,
                cell: (t) => formatDateTime(t.expiresAt),
              },
              {
                key: 'used',
                header: 'Last used',
                nowrap: true,
                cell: (t) => (t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'),
              },
              {
                key: 'status',
                header: 'Status',
                cell: (t) => (
                  <>
                    <StatusBadge status={t.status} />
                    {t.revokedAt ? <span className="muted"> {formatDateTime(t.revokedAt)}</span> : null}
                  </>
                ),
              },
              {
                key: 'actions',
                header: 'Actions',
                actions: true,
                cell: (t) => (t.status === 'revoked' ? null : <RevokeToken token={t} />),
              },
            ]}
          />
        </section>
        <p className="muted">
          How to call the API with a token: the <a href="/api/docs">API reference</a>.
        </p>
      </div>
    </>
  )
}

function CreatedToken({ created }: { created: { name: string; prefix: string; token: string } }) {
  return (
    <section className="card" aria-labelledby="new-token-heading" role="status">
      <h2 id="new-token-heading">Your new token “{created.name}”</h2>
      <p className="form-error" style={{ margin: '0 0 12px' }}>
        Copy it now and keep it where your system keeps secrets: it is shown only this once. The platform keeps only a
        fingerprint of it and cannot show it again.
      </p>
      <div className="token-secret">
        <CopyText value={created.token} label={`API token ${created.name}`} />
      </div>
      <p className="muted" style={{ marginTop: 12 }}>
        Send it in every request: <code>Authorization: Bearer {created.prefix}…</code>
      </p>
    </section>
  )
}

function CreateTokenForm({ data, reply }: { data: ApiTokensData; reply?: FormReply }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createTokenSchema), {
    id: FORM_ID,
    lastResult: reply?.result,
    defaultValue: { days: String(data.daysDefault) },
  })
  return (
    <section className="card" aria-labelledby="create-heading">
      <h2 id="create-heading">Make a token</h2>
      <p className="muted">
        {data.sees === 'company'
          ? 'A token acts as you, for your company, and only within the scopes you give it.'
          : 'A token acts as you, and only within the scopes you give it.'}
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <ErrorSummary form={form} />
        <Field label="Name" meta={fields.name} hint="After the system that will use it, e.g. “ERP (production)”" />
        <ChoiceField legend="Scopes" meta={fields.scopes} options={data.scopes} multiple />
        <Field
          label="Lasts (days)"
          type="number"
          meta={fields.days}
          hint={`1 to ${data.daysMax}; make a new token before it ends`}
          inputProps={{ min: 1, max: data.daysMax }}
        />
        <SubmitButton variant="primary" intent="create" pendingText="Making…">
          Make token
        </SubmitButton>
      </Form>
    </section>
  )
}

function RevokeToken({ token }: { token: TokenView }) {
  return (
    <ConfirmDialog
      trigger={
        <>
          Revoke<span className="visually-hidden"> {token.name}</span>
        </>
      }
      title={`Revoke “${token.name}”?`}
      description="Every system using it is refused from its next request. This cannot be undone."
      triggerVariant="danger"
    >
      <Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="tokenId" value={token.id} />
        <SubmitButton variant="danger" intent="revoke" pendingText="Revoking…">
          Yes, revoke {token.name}
        </SubmitButton>
      </Form>
    </ConfirmDialog>
  )
}
