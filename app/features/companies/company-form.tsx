import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { SubmitButton } from '~/ui/button'
import { CheckField, ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm, type FormSchema } from '~/ui/form'
import { INDIAN_STATES } from '../addresses/shared'
import { companyKinds, type CompanyKind } from './kinds'

export interface CompanyFormProps {
  kind: CompanyKind
  /** Add makes a new seller (with an optional first address and user); edit changes one company. */
  mode: 'add' | 'edit'
  assignees: { id: number; name: string }[]
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: Record<string, string>
  /** Edit: the record's updated_at when the form was opened. */
  version?: string
  /** Add: made when the page rendered, so a repeated submit creates nothing new. */
  idempotencyKey?: string
  cancelTo: string
}

/** One form for a buyer's or a seller's details; buyers add credit limit and payment terms. */
export function CompanyForm({
  kind,
  mode,
  assignees,
  lastResult,
  defaultValue,
  version,
  idempotencyKey,
  cancelTo,
}: CompanyFormProps) {
  const info = companyKinds[kind]
  const schema = () =>
    import('./schema').then((m): FormSchema => (mode === 'add' ? m.addSellerSchema : m.companyFormSchemas[kind]))
  const [form, fields] = useZodForm(schema, { id: `${kind}-${mode}`, lastResult, defaultValue })
  return (
    <Form method="post" {...getFormProps(form)} className="card">
      <ErrorSummary form={form} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <h2>Company</h2>
      <div className="form-grid">
        <Field label="Company name" meta={fields.name} inputProps={{ autoComplete: 'organization' }} />
        <Field label="Legal name" meta={fields.legalName} hint="Needed to activate the company" />
        <Field
          label="GSTIN"
          hint="Needed to activate the company, unless it is not registered for GST"
          meta={fields.gstin}
          inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        />
        <CheckField meta={fields.gstUnregistered} label="Not registered for GST: its invoices carry no input credit" />
        <Field
          label="Why it is not registered for GST"
          meta={fields.gstUnregisteredReason}
          hint="Needed when it is not registered, e.g. turnover below the threshold"
        />
        <Field label="Contact e-mail (optional)" type="email" meta={fields.contactEmail} />
        <Field label="Contact phone (optional)" type="tel" meta={fields.contactPhone} />
        <SelectField
          label={info.assigneeLongLabel}
          meta={fields.assigneeId}
          placeholder="Nobody"
          options={assignees.map((a) => ({ value: String(a.id), label: a.name }))}
        />
      </div>
      {kind === 'buyer' ? (
        <>
          <h2>Credit</h2>
          <div className="form-grid">
            <Field
              label="Credit limit (₹)"
              meta={fields.creditLimit}
              hint="In rupees, like 500000 or 5,00,000.50"
              inputProps={{ inputMode: 'decimal' }}
            />
            <Field
              label="Payment terms (days)"
              type="number"
              meta={fields.paymentTermsDays}
              hint="From 0 to 365"
              inputProps={{ min: 0, max: 365, step: 1 }}
            />
          </div>
        </>
      ) : null}
      {kind === 'seller' && mode === 'edit' ? (
        <>
          <h2>Orders</h2>
          <CheckField
            meta={fields.autoApproveOrders}
            label="Approve this seller’s orders automatically, as they are placed (while the “Automatic approval of seller orders” flag is on); otherwise each waits for approval"
          />
        </>
      ) : null}
      {mode === 'add' ? (
        <>
          <h2>First address (optional)</h2>
          <p className="muted">A billing address. Fill in all of it, or leave it empty and add addresses later.</p>
          <div className="form-grid">
            <Field label="Address line 1" meta={fields.addressLine1} inputProps={{ autoComplete: 'address-line1' }} />
            <Field
              label="Address line 2 (optional)"
              meta={fields.addressLine2}
              inputProps={{ autoComplete: 'address-line2' }}
            />
            <Field label="City" meta={fields.addressCity} inputProps={{ autoComplete: 'address-level2' }} />
            <SelectField
              label="State"
              meta={fields.addressState}
              placeholder="Choose…"
              options={INDIAN_STATES.map((state) => ({ value: state, label: state }))}
            />
            <Field
              label="PIN code"
              meta={fields.addressPin}
              inputProps={{ inputMode: 'numeric', autoComplete: 'postal-code' }}
            />
          </div>
          <h2>First user (optional)</h2>
          <p className="muted">
            The seller’s first user administers the company. It gets an e-mail with a link to choose its password.
          </p>
          <div className="form-grid">
            <Field label="User’s name" meta={fields.userName} />
            <Field label="User’s e-mail" type="email" meta={fields.userEmail} />
          </div>
        </>
      ) : null}
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…">
          {mode === 'add' ? 'Add seller' : 'Save changes'}
        </SubmitButton>
        <Link to={cancelTo}>Cancel</Link>
      </div>
    </Form>
  )
}
