import type { ReactNode } from 'react'
import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { Details } from '~/ui/details'
import { ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { formatQuantity, quantityInput } from '~/utils/quantity'
import { rupeesInput } from '~/utils/money'
import { replyFor, type Reply } from '~/platform/form-reply'
import { buyerMoneyPaths } from './buyer-paths'
import { BuyerInvoiceOrder, StaffInvoiceOrder } from './invoice-order-link'
import type { BuyerInvoicePageData, InvoicePageData } from './invoice-page.server'
import { DEBIT_REASONS, NOTE_REASONS, noteDocType, noteReasonLabels, noteTitle, type NoteKind } from './notes'
import { figureLabels } from './figures'
import { invoicePdfPath, settlementPath } from './shared'
import { einvoicePath } from './gst/shared'
import { noteFinanceText } from './gst/standing'

// An invoice's page: the invoice, its lines, the credit and debit notes on it (each as a PDF) and,
// for finance, the forms that raise them. The buyer's page shows the same invoice without the forms.

const day = (d: string) => formatDate(`${d}T12:00:00Z`)
type Invoice = BuyerInvoicePageData['invoice']
type Note = BuyerInvoicePageData['notes'][number]
type Line = Invoice['lines'][number]

export const notePdfPath = (buyerId: number, kind: NoteKind, id: number) =>
  `${settlementPath(buyerId)}/${kind}_notes/${id}.pdf`
export const invoicePagePath = (buyerId: number, invoiceId: number) =>
  `${settlementPath(buyerId)}/invoices/${invoiceId}`
export const buyerNotePdfPath = (kind: NoteKind, id: number) => `/buyer/${kind}_notes/${id}.pdf`

function InvoiceFacts({ invoice, order }: { invoice: Invoice; order: ReactNode }) {
  return (
    <Details
      items={[
        { label: 'Date', value: day(invoice.invoiceOn) },
        { label: 'Due by', value: day(invoice.dueOn) },
        { label: invoice.order.kind === 'sample' ? 'For' : 'Order', value: order },
        {
          label: 'Taxes',
          value: invoice.supply === 'intra' ? 'CGST + SGST (within the state)' : 'IGST (across states)',
        },
        { label: 'Taxable value', value: formatMoney(invoice.taxable) },
        { label: 'Tax', value: formatMoney(invoice.tax) },
        { label: 'Invoice total', value: formatMoney(invoice.invoicedMinor) },
        { label: `+ ${figureLabels.debitNotesMinor}`, value: formatMoney(invoice.debitNotesMinor) },
        { label: `− ${figureLabels.creditNotesMinor}`, value: formatMoney(invoice.creditNotesMinor) },
        { label: `− ${figureLabels.receivedMinor} (payments and TDS)`, value: formatMoney(invoice.receivedMinor) },
        { label: '= Still owed', value: <strong>{formatMoney(invoice.outstandingMinor)}</strong> },
      ]}
    />
  )
}

const lineColumns: Column<Line>[] = [
  { key: 'no', header: '#', cell: (l) => l.lineNo },
  { key: 'item', header: 'Item', title: true, cell: (l) => l.description },
  { key: 'hsn', header: 'HSN', nowrap: true, cell: (l) => l.hsn },
  { key: 'qty', header: 'Quantity', numeric: true, cell: (l) => formatQuantity(l.quantityMilli, l.unit) },
  { key: 'price', header: 'Price', numeric: true, cell: (l) => formatMoney(l.priceMinor) },
  { key: 'taxable', header: 'Taxable', numeric: true, cell: (l) => formatMoney(l.taxable) },
  { key: 'rate', header: 'GST', numeric: true, cell: (l) => `${l.rateBp / 100}%` },
  { key: 'total', header: 'Total', numeric: true, cell: (l) => formatMoney(l.total) },
]

/**
 * The notes on an invoice. A note that is not a valid document yet (Rule 48(5), issue 52): the buyer
 * reads why in place of its PDF link; finance keeps its (marked) copy and reads what it waits for.
 */
function NotesTable({
  notes,
  pdf,
  viewer,
}: {
  notes: Note[]
  pdf: (kind: NoteKind, id: number) => string
  viewer: 'buyer' | 'finance'
}) {
  const columns: Column<Note>[] = [
    {
      key: 'number',
      header: 'Note',
      title: true,
      cell: (n) => {
        const name = `${noteTitle(n.kind)} ${n.number}`
        if (viewer === 'buyer')
          return n.valid ? (
            <Link reloadDocument to={pdf(n.kind, n.id)}>{`${name} (PDF)`}</Link>
          ) : (
            <>
              {name} <span className="muted">{n.waiting}</span>
            </>
          )
        const text = noteFinanceText(noteDocType(n.kind), n.state)
        return (
          <>
            <Link reloadDocument to={pdf(n.kind, n.id)}>{`${name} (PDF)`}</Link>
            {text ? (
              <>
                {' '}
                <span className="muted">{text}</span>{' '}
                <Link to={einvoicePath(`${noteDocType(n.kind)}-${n.id}`)}>{`The e-invoice of ${n.number}`}</Link>
              </>
            ) : null}
          </>
        )
      },
    },
    { key: 'date', header: 'Date', nowrap: true, cell: (n) => day(n.issuedOn) },
    { key: 'reason', header: 'Reason', cell: (n) => `${noteReasonLabels[n.reasonCode]}: ${n.reason}` },
    { key: 'taxable', header: 'Taxable', numeric: true, cell: (n) => formatMoney(n.taxableMinor) },
    {
      key: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (n) => (n.kind === 'credit' ? `− ${formatMoney(n.amountMinor)}` : `+ ${formatMoney(n.amountMinor)}`),
    },
  ]
  return (
    <Table
      caption="Credit and debit notes on this invoice"
      columns={columns}
      rows={notes}
      rowKey={(n) => `${n.kind}-${n.id}`}
      empty="No credit or debit note adjusts this invoice."
    />
  )
}

/** /buyer/invoices/:invoiceId: one of the buyer's invoices with the notes on it. */
export function BuyerInvoiceView({ data }: { data: BuyerInvoicePageData }) {
  const { invoice } = data
  return (
    <div>
      <PageHeader title={`Invoice ${invoice.number}`}>
        {invoice.valid ? (
          <Link reloadDocument to={buyerMoneyPaths.invoicePdf(invoice.id)}>
            The invoice (PDF)
          </Link>
        ) : null}
        <Link to={buyerMoneyPaths.invoices}>Invoices</Link>
      </PageHeader>
      {invoice.waiting ? (
        <p className="card" role="status">
          {invoice.waiting}
        </p>
      ) : null}
      <InvoiceFacts invoice={invoice} order={<BuyerInvoiceOrder order={invoice.order} />} />
      <h2>Lines</h2>
      <Table caption="The invoice's lines" columns={lineColumns} rows={invoice.lines} rowKey={(l) => l.lineNo} />
      <h2>Credit and debit notes</h2>
      <NotesTable notes={data.notes} pdf={buyerNotePdfPath} viewer="buyer" />
    </div>
  )
}

/** /logistics/settlements/buyers/:buyerId/invoices/:invoiceId: finance's invoice, its notes, and the forms that raise them. */
export function InvoicePage({ data, reply }: { data: InvoicePageData; reply: Reply }) {
  const { invoice, buyer } = data
  return (
    <div>
      <PageHeader title={`Invoice ${invoice.number}`}>
        <Link reloadDocument to={invoicePdfPath(buyer.id, invoice.id)}>
          The invoice (PDF)
        </Link>
        <Link to={settlementPath(buyer.id)}>{`Settlement: ${buyer.name}`}</Link>
      </PageHeader>
      {data.einvoice.message ? (
        <p className="card" role="status">
          {data.einvoice.message} <Link to={einvoicePath(data.einvoice.key)}>The e-invoice</Link>
        </p>
      ) : null}
      <InvoiceFacts invoice={invoice} order={<StaffInvoiceOrder order={invoice.order} />} />
      <h2>Lines</h2>
      <Table caption="The invoice's lines" columns={lineColumns} rows={invoice.lines} rowKey={(l) => l.lineNo} />
      <h2>Credit and debit notes</h2>
      <NotesTable notes={data.notes} pdf={(kind, id) => notePdfPath(buyer.id, kind, id)} viewer="finance" />
      <div className="settlement-forms no-print">
        <NoteForm data={data} reply={reply} kind="credit" />
        <NoteForm data={data} reply={reply} kind="debit" />
      </div>
    </div>
  )
}

function NoteForm({ data, reply, kind }: { data: InvoicePageData; reply: Reply; kind: NoteKind }) {
  const name = `${kind}_note`
  const mine = replyFor(reply, name)
  const fresh = kind === 'credit' ? data.creditKey : data.debitKey
  const key = typeof mine?.initialValue?.idempotencyKey === 'string' ? mine.initialValue.idempotencyKey : fresh
  const [form, fields] = useZodForm(() => import('./notes-schema').then((m) => m.noteFormSchema), {
    id: `${kind}-note`,
    lastResult: mine,
    defaultValue: {
      intent: kind,
      reasonCode: kind === 'credit' ? 'qc_rejection' : 'rate_difference',
      lines: data.room.map((l) => ({ line: String(l.id) })),
    },
  })
  const rows = fields.lines.getFieldList()
  const reasons = kind === 'credit' ? NOTE_REASONS : DEBIT_REASONS
  const title = noteTitle(kind)
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby={`${kind}-note-heading`}>
      <h2 id={`${kind}-note-heading`}>{`Issue a ${title.toLowerCase()}`}</h2>
      <p className="muted">
        {kind === 'credit'
          ? 'Short delivery, QC rejection and return credit a quantity at the line’s price; rate difference and other credit a taxable amount. Taxes follow the line’s rate. A credit beyond what is still owed goes to the buyer’s advance.'
          : 'A debit note charges a taxable amount more on a line (rate difference or another agreed charge); the buyer’s advance pays it first.'}
      </p>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="form" value={name} />
      <input type="hidden" name="idempotencyKey" value={key} />
      <div className="form-grid">
        <SelectField
          label="Reason"
          meta={fields.reasonCode}
          options={reasons.map((r) => ({ value: r, label: noteReasonLabels[r] }))}
        />
        <Field label="Reason in words" meta={fields.reason} hint="Printed on the note and the statement" />
      </div>
      {fields.lines.errors?.length ? (
        <p className="field-error" id={fields.lines.errorId} role="alert">
          {fields.lines.errors.join(' ')}
        </p>
      ) : null}
      {rows.map((row, i) => {
        const line = data.invoice.lines[i]
        const room = data.room[i]
        if (!line || !room) return null
        const set = row.getFieldset()
        return (
          <fieldset key={row.key} className="form-grid">
            <legend>{`Line ${line.lineNo}: ${line.description} (${formatQuantity(line.quantityMilli, line.unit)} at ${formatMoney(line.priceMinor)})`}</legend>
            <input type="hidden" name={set.line.name} value={String(room.id)} />
            {kind === 'credit' ? (
              <Field
                label={`Quantity (${line.unit})`}
                meta={set.quantity}
                inputProps={{ inputMode: 'decimal' }}
                hint={`Short delivery, QC rejection, return: at most ${quantityInput(room.creditableQuantityMilli)}`}
              />
            ) : null}
            <Field
              label="Taxable amount (₹)"
              meta={set.amount}
              inputProps={{ inputMode: 'decimal' }}
              hint={
                kind === 'credit'
                  ? `Rate difference, other: at most ${rupeesInput(room.creditableMinor)} with tax`
                  : `At most ${rupeesInput(room.debitableMinor)} with tax`
              }
            />
          </fieldset>
        )
      })}
      <div className="form-actions">
        <SubmitButton pendingText="Issuing…">{`Issue the ${title.toLowerCase()}`}</SubmitButton>
      </div>
    </Form>
  )
}
