import { Form, useLocation } from '@remix-run/react'
import { Figures } from '~/ui/figures'
import { StatusBadge } from '~/ui/badge'
import { Details } from '~/ui/details'
import { DateFilter, FilterActions, SelectFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { BuyerInvoiceOrder } from './invoice-order-link'
import { BUYER_INVOICE_STATUSES, buyerInvoiceStatusLabels, buyerMoneyPaths } from './buyer-paths'
import type { BuyerInvoicesPage, BuyerOutstandingPage, BuyerPaymentsPage } from './buyer.server'
import { AgeingTable } from './ageing-table'
import { figureLabels, type InvoiceFigures } from './figures'
import { paymentModeLabels } from './shared'

// The buyer portal's money pages: its invoices, its payments, what it owes (with ageing and the
// statement). Each reads only the signed-in buyer's records (./buyer.server.ts).

const day = (d: string) => formatDate(`${d}T12:00:00Z`)

function MoneyLinks() {
  return (
    <>
      <Link to={buyerMoneyPaths.invoices}>Invoices</Link>
      <Link to={buyerMoneyPaths.payments}>Payments</Link>
      <Link to={buyerMoneyPaths.outstanding}>Outstanding and statement</Link>
    </>
  )
}

type InvoiceRow = BuyerInvoicesPage['rows'][number]

/** An invoice's figures as columns, in the order they add up: amount + debit notes − credit notes − received = due. */
function figureColumns<R extends InvoiceFigures>(): Column<R>[] {
  return [
    { key: 'amount', header: 'Amount', numeric: true, cell: (i) => formatMoney(i.invoicedMinor) },
    {
      key: 'debited',
      header: figureLabels.debitNotesMinor,
      numeric: true,
      cell: (i) => formatMoney(i.debitNotesMinor),
    },
    {
      key: 'credited',
      header: figureLabels.creditNotesMinor,
      numeric: true,
      cell: (i) => formatMoney(i.creditNotesMinor),
    },
    { key: 'received', header: figureLabels.receivedMinor, numeric: true, cell: (i) => formatMoney(i.receivedMinor) },
    { key: 'due', header: 'Due', numeric: true, cell: (i) => <strong>{formatMoney(i.outstandingMinor)}</strong> },
  ]
}

/** /buyer/invoices: the buyer's invoices, newest first, each with its PDF. */
export function BuyerInvoices({ data }: { data: BuyerInvoicesPage }) {
  const { filters, today } = data
  const exportParams = new URLSearchParams(useLocation().search)
  exportParams.delete('page')
  exportParams.delete('index')
  const columns: Column<InvoiceRow>[] = [
    {
      key: 'number',
      header: 'Invoice',
      title: true,
      nowrap: true,
      // Rule 48(5): a B2B invoice is handed out once its IRN is recorded; until then it says what it waits for.
      cell: (i) =>
        i.valid ? (
          <Link reloadDocument to={buyerMoneyPaths.invoicePdf(i.id)}>{`${i.number} (PDF)`}</Link>
        ) : (
          <span>
            {i.number}
            <br />
            <span className="muted">{i.waiting}</span>
          </span>
        ),
    },
    {
      key: 'notes',
      header: 'Details',
      nowrap: true,
      cell: (i) => (
        <Link to={buyerMoneyPaths.invoice(i.id)}>
          Lines and notes<span className="visually-hidden"> of {i.number}</span>
        </Link>
      ),
    },
    { key: 'date', header: 'Date', nowrap: true, cell: (i) => day(i.invoiceOn) },
    {
      key: 'order',
      header: 'Order',
      nowrap: true,
      cell: (i) => <BuyerInvoiceOrder order={i.order} />,
    },
    ...figureColumns<InvoiceRow>(),
    {
      key: 'dueOn',
      header: 'Due by',
      nowrap: true,
      cell: (i) =>
        i.status === 'open' && i.dueOn < today ? (
          <strong className="overdue-mark">{day(i.dueOn)} (past due)</strong>
        ) : (
          day(i.dueOn)
        ),
    },
    { key: 'status', header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
  ]
  return (
    <div>
      <PageHeader title="Invoices">
        <MoneyLinks />
      </PageHeader>
      <p className="muted">
        Due = amount + debit notes − credit notes − received (your payments, with the TDS you deducted). Each invoice
        opens as a PDF.
      </p>
      <Form method="get" className="filters" role="search" aria-label="Filter the invoices">
        <SelectFilter
          name="status"
          label="Status"
          value={filters.status}
          any="All invoices"
          options={BUYER_INVOICE_STATUSES.map((s) => ({ value: s, label: buyerInvoiceStatusLabels[s] }))}
        />
        <FilterActions
          sort="date"
          dir="desc"
          defaultSort="date"
          defaultDir="desc"
          clearTo={buyerMoneyPaths.invoices}
          filtering={filters.status !== null}
        />
      </Form>
      <ListSummary
        total={data.total}
        capped={data.capped}
        noun="invoice"
        matching={filters.status !== null && 'this status'}
        csv={`${buyerMoneyPaths.invoicesCsv}${exportParams.size ? `?${exportParams}` : ''}`}
      />
      <Table
        caption="Your invoices, newest first"
        columns={columns}
        rows={data.rows}
        rowKey={(i) => i.id}
        empty={
          filters.status
            ? 'No invoice has this status.'
            : 'Nothing invoiced yet: goods are invoiced when they are delivered.'
        }
      />
      <Pagination page={filters.page} pageSize={filters.pageSize} total={data.total} capped={data.capped} />
    </div>
  )
}

type PaymentRow = BuyerPaymentsPage['rows'][number]

/** /buyer/payments: the payments received from the buyer (its receipts), each with the invoices it paid. */
export function BuyerPayments({ data }: { data: BuyerPaymentsPage }) {
  const columns: Column<PaymentRow>[] = [
    { key: 'number', header: 'Receipt', title: true, nowrap: true, cell: (p) => p.number },
    { key: 'received', header: 'Received', nowrap: true, cell: (p) => day(p.receivedOn) },
    { key: 'amount', header: 'Amount', numeric: true, cell: (p) => formatMoney(p.amountMinor) },
    {
      key: 'tds',
      header: 'TDS you deducted',
      numeric: true,
      cell: (p) => (p.tdsMinor ? `${formatMoney(p.tdsMinor)}${p.tdsSection ? ` (${p.tdsSection})` : ''}` : ''),
    },
    { key: 'mode', header: 'Mode', cell: (p) => `${paymentModeLabels[p.mode]} ${p.reference}` },
    {
      key: 'paid',
      header: 'Paid against',
      cell: (p) =>
        p.paid.length ? (
          <ul className="plain-list">
            {p.paid.map((a) => (
              <li key={a.invoiceId}>
                <Link to={buyerMoneyPaths.invoice(a.invoiceId)}>{a.number}</Link>: {formatMoney(a.amountMinor)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'advance',
      header: 'Not yet allocated',
      numeric: true,
      cell: (p) => (p.unallocatedMinor ? formatMoney(p.unallocatedMinor) : ''),
    },
  ]
  return (
    <div>
      <PageHeader title="Payments">
        <MoneyLinks />
      </PageHeader>
      <p className="muted">
        Each payment goes to your oldest open invoices first; what is left waits for your next invoice.
      </p>
      <ListSummary total={data.total} capped={data.capped} noun="payment" csv={buyerMoneyPaths.paymentsCsv} />
      <Table
        caption="Payments received from you, newest first"
        columns={columns}
        rows={data.rows}
        rowKey={(p) => p.id}
        empty="No payment received yet."
      />
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} capped={data.capped} />
    </div>
  )
}

type OpenRow = BuyerOutstandingPage['open'][number]

/** /buyer/outstanding: what the buyer owes, by age, its open invoices, and its statement for a period. */
export function BuyerOutstanding({ data }: { data: BuyerOutstandingPage }) {
  const { account, ageing, open, today, statement } = data
  const columns: Column<OpenRow>[] = [
    {
      key: 'number',
      header: 'Invoice',
      title: true,
      nowrap: true,
      cell: (i) => <Link to={buyerMoneyPaths.invoice(i.id)}>{i.number}</Link>,
    },
    {
      key: 'notes',
      header: 'Details',
      nowrap: true,
      cell: (i) => (
        <Link to={buyerMoneyPaths.invoice(i.id)}>
          Lines and notes<span className="visually-hidden"> of {i.number}</span>
        </Link>
      ),
    },
    {
      key: 'order',
      header: 'Order',
      nowrap: true,
      cell: (i) => <BuyerInvoiceOrder order={i.order} />,
    },
    { key: 'date', header: 'Date', nowrap: true, cell: (i) => day(i.invoiceOn) },
    {
      key: 'due',
      header: 'Due by',
      nowrap: true,
      cell: (i) =>
        i.dueOn < today ? <strong className="overdue-mark">{day(i.dueOn)} (past due)</strong> : day(i.dueOn),
    },
    ...figureColumns<OpenRow>(),
  ]
  return (
    <div>
      <PageHeader title="Outstanding">
        <MoneyLinks />
      </PageHeader>
      <Figures
        figures={[
          {
            label: 'Outstanding',
            value: formatMoney(account.outstandingMinor),
            to: `${buyerMoneyPaths.invoices}?status=open`,
          },
          {
            label: 'Past due',
            value: formatMoney(ageing.overdueMinor),
            tone: ageing.overdueMinor > 0 ? 'warning' : undefined,
            to: `${buyerMoneyPaths.invoices}?status=overdue`,
          },
          { label: 'Paid in advance', value: formatMoney(account.advanceMinor), to: buyerMoneyPaths.payments },
        ]}
      />
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">Your account</h2>
        <Details
          items={[
            { label: figureLabels.invoicedMinor, value: formatMoney(account.invoicedMinor) },
            { label: `+ ${figureLabels.debitNotesMinor}`, value: formatMoney(account.debitNotesMinor) },
            { label: `− ${figureLabels.creditNotesMinor}`, value: formatMoney(account.creditNotesMinor) },
            {
              label: `− ${figureLabels.receivedMinor}`,
              value: account.tdsMinor
                ? `${formatMoney(account.receivedMinor)} (payments ${formatMoney(account.moneyReceivedMinor)} + TDS you deducted ${formatMoney(account.tdsMinor)})`
                : formatMoney(account.receivedMinor),
            },
            {
              label: `= ${figureLabels.outstandingMinor}`,
              value:
                account.outstandingMinor < 0
                  ? `${formatMoney(account.outstandingMinor)} (paid in advance)`
                  : formatMoney(account.outstandingMinor),
            },
            { label: 'Payment terms', value: `${account.paymentTermsDays} days` },
            {
              label: 'Credit limit',
              value:
                account.creditUsedPercent === null
                  ? 'No limit'
                  : `${formatMoney(account.creditLimitMinor)} (${account.creditUsedPercent}% used)`,
            },
          ]}
        />
        <h3>Ageing of open invoices</h3>
        <AgeingTable ageing={ageing} />
      </section>
      <h2>Open invoices</h2>
      {ageing.openInvoices > open.length ? (
        <p className="muted">
          The oldest {open.length} of {ageing.openInvoices.toLocaleString('en-IN')} open invoices.
        </p>
      ) : null}
      <Table
        caption="Open invoices, oldest first"
        columns={columns}
        rows={open}
        rowKey={(i) => i.id}
        empty="Nothing is owed."
      />
      <section className="card" aria-labelledby="statement-heading">
        <h2 id="statement-heading">Statement of account</h2>
        <p className="muted">
          Every invoice, payment and credit note of the period with the balance after each, as a PDF.
        </p>
        {/* A plain GET form: the PDF is a download, not a page of the app. */}
        <form method="get" action="/buyer/statement.pdf" className="filters">
          <DateFilter name="from" label="From" value={statement.from} problem={statement.problems.from} />
          <DateFilter name="to" label="To" value={statement.to} problem={statement.problems.to} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">
              Download the statement (PDF)
            </button>
          </div>
        </form>
        <p>
          <Link reloadDocument to={buyerMoneyPaths.statementPdf(statement.from, statement.to)}>
            Statement of {day(statement.from)} to {day(statement.to)} (PDF)
          </Link>
        </p>
      </section>
    </div>
  )
}
