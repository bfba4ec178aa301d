import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { AddressBook, type AddressView } from '~/features/addresses/address-book'
import type { FormReply } from '~/platform/form-reply'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { History, type ToldEntry } from '~/ui/history'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { webhooksBase } from '../webhooks/shared'
import { countOf, formatMoney } from '~/utils/format'
import { CompanyUsers, type CompanyUserView } from './company-users'
import { CONTACT_FORM_ID } from './shared'

interface CompanyBase {
  name: string
  legal_name: string | null
  gstin: string | null
  status: string
  contact_email: string | null
  contact_phone: string | null
  updated_at: string
  manager_name: string | null
  manager_email: string | null
}

/** A buyer sees its own terms; a seller has none here (nothing of buyers or prices). */
export type CompanyView =
  | (CompanyBase & { kind: 'buyer'; credit_limit_minor: number; payment_terms_days: number })
  | (CompanyBase & { kind: 'seller' })

export interface OwnCompanyData {
  page: {
    company: CompanyView
    users: CompanyUserView[]
    isAdmin: boolean
    addresses: AddressView[]
    changes: ToldEntry[]
  }
  addressKey: string
  inviteKey: string
}

/** A buyer's or seller's own company: details, contact, addresses and people; editable by its admins. */
export function OwnCompanyPage({ data, reply }: { data: OwnCompanyData; reply?: FormReply | null }) {
  const { company, users, isAdmin, addresses, changes } = data.page
  return (
    <>
      <PageHeader title={company.name}>
        <StatusBadge status={company.status} />
      </PageHeader>
      {isAdmin ? null : (
        <p className="muted">Only your company’s administrators can change these details or invite colleagues.</p>
      )}
      <div className="stack">
        <div className="grid-2">
          <section className="card" aria-labelledby="details-heading">
            <h2 id="details-heading">Company details</h2>
            <dl className="details">
              <Detail term="Name" value={company.name} />
              <Detail term="Legal name" value={company.legal_name} />
              <Detail term="GSTIN" value={company.gstin} />
              <Detail term="Status" value={<StatusBadge status={company.status} />} />
              {company.kind === 'buyer' ? (
                <>
                  <Detail term="Credit limit" value={formatMoney(company.credit_limit_minor)} />
                  <Detail term="Payment terms" value={countOf(company.payment_terms_days, 'day')} />
                </>
              ) : null}
            </dl>
            <p className="muted" style={{ marginTop: 12 }}>
              To change these, write to your {company.kind === 'buyer' ? 'account manager' : 'supplier-team agent'}.
            </p>
          </section>
          <section className="card" aria-labelledby="manager-heading" style={{ marginTop: 0 }}>
            <h2 id="manager-heading">
              {company.kind === 'buyer' ? 'Your account manager' : 'Your supplier-team agent'}
            </h2>
            {company.manager_name ? (
              <p>
                <strong>{company.manager_name}</strong>
                <br />
                {company.manager_email ? <a href={`mailto:${company.manager_email}`}>{company.manager_email}</a> : null}
              </p>
            ) : (
              <p className="muted">
                Nobody is assigned to your company yet; the platform’s team will assign someone soon.
              </p>
            )}
          </section>
        </div>
        <ContactCard key={company.updated_at} company={company} isAdmin={isAdmin} reply={reply} />
        <div>
          <AddressBook
            owner={company.kind}
            addresses={addresses}
            idempotencyKey={data.addressKey}
            reply={reply}
            readOnly={!isAdmin}
          />
        </div>
        <CompanyUsers users={users} isAdmin={isAdmin} inviteKey={data.inviteKey} reply={reply} />
        {isAdmin ? (
          <section className="card" aria-labelledby="integrations-heading">
            <h2 id="integrations-heading">Integrations</h2>
            <p>
              Your company’s systems (an ERP, a warehouse system) reach the platform’s API with tokens you make:{' '}
              <a href={`/${company.kind}/api_tokens`}>API tokens</a>.
            </p>
            <p>
              They can also hear of your{' '}
              {company.kind === 'buyer'
                ? 'orders, shipments, invoices and payments'
                : 'seller orders, their production and QC'}{' '}
              as they happen: <Link to={webhooksBase[company.kind]}>Webhooks</Link>.
            </p>
          </section>
        ) : null}
        <History entries={changes} title="Recent changes" />
      </div>
    </>
  )
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value || <span className="muted">—</span>}</dd>
    </div>
  )
}

function ContactCard({
  company,
  isAdmin,
  reply,
}: {
  company: CompanyView
  isAdmin: boolean
  reply?: FormReply | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.companyContactSchema), {
    id: CONTACT_FORM_ID,
    lastResult: reply?.form === CONTACT_FORM_ID ? reply.result : undefined,
    defaultValue: { contactEmail: company.contact_email ?? '', contactPhone: company.contact_phone ?? '' },
  })
  return (
    <section className="card" aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact</h2>
      {isAdmin ? (
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="contact" />
          <input type="hidden" name="version" value={company.updated_at} />
          <ErrorSummary form={form} />
          <div className="form-grid">
            <Field
              label="Contact e-mail"
              type="email"
              meta={fields.contactEmail}
              hint="Where the platform writes about orders and invoices"
            />
            <Field
              label="Contact phone"
              type="tel"
              meta={fields.contactPhone}
              hint="10-digit Indian mobile, or +country code"
            />
          </div>
          <SubmitButton variant="primary" intent="contact" pendingText="Saving…">
            Save contact details
          </SubmitButton>
        </Form>
      ) : (
        <dl className="details">
          <Detail term="Contact e-mail" value={company.contact_email} />
          <Detail term="Contact phone" value={company.contact_phone} />
        </dl>
      )}
    </section>
  )
}
