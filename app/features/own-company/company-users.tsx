import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { Badge, StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'
import { INVITE_FORM_ID } from './shared'

export interface CompanyUserView {
  id: number
  name: string
  email: string
  status: string
  is_company_admin: number
  last_login_at: string | null
}

/** The company's people, and (for its administrators) the invitation of a colleague. */
export function CompanyUsers({
  users,
  isAdmin,
  inviteKey,
  reply,
}: {
  users: CompanyUserView[]
  isAdmin: boolean
  inviteKey: string
  reply?: FormReply | null
}) {
  return (
    <section className="card" aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <Table
        caption="Users of your company"
        rows={users}
        rowKey={(u) => u.id}
        columns={[
          {
            key: 'name',
            header: 'Name',
            cell: (u) => (
              <>
                {u.name} {u.is_company_admin ? <Badge tone="info">Company admin</Badge> : null}
              </>
            ),
          },
          { key: 'email', header: 'E-mail', cell: (u) => u.email },
          { key: 'status', header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
          {
            key: 'last',
            nowrap: true,
            header: 'Last sign-in',
            cell: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : <span className="muted">Never</span>),
          },
        ]}
      />
      {isAdmin ? (
        <InviteForm
          key={inviteKey}
          inviteKey={inviteKey}
          lastResult={reply?.form === INVITE_FORM_ID ? reply.result : undefined}
        />
      ) : null}
    </section>
  )
}

function InviteForm({ inviteKey, lastResult }: { inviteKey: string; lastResult?: FormReply['result'] }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.inviteColleagueSchema), {
    id: INVITE_FORM_ID,
    lastResult,
  })
  return (
    <section aria-labelledby="invite-heading" style={{ marginTop: 24 }}>
      <h3 id="invite-heading">Invite a colleague</h3>
      <p className="muted">
        They get an e-mail with a link to choose their password, then sign in with this e-mail address.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="idempotencyKey" value={inviteKey} />
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field label="Colleague’s name" meta={fields.name} inputProps={{ autoComplete: 'off' }} />
          <Field label="Colleague’s e-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'off' }} />
          <Field
            label="Colleague’s mobile (optional)"
            type="tel"
            meta={fields.phone}
            hint="10-digit Indian mobile, or +country code"
          />
        </div>
        <div className="checks field">
          <label>
            <input {...getInputProps(fields.companyAdmin, { type: 'checkbox' })} />
            Also a company admin (may edit the company and invite others)
          </label>
          <ErrorList id={fields.companyAdmin.errorId} errors={fields.companyAdmin.errors} />
        </div>
        <SubmitButton variant="primary" intent="invite" pendingText="Inviting…">
          Send invitation
        </SubmitButton>
      </Form>
    </section>
  )
}
