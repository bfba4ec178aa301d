import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { Details } from '~/ui/details'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { Figures } from '~/ui/figures'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { rupeesInput } from '~/utils/money'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { PayablesPageData, SellerAccountPageData, taxRegistersPage } from './pages.server'
import {
  sellerAccountPath,
  sellerBillPath,
  sellerBillsPath,
  sellerOwnStatementPath,
  sellerStatementPath,
  taxRegistersPath,
} from './paths'
import { LEDGER_KIND_WORDS } from './words'

// Finance's payables (bills due per seller, payment runs), a seller's account, the month's tax
// registers; and the seller's own money page (the same account, without finance's links and forms).

const day = (d: string) => formatDate(`${d}T12:00:00Z`)

export function PayablesPage({ data, reply }: { data: PayablesPageData; reply: Reply }) {
  return (
    <div>
      <PageHeader title="Seller payables">
        <Link to={sellerBillsPath}>Seller bills</Link>
        <Link to={taxRegistersPath()}>Tax registers</Link>
      </PageHeader>
      <Figures
        figures={[
          {
            label: 'Overdue',
            value: formatMoney(data.totals.overdue),
            tone: data.totals.overdue ? 'warning' : undefined,
          },
          { label: `Due this week (to ${day(data.weekEnd)})`, value: formatMoney(data.totals.week) },
          { label: 'Later', value: formatMoney(data.totals.later) },
        ]}
      />
      {data.sellers.length === 0 ? <p>No approved bill is waiting to be paid.</p> : null}
      {data.sellers.map((s) => (
        <PaymentRun key={s.sellerId} seller={s} data={data} reply={reply} />
      ))}
    </div>
  )
}

function PaymentRun({
  seller,
  data,
  reply,
}: {
  seller: PayablesPageData['sellers'][number]
  data: PayablesPageData
  reply: Reply
}) {
  const id = `pay-${seller.sellerId}`
  const mine = replyFor(reply, id)
  const key =
    typeof mine?.initialValue?.idempotencyKey === 'string'
      ? mine.initialValue.idempotencyKey
      : data.keys[seller.sellerId]
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.payoutFormSchema), {
    id,
    lastResult: mine,
    defaultValue: { paidOn: data.today },
  })
  const errors = (mine?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.initialValue ?? {}) as { bill?: Record<string, { pay?: string; amount?: string }> }
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Link to={sellerAccountPath(seller.sellerId)}>{seller.sellerName}</Link>
      </h2>
      <p className="muted">
        Overdue {formatMoney(seller.totals.overdue)} · this week {formatMoney(seller.totals.week)} · later{' '}
        {formatMoney(seller.totals.later)}. Tick the bills to pay and the amount on each (in part or in full); TDS and
        debit notes are already taken off what is owed.
      </p>
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value={id} />
      <input type="hidden" name="seller" value={seller.sellerId} />
      <input type="hidden" name="idempotencyKey" value={key} />
      <Table
        caption={`Bills of ${seller.sellerName} to pay, soonest due first`}
        columns={[
          {
            key: 'pay',
            header: 'Pay',
            cell: (b) => (
              <input
                type="checkbox"
                name={`bill.${b.id}.pay`}
                value="on"
                aria-label={`Pay ${b.number}`}
                defaultChecked={typed.bill ? typed.bill[b.id]?.pay === 'on' : false}
              />
            ),
          },
          {
            key: 'n',
            header: 'Bill',
            title: true,
            nowrap: true,
            cell: (b) => <Link to={sellerBillPath(b.id)}>{b.number}</Link>,
          },
          { key: 'o', header: 'Seller order', nowrap: true, cell: (b) => b.orderCode },
          {
            key: 'due',
            header: 'Due',
            nowrap: true,
            cell: (b) =>
              b.bucket === 'overdue' ? (
                <strong className="overdue-mark">{day(b.dueOn)} (overdue)</strong>
              ) : (
                day(b.dueOn)
              ),
          },
          { key: 't', header: 'Total', numeric: true, cell: (b) => formatMoney(b.totalMinor) },
          { key: 'tds', header: 'TDS', numeric: true, cell: (b) => formatMoney(b.tdsMinor) },
          { key: 'dn', header: 'Debit notes', numeric: true, cell: (b) => formatMoney(b.debitedMinor) },
          { key: 'p', header: 'Paid', numeric: true, cell: (b) => formatMoney(b.paidMinor) },
          { key: 'open', header: 'Owed', numeric: true, cell: (b) => <strong>{formatMoney(b.openMinor)}</strong> },
          {
            key: 'amount',
            header: 'Amount to pay (₹)',
            cell: (b) => {
              const name = `bill.${b.id}.amount`
              return (
                <>
                  <input
                    name={name}
                    inputMode="decimal"
                    aria-label={`Amount to pay on ${b.number}`}
                    defaultValue={typed.bill?.[b.id]?.amount ?? rupeesInput(b.openMinor)}
                    aria-invalid={errors[name]?.length ? true : undefined}
                  />
                  <ErrorList errors={errors[name]} />
                </>
              )
            },
          },
        ]}
        rows={seller.bills}
        rowKey={(b) => b.id}
      />
      <div className="form-grid">
        <Field label="Paid on" type="date" meta={fields.paidOn} inputProps={{ max: data.today }} />
        <Field label="UTR" meta={fields.utr} hint="The bank transfer's reference" />
      </div>
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Paying…">
          Pay {seller.sellerName}
        </SubmitButton>
      </div>
    </Form>
  )
}

/** A seller's account: finance's page (`finance`: links to bills, the terms form) and the seller's own. */
export function SellerAccountPage({
  data,
  reply,
  finance,
}: {
  data: SellerAccountPageData
  reply?: Reply
  finance: boolean
}) {
  const s = data.seller
  const statement = finance
    ? sellerStatementPath(s.id, data.statement.from, data.statement.to)
    : sellerOwnStatementPath(data.statement.from, data.statement.to)
  const bill = (id: number, number: string) => (finance ? <Link to={sellerBillPath(id)}>{number}</Link> : number)
  return (
    <div>
      <PageHeader title={finance ? `Seller account: ${s.name}` : 'Money: bills and payouts'}>
        <Link reloadDocument to={statement}>
          Statement (PDF)
        </Link>
      </PageHeader>
      <Figures
        figures={[
          // Finance reads the platform's words; the seller its own (issue 51).
          { label: finance ? 'Owed to the seller now' : 'Owed to you now', value: formatMoney(data.balanceMinor) },
          { label: finance ? 'Billed (approved)' : 'Your bills (approved)', value: formatMoney(data.billedMinor) },
          { label: finance ? 'Paid' : 'Paid to you', value: formatMoney(data.paidMinor) },
          { label: 'TDS deducted (194Q)', value: formatMoney(data.tdsMinor) },
          { label: 'Debit notes', value: formatMoney(data.debitedMinor) },
        ]}
      />
      <section className="card">
        <Details
          items={[
            { label: 'Legal name', value: s.legalName ?? s.name },
            { label: 'GSTIN', value: s.gstin ?? '—' },
            { label: 'PAN', value: s.pan ?? '—' },
            { label: 'Payment terms', value: `${s.paymentTermsDays} days from the bill’s date` },
            ...(s.openingPurchasesMinor
              ? [
                  {
                    label: `Purchases in ${s.year} before bills were recorded here`,
                    value: formatMoney(s.openingPurchasesMinor),
                  },
                ]
              : []),
          ]}
        />
        {finance ? <TermsForm seller={s} reply={reply} /> : null}
      </section>
      <h2>{finance ? 'Owed: bills not yet paid' : 'Your bills not yet paid'}</h2>
      <Table
        caption="Bills not yet paid, by due date"
        columns={[
          { key: 'n', header: 'Bill', title: true, nowrap: true, cell: (b) => bill(b.id, b.number) },
          { key: 'o', header: finance ? 'Seller order' : 'Order', nowrap: true, cell: (b) => b.orderCode },
          { key: 'd', header: 'Bill date', nowrap: true, cell: (b) => day(b.billOn) },
          {
            key: 'due',
            header: 'Due',
            nowrap: true,
            cell: (b) =>
              b.status === 'review'
                ? 'Waiting for review'
                : b.dueOn < data.today
                  ? `${day(b.dueOn)} (overdue)`
                  : day(b.dueOn),
          },
          { key: 't', header: 'Total', numeric: true, cell: (b) => formatMoney(b.totalMinor) },
          { key: 'tds', header: 'TDS', numeric: true, cell: (b) => formatMoney(b.tdsMinor) },
          { key: 'dn', header: 'Debit notes', numeric: true, cell: (b) => formatMoney(b.debitedMinor) },
          { key: 'p', header: 'Paid', numeric: true, cell: (b) => formatMoney(b.paidMinor) },
          {
            key: 'open',
            header: 'Owed',
            numeric: true,
            cell: (b) => (b.status === 'review' ? '' : <strong>{formatMoney(b.openMinor)}</strong>),
          },
        ]}
        rows={data.owed}
        rowKey={(b) => b.id}
        empty="Nothing is owed."
      />
      <h2>Paid</h2>
      <Table
        caption="Payouts, newest first, with the bills each paid"
        columns={[
          { key: 'n', header: 'Payout', nowrap: true, cell: (p) => p.number },
          { key: 'd', header: 'Paid on', nowrap: true, cell: (p) => day(p.paidOn) },
          { key: 'u', header: 'UTR', nowrap: true, cell: (p) => p.utr },
          {
            key: 'b',
            header: 'Bills paid (deductions)',
            cell: (p) =>
              p.bills
                .map(
                  (b) =>
                    `${b.number}: ${formatMoney(b.paidMinor)}${b.tdsMinor ? `, TDS ${formatMoney(b.tdsMinor)}` : ''}${b.debitedMinor ? `, debit notes ${formatMoney(b.debitedMinor)}` : ''}`,
                )
                .join('; '),
          },
          { key: 'a', header: 'Amount', numeric: true, cell: (p) => formatMoney(p.amountMinor) },
        ]}
        rows={data.payouts}
        rowKey={(p) => p.id}
        empty="Nothing paid yet."
      />
      <h2>Debit notes</h2>
      <Table
        caption="Debit notes, newest first"
        columns={[
          { key: 'n', header: 'Debit note', nowrap: true, cell: (d) => d.number },
          { key: 'd', header: 'Issued', nowrap: true, cell: (d) => day(d.issuedOn) },
          { key: 'b', header: 'Bill', nowrap: true, cell: (d) => bill(d.billId, d.billNumber) },
          { key: 'r', header: 'Reason', cell: (d) => d.reason },
          { key: 'a', header: 'Amount', numeric: true, cell: (d) => formatMoney(d.amountMinor) },
        ]}
        rows={data.debitNotes}
        rowKey={(d) => d.id}
        empty="No debit note."
      />
      <h2>Ledger</h2>
      <Table
        caption="Ledger entries, newest first, with what is owed after each"
        columns={[
          { key: 'd', header: 'Posted', nowrap: true, cell: (r) => day(r.entryOn) },
          { key: 'k', header: 'Document', nowrap: true, cell: (r) => `${LEDGER_KIND_WORDS[r.kind]} ${r.refNumber}` },
          { key: 'dr', header: 'Debit', numeric: true, cell: (r) => (r.debitMinor ? formatMoney(r.debitMinor) : '') },
          {
            key: 'cr',
            header: 'Credit',
            numeric: true,
            cell: (r) => (r.creditMinor ? formatMoney(r.creditMinor) : ''),
          },
          { key: 'b', header: 'Owed', numeric: true, cell: (r) => formatMoney(r.balanceMinor) },
        ]}
        rows={data.ledger}
        rowKey={(r) => r.id}
        empty="Nothing posted yet."
      />
    </div>
  )
}

function TermsForm({ seller, reply }: { seller: SellerAccountPageData['seller']; reply?: Reply }) {
  const mine = replyFor(reply ?? null, 'terms')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.termsFormSchema), {
    id: 'terms',
    lastResult: mine,
    defaultValue: {
      paymentTermsDays: String(seller.paymentTermsDays),
      openingPurchases: rupeesInput(seller.openingPurchasesMinor),
    },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="inline-form" aria-label="Payment terms">
      <input type="hidden" name="form" value="terms" />
      <Field
        label="Payment terms (days)"
        meta={fields.paymentTermsDays}
        inputProps={{ inputMode: 'numeric' }}
        hint="For bills recorded from now on"
      />
      <Field
        label={`Purchases in ${seller.year} before bills were recorded here (₹)`}
        meta={fields.openingPurchases}
        inputProps={{ inputMode: 'decimal' }}
        hint="They count towards section 194Q’s ₹50 lakh"
      />
      <div className="form-actions">
        <SubmitButton pendingText="Saving…">Save the terms</SubmitButton>
      </div>
    </Form>
  )
}

export function TaxRegistersPage({ data }: { data: Awaited<ReturnType<typeof taxRegistersPage>> }) {
  return (
    <div>
      <PageHeader title={`Tax registers: ${data.month}`} />
      <Form method="get" className="filters" aria-label="The month">
        <div className="field">
          <label htmlFor="month">Month</label>
          <input id="month" name="month" type="month" defaultValue={data.month} />
        </div>
        <div className="field">
          <label htmlFor="registration">GST registration</label>
          <select id="registration" name="registration" defaultValue={data.registration ?? ''}>
            <option value="">All registrations</option>
            {data.registrations.map((r) => (
              <option key={r.gstin} value={r.gstin}>
                {r.state} · {r.gstin}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </div>
      </Form>
      <h2>Input tax from seller bills</h2>
      <p className="muted">
        Bills approved in the month, less debit notes issued in it. Totals: taxable{' '}
        {formatMoney(data.inputTotals.taxableMinor)} · CGST {formatMoney(data.inputTotals.cgstMinor)} · SGST{' '}
        {formatMoney(data.inputTotals.sgstMinor)} · IGST {formatMoney(data.inputTotals.igstMinor)}. Each registration
        claims the credit of the bills it received (the warehouse the goods were delivered to, else the home one).
      </p>
      <RegistrationTotals caption="Input tax per registration" rows={data.inputByRegistration} />
      <Table
        caption="Input tax register"
        columns={[
          { key: 'd', header: 'Document', nowrap: true, cell: (r) => r.document },
          { key: 'on', header: 'Date', nowrap: true, cell: (r) => day(r.on) },
          { key: 's', header: 'Seller', cell: (r) => r.sellerName },
          { key: 'g', header: 'GSTIN', nowrap: true, cell: (r) => r.gstin ?? '—' },
          { key: 'rb', header: 'Received by', nowrap: true, cell: (r) => r.receivedBy },
          { key: 't', header: 'Taxable', numeric: true, cell: (r) => formatMoney(r.taxableMinor) },
          { key: 'c', header: 'CGST', numeric: true, cell: (r) => formatMoney(r.cgstMinor) },
          { key: 'sg', header: 'SGST', numeric: true, cell: (r) => formatMoney(r.sgstMinor) },
          { key: 'i', header: 'IGST', numeric: true, cell: (r) => formatMoney(r.igstMinor) },
        ]}
        rows={data.input}
        rowKey={(r) => r.key}
        empty="No seller bill was approved in this month."
      />
      <h2>TDS payable (section 194Q)</h2>
      <p className="muted">
        Deducted in the month (by the company, whatever registration received the bill), due to the government by the
        7th of the next month. Total {formatMoney(data.tdsTotalMinor)}
      </p>
      <Table
        caption="TDS payable register"
        columns={[
          { key: 's', header: 'Seller', cell: (r) => <Link to={sellerAccountPath(r.sellerId)}>{r.sellerName}</Link> },
          { key: 'p', header: 'PAN', nowrap: true, cell: (r) => r.pan ?? 'Not known' },
          { key: 'b', header: 'Bills', numeric: true, cell: (r) => r.bills },
          { key: 't', header: 'Purchase value', numeric: true, cell: (r) => formatMoney(r.taxableMinor) },
          { key: 'a', header: 'TDS', numeric: true, cell: (r) => formatMoney(r.tdsMinor) },
        ]}
        rows={data.tds}
        rowKey={(r) => r.sellerId}
        empty="No TDS was deducted in this month."
      />
    </div>
  )
}

/** A register's taxable value and tax per GST registration (issue 52). */
export function RegistrationTotals({
  caption,
  rows,
}: {
  caption: string
  rows: {
    gstin: string
    state: string
    taxableMinor: number
    cgstMinor: number
    sgstMinor: number
    igstMinor: number
  }[]
}) {
  return (
    <Table
      caption={caption}
      columns={[
        { key: 'r', header: 'Registration', nowrap: true, cell: (r) => `${r.state} · ${r.gstin}` },
        { key: 't', header: 'Taxable', numeric: true, cell: (r) => formatMoney(r.taxableMinor) },
        { key: 'c', header: 'CGST', numeric: true, cell: (r) => formatMoney(r.cgstMinor) },
        { key: 's', header: 'SGST', numeric: true, cell: (r) => formatMoney(r.sgstMinor) },
        { key: 'i', header: 'IGST', numeric: true, cell: (r) => formatMoney(r.igstMinor) },
      ]}
      rows={rows}
      rowKey={(r) => r.gstin}
    />
  )
}
