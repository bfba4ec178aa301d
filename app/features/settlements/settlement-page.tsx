import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { Details } from '~/ui/details'
import { ErrorSummary, Field, SelectField } from '~/ui/field'
import { DateFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { rupeesInput } from '~/utils/money'
import { Figures } from '~/ui/figures'
import { replyFor, type Reply } from '~/platform/form-reply'
import { AgeingTable } from './ageing-table'
import type { SettlementPageData } from './pages.server'
import { PAYMENT_MODES, paymentModeLabels, settlementPath, statementPdfPath } from './shared'
import { invoicePagePath, notePdfPath } from './invoice-page'
import { StaffInvoiceOrder } from './invoice-order-link'

type LedgerRow = SettlementPageData['ledger']['rows'][number]
type OpenInvoice = SettlementPageData['open'][number]
const day = (d: string) => formatDate(`${d}T12:00:00Z`)
const KIND: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  debit_note: 'Debit note',
}

/** /logistics/settlements/buyers/:buyerId: the buyer's figures, ageing, open invoices, forms to record money, and its ledger. */
export function SettlementPage({ data, reply }: { data: SettlementPageData; reply: Reply }) {
  const { account, ageing, open, ledger, filters } = data
  const buyer = account.buyer
  const base = settlementPath(buyer.id)
  const invoiceColumns: Column<OpenInvoice>[] = [
    {
      key: 'number',
      header: 'Invoice',
      title: true,
      nowrap: true,
      cell: (i) => <Link to={invoicePagePath(buyer.id, i.id)}>{i.number}</Link>,
    },
    { key: 'order', header: 'Order', nowrap: true, cell: (i) => <StaffInvoiceOrder order={i.order} /> },
    { key: 'date', header: 'Date', nowrap: true, cell: (i) => day(i.invoiceOn) },
    {
      key: 'due',
      header: 'Due',
      nowrap: true,
      cell: (i) =>
        i.dueOn < data.today ? <strong className="overdue-mark">{day(i.dueOn)} (overdue)</strong> : day(i.dueOn),
    },
    { key: 'total', header: 'Total', numeric: true, cell: (i) => formatMoney(i.totalMinor) },
    { key: 'paid', header: 'Paid', numeric: true, cell: (i) => formatMoney(i.paidMinor) },
    { key: 'debited', header: 'Debit notes', numeric: true, cell: (i) => formatMoney(i.debitedMinor) },
    { key: 'credited', header: 'Credited', numeric: true, cell: (i) => formatMoney(i.creditedMinor) },
    { key: 'open', header: 'Open', numeric: true, cell: (i) => <strong>{formatMoney(i.openMinor)}</strong> },
  ]
  const ledgerColumns: Column<LedgerRow>[] = [
    { key: 'posted', header: 'Posted', nowrap: true, cell: (r) => day(r.entryOn) },
    {
      key: 'document',
      header: 'Document',
      nowrap: true,
      title: true,
      cell: (r) =>
        r.kind === 'invoice' ? (
          <Link to={invoicePagePath(buyer.id, r.refId)}>{`${KIND[r.kind]} ${r.refNumber}`}</Link>
        ) : r.kind === 'credit_note' || r.kind === 'debit_note' ? (
          <Link reloadDocument to={notePdfPath(buyer.id, r.kind === 'credit_note' ? 'credit' : 'debit', r.refId)}>
            {`${KIND[r.kind]} ${r.refNumber}`}
          </Link>
        ) : (
          `${KIND[r.kind] ?? r.kind} ${r.refNumber}`
        ),
    },
    { key: 'details', header: 'Details', cell: (r) => r.about },
    { key: 'debit', header: 'Debit', numeric: true, cell: (r) => (r.debitMinor ? formatMoney(r.debitMinor) : '') },
    { key: 'credit', header: 'Credit', numeric: true, cell: (r) => (r.creditMinor ? formatMoney(r.creditMinor) : '') },
    { key: 'balance', header: 'Balance', numeric: true, cell: (r) => formatMoney(r.balanceMinor) },
  ]
  return (
    <div className="settlement">
      <PageHeader title={`Settlement: ${buyer.name}`}>
        <Link to={`/buyers/${buyer.id}`}>The buyer</Link>
        <Link reloadDocument to={statementPdfPath(buyer.id, data.statement.from, data.statement.to)}>
          Statement (PDF)
        </Link>
      </PageHeader>
      <Figures
        figures={[
          {
            label: 'Outstanding',
            value: formatMoney(account.outstandingMinor),
            tone: ageing.overdueMinor > 0 ? 'warning' : undefined,
          },
          {
            label: 'Past due',
            value: formatMoney(ageing.overdueMinor),
            tone: ageing.overdueMinor > 0 ? 'warning' : undefined,
          },
          {
            label: 'Credit limit used',
            value:
              account.creditUsedPercent === null
                ? 'No limit'
                : `${account.creditUsedPercent}% of ${formatMoney(buyer.creditLimitMinor)}`,
          },
          { label: 'Advance (not yet allocated)', value: formatMoney(account.advanceMinor) },
        ]}
      />
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <Details
          items={[
            { label: 'Legal name', value: buyer.legalName ?? buyer.name },
            { label: 'GSTIN', value: buyer.gstin ?? '—' },
            { label: 'Payment terms', value: `${buyer.paymentTermsDays} days` },
            { label: 'Invoiced', value: formatMoney(account.invoicedMinor) },
            { label: 'Debit notes', value: formatMoney(account.debitedMinor) },
            { label: 'Received (with TDS deducted)', value: formatMoney(account.receivedMinor) },
            { label: 'Credit notes', value: formatMoney(account.creditedMinor) },
          ]}
        />
        <h3>Ageing of open invoices</h3>
        <AgeingTable ageing={ageing} />
      </section>
      <h2>Open invoices</h2>
      {ageing.openInvoices > open.length ? (
        <p className="muted">
          The oldest {open.length} of {ageing.openInvoices.toLocaleString('en-IN')} open invoices: payments go to them
          first.
        </p>
      ) : null}
      <Table
        caption="Open invoices, oldest first: payments go to them in this order"
        columns={invoiceColumns}
        rows={open}
        rowKey={(i) => i.id}
        empty="No invoice is open."
      />
      <div className="settlement-forms no-print">
        <PaymentForm data={data} reply={reply} />
        {open.length ? <CreditNoteForm data={data} reply={reply} /> : null}
      </div>
      <TdsReceivables data={data} reply={reply} />
      <section aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger</h2>
        <Form method="get" className="filters no-print" role="search" aria-label="The ledger's period">
          <DateFilter name="from" label="Posted from" value={filters.from} problem={filters.problems.from} />
          <DateFilter name="to" label="Posted to" value={filters.to} problem={filters.problems.to} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Show
            </button>
            {filters.from || filters.to ? <Link to={base}>Everything</Link> : null}
          </div>
        </Form>
        <ListSummary
          total={ledger.total}
          capped={ledger.capped}
          noun={['ledger entry', 'ledger entries']}
          matching={(filters.from || filters.to) && 'this period'}
        >
          <Link reloadDocument to={statementPdfPath(buyer.id, data.statement.from, data.statement.to)}>
            Statement of {day(data.statement.from)} to {day(data.statement.to)} (PDF)
          </Link>
        </ListSummary>
        <Table
          caption="Ledger entries, newest first, with the balance after each"
          columns={ledgerColumns}
          rows={ledger.rows}
          rowKey={(r) => r.id}
          empty={filters.from || filters.to ? 'Nothing was posted in this period.' : 'Nothing posted yet.'}
        />
        <Pagination page={filters.page} pageSize={filters.pageSize} total={ledger.total} capped={ledger.capped} />
      </section>
    </div>
  )
}

function PaymentForm({ data, reply }: { data: SettlementPageData; reply: Reply }) {
  const mine = replyFor(reply, 'payment')
  const key =
    typeof mine?.initialValue?.idempotencyKey === 'string' ? mine.initialValue.idempotencyKey : data.paymentKey
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.settlementFormSchema), {
    id: 'payment',
    lastResult: mine,
    defaultValue: { intent: 'payment', receivedOn: data.today, mode: 'neft' },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Record a payment received</h2>
      <p className="muted">
        It goes to the oldest open invoices first; anything left waits as an advance for the next invoice.
      </p>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="form" value="payment" />
      <input type="hidden" name="idempotencyKey" value={key} />
      <div className="form-grid">
        <Field label="Received on" type="date" meta={fields.receivedOn} inputProps={{ max: data.today }} />
        <Field
          label="Amount (₹)"
          meta={fields.amount}
          inputProps={{ inputMode: 'decimal' }}
          hint={
            data.account.outstandingMinor > 0 ? `Outstanding: ${rupeesInput(data.account.outstandingMinor)}` : undefined
          }
        />
        <SelectField
          label="Mode"
          meta={fields.mode}
          options={PAYMENT_MODES.map((m) => ({ value: m, label: paymentModeLabels[m] }))}
        />
        <Field label="Reference" meta={fields.reference} hint="UTR, cheque or transaction number" />
        <Field
          label="TDS deducted (₹)"
          meta={fields.tds}
          inputProps={{ inputMode: 'decimal' }}
          hint="What the buyer kept back as TDS, if any: it settles invoices with the money"
        />
        <Field
          label="TDS section"
          meta={fields.tdsSection}
          hint="Like 194Q (optional): 194Q is 0.1 % of the value without GST of what the receipt settles"
        />
      </div>
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Recording…">
          Record the payment
        </SubmitButton>
      </div>
    </Form>
  )
}

function CreditNoteForm({ data, reply }: { data: SettlementPageData; reply: Reply }) {
  const mine = replyFor(reply, 'credit_note')
  const key = typeof mine?.initialValue?.idempotencyKey === 'string' ? mine.initialValue.idempotencyKey : data.creditKey
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.settlementFormSchema), {
    id: 'credit-note',
    lastResult: mine,
    defaultValue: { intent: 'credit_note' },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="credit-heading">
      <h2 id="credit-heading">Issue a credit note</h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="credit_note" />
      <input type="hidden" name="form" value="credit_note" />
      <input type="hidden" name="idempotencyKey" value={key} />
      <div className="form-grid">
        <Field
          label="Against invoice"
          meta={fields.invoice}
          hint="Its number, like INV/26-27/000123"
          inputProps={{ list: 'open-invoices', autoComplete: 'off', spellCheck: false }}
        />
        <datalist id="open-invoices">
          {data.open.map((i) => (
            <option key={i.id} value={i.number}>{`${formatMoney(i.openMinor)} open`}</option>
          ))}
        </datalist>
        <Field
          label="Amount (₹)"
          meta={fields.amount}
          hint="At most what the invoice still owes"
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field label="Reason" meta={fields.reason} hint="Printed on the statement" />
      </div>
      <div className="form-actions">
        <SubmitButton pendingText="Issuing…">Issue the credit note</SubmitButton>
      </div>
    </Form>
  )
}

type TdsRow = SettlementPageData['tds']['waiting'][number]

/** The TDS the buyer deducted that waits for its certificate (Form 16A), each with a form to record it. */
function TdsReceivables({ data, reply }: { data: SettlementPageData; reply: Reply }) {
  const { waiting, certified, waitingMinor } = data.tds
  if (!waiting.length && !certified.length) return null
  const columns: Column<TdsRow>[] = [
    { key: 'number', header: 'Receipt', title: true, nowrap: true, cell: (p) => p.number },
    { key: 'received', header: 'Received', nowrap: true, cell: (p) => day(p.receivedOn) },
    { key: 'amount', header: 'Money', numeric: true, cell: (p) => formatMoney(p.amountMinor) },
    { key: 'tds', header: 'TDS', numeric: true, cell: (p) => formatMoney(p.tdsMinor) },
    { key: 'section', header: 'Section', cell: (p) => p.section ?? '—' },
    {
      key: 'certificate',
      header: 'Certificate',
      cell: (p) =>
        p.certificate ? (
          `${p.certificate}, ${day(p.certificateOn!)}`
        ) : (
          <TdsCertificateForm row={p} data={data} reply={reply} />
        ),
    },
  ]
  return (
    <section aria-labelledby="tds-heading">
      <h2 id="tds-heading">TDS receivable</h2>
      <p className="muted">
        {waiting.length
          ? `${formatMoney(waitingMinor)} of TDS on ${waiting.length} receipt${waiting.length === 1 ? '' : 's'} waits for the buyer’s certificate.`
          : 'Every TDS deducted has its certificate.'}
      </p>
      <Table
        caption="Receipts with TDS: those waiting for a certificate first"
        columns={columns}
        rows={[...waiting, ...certified]}
        rowKey={(p) => p.id}
      />
    </section>
  )
}

function TdsCertificateForm({ row, data, reply }: { row: TdsRow; data: SettlementPageData; reply: Reply }) {
  const name = `tds-${row.id}`
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.settlementFormSchema), {
    id: name,
    lastResult: replyFor(reply, name),
    defaultValue: { intent: 'tds_certificate', payment: String(row.id), certificateOn: data.today },
  })
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`TDS certificate for ${row.number}`}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="tds_certificate" />
      <input type="hidden" name="form" value={name} />
      <input type="hidden" name="payment" value={row.id} />
      <div className="form-grid">
        <Field label="Certificate number" meta={fields.certificate} hint="Form 16A" />
        <Field label="Dated" type="date" meta={fields.certificateOn} inputProps={{ max: data.today }} />
      </div>
      <SubmitButton pendingText="Recording…">Record the certificate</SubmitButton>
    </Form>
  )
}
