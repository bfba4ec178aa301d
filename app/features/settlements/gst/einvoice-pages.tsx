import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Badge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { Details } from '~/ui/details'
import { ErrorList, ErrorSummary, Field, FieldFrame, FormErrors, SelectField } from '~/ui/field'
import { SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { replyFor, type Reply } from '~/platform/form-reply'
import { GstinSelect } from './gstin-select'
import type { EinvoiceDocData, EinvoiceMonthData } from './pages.server'
import { CANCEL_REASON_CODES, CANCEL_REASONS } from './standing'
import {
  EINVOICE_STATUSES,
  einvoiceBulkJsonPath,
  einvoiceCancelJsonPath,
  einvoiceJsonPath,
  einvoiceMonthPath,
  einvoicePath,
  einvoicesPath,
  gstr1MonthPath,
} from './shared'

const day = (d: string) => formatDate(`${d}T12:00:00Z`)

/** /logistics/settlements/einvoices: a month's documents that need an e-invoice, their status, downloads and the import. */
export function EinvoiceMonthPage({ data, reply }: { data: EinvoiceMonthData; reply: Reply }) {
  const { month, gstin, rows, counts } = data
  const mine = replyFor(reply, 'import')
  return (
    <div className="settlement">
      <PageHeader title={`e-Invoices of ${month}, GSTIN ${gstin}`}>
        <Link to={gstr1MonthPath(month, gstin)}>GSTR-1 of {month}</Link>
      </PageHeader>
      <p className="muted">
        Tax invoices, credit notes and debit notes to buyers registered for GST (B2B) need an e-invoice: download the
        JSON, upload it on the invoice registration portal, then record what it returns here (or import its response
        file). A registered invoice’s PDF prints its IRN and QR code.
      </p>
      <Form method="get" className="filters" role="search" aria-label="Month, GSTIN and status">
        <div className="field">
          <label htmlFor="month">Month</label>
          <input id="month" name="month" type="month" defaultValue={month} required />
        </div>
        <GstinSelect gstin={gstin} gstins={data.gstins} />
        <SelectFilter
          name="status"
          label="Status"
          value={data.status}
          any="All"
          options={EINVOICE_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </div>
      </Form>
      <p>
        {counts.all} document{counts.all === 1 ? '' : 's'} need an e-invoice; {counts.registered} registered.{' '}
        {counts.ready ? (
          <Link reloadDocument to={einvoiceBulkJsonPath(month, gstin)}>
            Download the {counts.ready} not yet registered as one JSON file (bulk upload)
          </Link>
        ) : null}
      </p>
      <Table
        caption={`Documents of ${month} that need an e-invoice`}
        rows={rows}
        rowKey={(r) => r.key}
        empty="No document of this month needs an e-invoice."
        columns={[
          {
            key: 'number',
            header: 'Document',
            title: true,
            nowrap: true,
            cell: (r) => <Link to={einvoicePath(r.key)}>{`${r.kind} ${r.number}`}</Link>,
          },
          { key: 'date', header: 'Date', nowrap: true, cell: (r) => day(r.on) },
          { key: 'buyer', header: 'Buyer', cell: (r) => `${r.buyer} (${r.gstin})` },
          { key: 'total', header: 'Value', numeric: true, cell: (r) => formatMoney(r.totalMinor) },
          {
            key: 'status',
            header: 'Status',
            cell: (r) =>
              r.cancelledAt ? (
                <Badge tone="danger">{`IRN cancelled ${r.cancelledAt}: credit note or replacement invoice due`}</Badge>
              ) : r.irn ? (
                <Badge tone="success">Registered · Ack {r.ackNo}</Badge>
              ) : r.problems.length ? (
                <Badge tone="danger">{r.problems[0]}</Badge>
              ) : (
                <Badge tone="warning">Not registered</Badge>
              ),
          },
          {
            key: 'json',
            header: 'JSON',
            actions: true,
            cell: (r) =>
              r.problems.length ? null : (
                <Link reloadDocument to={einvoiceJsonPath(r.key)}>
                  Download
                </Link>
              ),
          },
        ]}
      />
      <Form
        method="post"
        encType="multipart/form-data"
        className="card no-print"
        id="import"
        aria-labelledby="import-heading"
      >
        <h2 id="import-heading">Import the portal’s response file</h2>
        <p className="muted">
          The JSON the portal returned: one document’s response, or the array of a bulk upload. Each answer is matched
          to a document of {month} by its number and date.
        </p>
        <input type="hidden" name="form" value="import" />
        <div className="form-grid">
          <div className="field">
            <label htmlFor="import-file">Response file (JSON)</label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept="application/json,.json"
              aria-describedby={mine?.error?.file ? 'import-file-error' : undefined}
            />
            <ErrorList id="import-file-error" errors={mine?.error?.file} />
          </div>
          <div className="field">
            <label htmlFor="import-text">Or paste its contents</label>
            <textarea
              id="import-text"
              name="text"
              rows={4}
              defaultValue={typeof mine?.initialValue?.text === 'string' ? mine.initialValue.text : ''}
            />
          </div>
        </div>
        <div className="form-actions">
          <SubmitButton pendingText="Importing…">Import</SubmitButton>
        </div>
      </Form>
    </div>
  )
}

/** /logistics/settlements/einvoices/:docKey: one document, its JSON, and what the portal returned for it. */
export function EinvoiceDocPage({ data, reply }: { data: EinvoiceDocData; reply: Reply }) {
  const { registration } = data
  return (
    <div className="settlement">
      <PageHeader title={`e-Invoice: ${data.kind} ${data.number}`}>
        <Link to={einvoiceMonthPath(data.month, data.supplierGstin)}>e-Invoices of {data.month}</Link>
        {data.problems.length ? null : (
          <Link reloadDocument to={einvoiceJsonPath(data.key)}>
            Download the JSON
          </Link>
        )}
      </PageHeader>
      <section className="card" aria-labelledby="doc-heading">
        <h2 id="doc-heading">{data.kind}</h2>
        <Details
          items={[
            { label: 'Number', value: data.number },
            { label: 'Date', value: day(data.on) },
            { label: 'Buyer', value: data.buyer },
            { label: 'Buyer’s GSTIN', value: data.gstin },
            { label: 'Place of supply', value: data.placeOfSupply },
            { label: 'Taxable value', value: formatMoney(data.taxableMinor) },
            { label: 'Tax', value: formatMoney(data.taxMinor) },
            { label: 'Value', value: formatMoney(data.totalMinor) },
            ...(data.invoice
              ? [{ label: 'Adjusts invoice', value: `${data.invoice.number} of ${day(data.invoice.on)}` }]
              : []),
          ]}
        />
        {data.problems.length ? <FormErrors errors={data.problems} /> : null}
      </section>
      {registration ? (
        <section className="card" aria-labelledby="registration-heading">
          <h2 id="registration-heading">Registered</h2>
          <Details
            items={[
              { label: 'IRN', value: <code className="break-anywhere">{registration.irn}</code> },
              { label: 'Ack No', value: registration.ackNo },
              { label: 'Ack Date', value: registration.ackAt },
              { label: 'Recorded from', value: registration.source === 'file' ? 'The response file' : 'The form' },
              ...(registration.cancelled
                ? [
                    { label: 'IRN cancelled on', value: registration.cancelled.at },
                    { label: 'Reason', value: `${registration.cancelled.reason}: ${registration.cancelled.remark}` },
                  ]
                : [{ label: 'Cancellable until', value: registration.cancelUntil ?? '—' }]),
            ]}
          />
          {registration.cancelled ? (
            <p className="field-error" role="status">
              <strong>{registration.cancelled.message}</strong> The buyer no longer gets this document: it is not a
              valid {data.kind.toLowerCase()}.
            </p>
          ) : null}
        </section>
      ) : data.problems.length ? null : (
        <RegistrationForm reply={reply} />
      )}
      {registration && !registration.cancelled ? (
        registration.cancelOpen && registration.ewayBills.length ? (
          <p className="notice" role="note">
            {`E-way bill ${registration.ewayBills.map((b) => `${b.number} (booking ${b.code})`).join(', ')} names this invoice, and the portal does not cancel an IRN while an e-way bill names it. Logistics cancels the e-way bill first (within 24 hours of its generation, before the goods move); once the goods moved on it, issue a credit note instead.`}
          </p>
        ) : registration.cancelOpen ? (
          <CancelForms data={data} reply={reply} />
        ) : (
          <p className="muted">
            {`The portal cancels an IRN only within 24 hours of its Ack Date (until ${registration.cancelUntil ?? '—'}): to undo this document now, issue a credit note for it.`}
          </p>
        )
      ) : null}
      <p>
        <Link to={einvoicesPath}>All e-invoices</Link>
      </p>
    </div>
  )
}

function RegistrationForm({ reply }: { reply: Reply }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.registrationSchema), {
    id: 'registration',
    lastResult: reply,
  })
  const qrErrors = fields.signedQr.errors ?? []
  const invoiceErrors = fields.signedInvoice.errors ?? []
  return (
    <Form method="post" {...getFormProps(form)} className="card no-print" aria-labelledby="record-heading">
      <h2 id="record-heading">Record what the portal returned</h2>
      <ErrorSummary form={form} />
      <div className="form-grid">
        <Field
          label="IRN"
          meta={fields.irn}
          hint="64 characters"
          inputProps={{ spellCheck: false, autoComplete: 'off' }}
        />
        <Field label="Ack No" meta={fields.ackNo} inputProps={{ inputMode: 'numeric' }} />
        <Field label="Ack Date" meta={fields.ackAt} hint="As the portal gives it: 2026-11-27 14:05:00" />
      </div>
      <FieldFrame
        label="Signed QR code"
        meta={fields.signedQr}
        errors={qrErrors}
        hint="The SignedQRCode text, pasted whole"
      >
        <textarea
          {...getTextareaProps(fields.signedQr)}
          rows={4}
          aria-invalid={qrErrors.length ? true : undefined}
          aria-describedby={`${fields.signedQr.id}-hint${qrErrors.length ? ` ${fields.signedQr.errorId}` : ''}`}
        />
      </FieldFrame>
      <FieldFrame label="Signed invoice (if given)" meta={fields.signedInvoice} errors={invoiceErrors}>
        <textarea
          {...getTextareaProps(fields.signedInvoice)}
          rows={3}
          aria-invalid={invoiceErrors.length ? true : undefined}
        />
      </FieldFrame>
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Recording…">
          Record the registration
        </SubmitButton>
      </div>
    </Form>
  )
}

/**
 * Cancelling the IRN (issue 52), without JavaScript: the Cancel IRN JSON to upload (a GET form, a
 * download), then the portal's answer recorded (its CancelDate), within 24 hours of the Ack Date.
 */
function CancelForms({ data, reply }: { data: EinvoiceDocData; reply: Reply }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.cancellationSchema), {
    id: 'cancellation',
    lastResult: reply,
    defaultValue: { intent: 'cancel', reason: '2' },
  })
  const reasons = CANCEL_REASON_CODES.map((code) => ({ value: code, label: `${code}: ${CANCEL_REASONS[code]}` }))
  return (
    <section className="card no-print" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel the IRN</h2>
      <p className="muted">
        {`The portal cancels an IRN within 24 hours of its Ack Date (until ${data.registration?.cancelUntil ?? '—'}), with a reason and a remark. Download the cancel JSON, upload it on the portal, then record the cancel date it answers. A cancelled document is no longer valid: issue a credit note for it or raise a replacement invoice.`}
      </p>
      {/* A plain GET form: the JSON is a download, not a page of the app. */}
      <form method="get" action={einvoiceCancelJsonPath(data.key)} className="form-grid">
        <label className="field">
          <span>Reason (for the JSON)</span>
          <select name="reason" defaultValue="2">
            {reasons.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Remark (for the JSON, at most 100 characters)</span>
          <input name="remark" maxLength={100} required />
        </label>
        <div className="form-actions">
          <button type="submit" className="btn">
            Download the cancel JSON
          </button>
        </div>
      </form>
      <Form method="post" {...getFormProps(form)} aria-labelledby="cancel-record-heading">
        <h3 id="cancel-record-heading">Record the portal’s cancellation</h3>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="cancel" />
        <div className="form-grid">
          <SelectField label="Reason" meta={fields.reason} options={reasons} />
          <Field label="Remark" meta={fields.remark} hint="As sent to the portal, at most 100 characters" />
          <Field
            label="Cancel date"
            meta={fields.cancelledAt}
            hint="The CancelDate the portal answered: 2026-11-28 10:05:00"
          />
        </div>
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Recording…">
            Record the cancellation
          </SubmitButton>
        </div>
      </Form>
    </section>
  )
}
