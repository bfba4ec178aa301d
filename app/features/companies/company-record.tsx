import type { SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge, RoleBadges, StatusBadge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorList, FormErrors } from '~/ui/field'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime, formatMoney } from '~/utils/format'
import { CompanyStatusBadge } from './company-list'
import { companyKinds, companyMachines, companyPath, transitionFrom, type CompanyKind, type Transition } from './kinds'
import type { CompanyRecord } from './queries.server'
import { AddressBook } from '../addresses/address-book'
import type { FormReply } from '~/platform/form-reply'

export interface CompanyRecordProps {
  kind: CompanyKind
  company: CompanyRecord
  history: ToldEntry[]
  /** Admins may open each user's page in the admin portal. */
  canAdministerUsers: boolean
  /** Makes a repeated "add address" submit add it once. */
  addressKey: string
  /** The reply of a status form (or an address form) that came back with errors. */
  statusReply?: { intent: string | null; reply: SubmissionResult<string[]> } | FormReply | null
  /** More about the company from other features (a seller's QC switching states), before its history. */
  children?: ReactNode
}

/** An address form's reply (it names its form), else none. */
const formReply = (reply: CompanyRecordProps['statusReply']): FormReply | null =>
  reply && 'form' in reply ? reply : null

/** A buyer's or a seller's page for staff: details, status changes, addresses, users, history. */
export function CompanyRecordView({
  kind,
  company,
  history,
  canAdministerUsers,
  statusReply,
  addressKey,
  children,
}: CompanyRecordProps) {
  const info = companyKinds[kind]
  const dash = <span className="muted">—</span>
  return (
    <>
      <PageHeader title={company.name}>
        <CompanyStatusBadge status={company.status} />
        <Button asChild>
          <Link to={`${companyPath(kind, company.id)}/edit`}>Edit details</Link>
        </Button>
        {kind === 'buyer' ? (
          <Link to={`/logistics/settlements/buyers/${company.id}`}>Settlement and invoices</Link>
        ) : null}
      </PageHeader>
      <StatusCard kind={kind} company={company} statusReply={statusReply} />
      <section className="card" aria-labelledby="details-heading">
        <h2 id="details-heading">Company details</h2>
        <dl className="details">
          <div>
            <dt>Name</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>Legal name</dt>
            <dd>
              {company.legal_name ?? dash}
              <NeededToActivate message={company.activationGaps.legalName} />
            </dd>
          </div>
          <div>
            <dt>GSTIN</dt>
            <dd>
              {company.gstin ?? (company.gst_unregistered ? 'Not registered for GST' : dash)}
              {company.gst_unregistered ? (
                <div className="muted">
                  {company.gst_unregistered_reason ?? ''} · no tax invoice with input credit for this company
                </div>
              ) : null}
              <NeededToActivate message={company.activationGaps.gstin} />
            </dd>
          </div>
          <div>
            <dt>Contact e-mail</dt>
            <dd>
              {company.contact_email ? <a href={`mailto:${company.contact_email}`}>{company.contact_email}</a> : dash}
            </dd>
          </div>
          <div>
            <dt>Contact phone</dt>
            <dd>{company.contact_phone ?? dash}</dd>
          </div>
          {kind === 'buyer' ? (
            <>
              <div>
                <dt>Credit limit</dt>
                <dd>{formatMoney(company.credit_limit_minor ?? 0)}</dd>
              </div>
              <div>
                <dt>Payment terms</dt>
                <dd>{company.payment_terms_days ?? 0} days</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>Its seller orders</dt>
              <dd>
                {company.auto_approve_orders
                  ? 'Approved automatically as they are placed (while the flag is on)'
                  : 'Wait for approval'}
              </dd>
            </div>
          )}
          <div>
            <dt>{info.assigneeLongLabel}</dt>
            <dd>
              {company.assignee ? (
                <>
                  {company.assignee.name} <span className="muted">{company.assignee.email}</span>
                </>
              ) : (
                <span className="muted">Nobody assigned</span>
              )}
              <NeededToActivate message={company.activationGaps.assigneeId} />
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(company.created_at)}</dd>
          </div>
        </dl>
      </section>

      <div style={{ marginTop: 24 }}>
        <NeededToActivate message={company.activationGaps.address} />
        <AddressBook
          owner={kind}
          addresses={company.addresses}
          idempotencyKey={addressKey}
          reply={formReply(statusReply)}
        />
      </div>

      <section className="stack" aria-labelledby="users-heading" style={{ marginTop: 24 }}>
        <div className="list-summary">
          <h2 id="users-heading" style={{ margin: 0 }}>
            Users
          </h2>
          {canAdministerUsers ? (
            <Link to={`/admin/users/manage?company=${kind}:${company.id}`}>Manage these users</Link>
          ) : null}
        </div>
        <Table
          caption="Users of the company"
          rows={company.users}
          rowKey={(u) => u.id}
          empty="This company has no users yet."
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (u) => (
                <>
                  {canAdministerUsers ? <Link to={`/admin/users/${u.id}`}>{u.name}</Link> : u.name}
                  {u.is_company_admin ? (
                    <>
                      {' '}
                      <Badge tone="info">Company admin</Badge>
                    </>
                  ) : null}
                </>
              ),
            },
            { key: 'email', header: 'E-mail', cell: (u) => u.email },
            { key: 'roles', header: 'Roles', cell: (u) => <RoleBadges roles={u.roles} /> },
            { key: 'status', header: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
            {
              key: 'seen',
              nowrap: true,
              header: 'Last sign-in',
              cell: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : <span className="muted">never</span>),
            },
          ]}
        />
      </section>

      {children}
      <div style={{ marginTop: 24 }}>
        <History entries={history} />
      </div>
    </>
  )
}

/** A field's gap for activating the company, shown at the field. */
function NeededToActivate({ message }: { message: string | undefined }) {
  return message ? <ErrorList errors={[`Needed to activate: ${message}`]} /> : null
}

const consequences: Record<Transition, string> = {
  activate: 'Its users can sign in and use the platform straight away. Each of them gets an e-mail.',
  suspend:
    'Its users see only a waiting page until the company is reactivated. Each of them gets an e-mail; your reason stays in the history for staff.',
  reactivate: 'Its users can use the platform again. Each of them gets an e-mail.',
}

function StatusCard({ kind, company, statusReply }: Pick<CompanyRecordProps, 'kind' | 'company' | 'statusReply'>) {
  const transition = transitionFrom(company.status)
  const step = transition ? companyMachines[kind].steps[transition] : null
  const reply = statusReply && 'intent' in statusReply && statusReply.intent === transition ? statusReply.reply : null
  const reasonError = reply?.error?.reason ?? null
  const formErrors = reply?.error?.[''] ?? null
  const noun = companyKinds[kind].label.toLowerCase()
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading">Status</h2>
      <p>
        {company.status === 'pending'
          ? `This ${noun} is waiting for staff to check it.`
          : company.status === 'active'
            ? `This ${noun} can use the platform.`
            : `This ${noun} is suspended: its users see only a waiting page.`}
      </p>
      {(transition === 'activate' || transition === 'reactivate') && Object.keys(company.activationGaps).length ? (
        <div className="notice-warning" id="activation-gaps">
          <p>
            Before it can be {transition === 'activate' ? 'activated' : 'reactivated'}, this {noun} needs:
          </p>
          <ul>
            {Object.entries(company.activationGaps).map(([field, message]) => (
              <li key={field}>
                {field === 'address' ? message : <Link to={`${companyPath(kind, company.id)}/edit`}>{message}</Link>}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {transition && step ? (
        <ConfirmDialog
          key={transition}
          trigger={step.label}
          triggerVariant={transition === 'suspend' ? 'danger' : 'primary'}
          title={`${step.label} ${company.name}?`}
          description={consequences[transition]}
          defaultOpen={Boolean(reply)}
        >
          <Form method="post" style={{ marginTop: 12 }}>
            <input type="hidden" name="intent" value={transition} />
            <FormErrors errors={formErrors} />
            {transition === 'suspend' ? (
              <div className="field">
                <label htmlFor="suspend-reason">Reason (for staff)</label>
                <textarea
                  id="suspend-reason"
                  name="reason"
                  rows={3}
                  required
                  minLength={3}
                  maxLength={500}
                  defaultValue={typeof reply?.initialValue?.reason === 'string' ? reply.initialValue.reason : ''}
                  aria-invalid={reasonError ? true : undefined}
                  aria-describedby={reasonError ? 'suspend-reason-error' : undefined}
                />
                <ErrorList id="suspend-reason-error" errors={reasonError} />
              </div>
            ) : null}
            <SubmitButton
              variant={transition === 'suspend' ? 'danger' : 'primary'}
              intent={transition}
              pendingText="Working…"
            >
              Yes, {step.label.toLowerCase()} {company.name}
            </SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
