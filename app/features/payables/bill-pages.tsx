import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { Details } from '~/ui/details'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import { formatQuantity, quantityInput } from '~/utils/quantity'
import { rupeesInput } from '~/utils/money'
import { replyFor, type Reply } from '~/platform/form-reply'
import type { BillPageData, NewBillPageData } from './pages.server'
import { newSellerBillPath, payablesPath, sellerAccountPath, sellerBillPath, sellerBillsPath } from './paths'
import type { BillFilter } from './queries.server'
import { BILL_STATUS_WORDS } from './words'

// Finance's seller bills: the list (the review queue first), recording a bill against a seller
// order, and a bill's page (its three-way match, the decision, debit notes, what paid it).

const day = (d: string) => formatDate(`${d}T12:00:00Z`)
type Row = {
  id: number
  number: string
  sellerId: number
  sellerName: string
  orderCode: string
  billOn: string
  dueOn: string
  totalMinor: number
  status: 'review' | 'approved' | 'rejected'
  mismatch: string | null
}

const FILTERS: { value: BillFilter; label: string }[] = [
  { value: 'review', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
]

export function SellerBillsPage({
  data,
}: {
  data: { status: BillFilter; order: string; waiting: number; rows: Row[] }
}) {
  const columns: Column<Row>[] = [
    {
      key: 'number',
      header: 'Bill',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={sellerBillPath(r.id)}>{r.number}</Link>,
    },
    { key: 'seller', header: 'Seller', cell: (r) => <Link to={sellerAccountPath(r.sellerId)}>{r.sellerName}</Link> },
    { key: 'order', header: 'Seller order', nowrap: true, cell: (r) => r.orderCode },
    { key: 'date', header: 'Date', nowrap: true, cell: (r) => day(r.billOn) },
    { key: 'due', header: 'Due', nowrap: true, cell: (r) => day(r.dueOn) },
    { key: 'total', header: 'Total', numeric: true, cell: (r) => formatMoney(r.totalMinor) },
    { key: 'status', header: 'Status', cell: (r) => BILL_STATUS_WORDS[r.status] },
    { key: 'why', header: 'Does not match', cell: (r) => r.mismatch ?? '' },
  ]
  return (
    <div>
      <PageHeader title="Seller bills">
        <Link to={payablesPath}>Payables</Link>
      </PageHeader>
      <Form method="get" action={newSellerBillPath()} className="filters card" aria-label="Record a seller's bill">
        <div className="field">
          <label htmlFor="bill-order">Record a bill against seller order</label>
          <input
            id="bill-order"
            name="order"
            defaultValue={data.order}
            placeholder="SO-2026-000123"
            autoComplete="off"
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Record a bill
          </button>
        </div>
      </Form>
      <nav aria-label="Bills by status" className="tabs">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`${sellerBillsPath}?status=${f.value}`}
            aria-current={f.value === data.status ? 'page' : undefined}
          >
            {f.label}
            {f.value === 'review' ? ` (${data.waiting})` : ''}
          </Link>
        ))}
      </nav>
      <Table
        caption={data.status === 'review' ? 'Bills waiting for review, oldest first' : 'Seller bills, newest first'}
        columns={columns}
        rows={data.rows}
        rowKey={(r) => r.id}
        empty={data.status === 'review' ? 'No bill waits for review.' : 'No bill here.'}
      />
    </div>
  )
}

export function NewSellerBillPage({ data, reply }: { data: NewBillPageData; reply: Reply }) {
  const mine = replyFor(reply, 'bill')
  const key = typeof mine?.initialValue?.idempotencyKey === 'string' ? mine.initialValue.idempotencyKey : data.key
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.billFormSchema), {
    id: 'bill',
    lastResult: mine,
    defaultValue: { billOn: data.today },
  })
  const errors = (mine?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.initialValue ?? {}) as {
    line?: Record<string, { quantity?: string; rate?: string; tax?: string }>
  }
  const facts = data.facts
  return (
    <div>
      <PageHeader title={facts ? `Record a bill: ${facts.order.code}` : 'Record a seller’s bill'} />
      <Form method="get" className="filters" aria-label="The seller order">
        <div className="field">
          <label htmlFor="order-code">Seller order</label>
          <input
            id="order-code"
            name="order"
            defaultValue={data.code}
            placeholder="SO-2026-000123"
            aria-invalid={data.problem ? true : undefined}
          />
          <ErrorList errors={data.problem ? [data.problem] : null} />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn">
            Find
          </button>
        </div>
      </Form>
      {facts ? (
        <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="bill-heading">
          <h2 id="bill-heading">
            Bill of {facts.seller.name} against {facts.order.code}
          </h2>
          <p className="muted">
            {facts.seller.gstin ? `GSTIN ${facts.seller.gstin}` : 'Not registered for GST: no tax on its bills'} ·{' '}
            Received by the platform’s {facts.recipient.state} registration {facts.recipient.gstin}
            {facts.recipient.unregisteredState
              ? ` (no registration in ${facts.recipient.unregisteredState}, where the goods were delivered)`
              : ''}{' '}
            · {facts.supply === 'intra' ? 'CGST + SGST (the seller is in the same state)' : 'IGST (another state)'} ·
            order {facts.order.status.replace(/_/g, ' ')} · due {facts.seller.paymentTermsDays} days after the bill’s
            date. A bill that matches what was ordered, dispatched and accepted in QC is approved at once; one that does
            not waits for review.
          </p>
          <ErrorSummary form={form} />
          <input type="hidden" name="form" value="bill" />
          <input type="hidden" name="idempotencyKey" value={key} />
          <div className="form-grid">
            <Field
              label="Seller’s invoice number"
              meta={fields.number}
              hint="As printed on its bill (at most 16 characters)"
            />
            <Field label="Bill date" type="date" meta={fields.billOn} inputProps={{ max: data.today }} />
          </div>
          {facts.lines.map((l) => {
            const name = (f: string) => `line.${l.subOrderId}.${f}`
            const input = (f: 'quantity' | 'rate' | 'tax', label: string, value: string) => (
              <div className="field">
                <label htmlFor={name(f)}>{label}</label>
                <input
                  id={name(f)}
                  name={name(f)}
                  inputMode="decimal"
                  defaultValue={typed.line?.[l.subOrderId]?.[f] ?? value}
                  aria-invalid={errors[name(f)]?.length ? true : undefined}
                />
                <ErrorList errors={errors[name(f)]} />
              </div>
            )
            return (
              <fieldset key={l.subOrderId} className="row quantities">
                <legend>
                  Line {l.lineNo}: {l.description} · ordered {formatQuantity(l.orderedMilli, l.unit)} at{' '}
                  {formatMoney(l.costMinor)} · accepted in QC {formatQuantity(l.acceptedMilli, l.unit)}
                  {l.billedBeforeMilli ? ` · billed before ${formatQuantity(l.billedBeforeMilli, l.unit)}` : ''} · GST{' '}
                  {l.gstRateBp / 100}%
                </legend>
                {input('quantity', `Quantity (${l.unit})`, l.leftMilli ? quantityInput(l.leftMilli) : '')}
                {input('rate', 'Rate (₹ per unit)', l.leftMilli ? rupeesInput(l.costMinor) : '')}
                {input('tax', 'GST on the line (₹)', l.leftMilli ? rupeesInput(l.expectedTaxMinor) : '')}
              </fieldset>
            )
          })}
          <div className="form-actions">
            <SubmitButton variant="primary" pendingText="Recording…">
              Record the bill
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </div>
  )
}

type Line = BillPageData['bill']['lines'][number]

export function SellerBillPage({ data, reply }: { data: BillPageData; reply: Reply }) {
  const { bill } = data
  const columns: Column<Line>[] = [
    { key: 'line', header: 'Line', cell: (l) => `${l.lineNo}. ${l.description}` },
    { key: 'qty', header: 'Billed', numeric: true, cell: (l) => formatQuantity(l.quantityMilli, l.unit) },
    { key: 'ordered', header: 'Ordered', numeric: true, cell: (l) => formatQuantity(l.orderedMilli, l.unit) },
    { key: 'accepted', header: 'Accepted in QC', numeric: true, cell: (l) => formatQuantity(l.acceptedMilli, l.unit) },
    { key: 'rate', header: 'Rate', numeric: true, cell: (l) => formatMoney(l.rateMinor) },
    { key: 'cost', header: 'Ordered cost', numeric: true, cell: (l) => formatMoney(l.costMinor) },
    { key: 'taxable', header: 'Taxable value', numeric: true, cell: (l) => formatMoney(l.taxableMinor) },
    { key: 'gst', header: 'GST', numeric: true, cell: (l) => `${formatMoney(l.taxMinor)} (${l.gstRateBp / 100}%)` },
    { key: 'total', header: 'Total', numeric: true, cell: (l) => formatMoney(l.totalMinor) },
    {
      key: 'back',
      header: 'Taken back',
      numeric: true,
      cell: (l) => (l.debitedMilli ? formatQuantity(l.debitedMilli, l.unit) : ''),
    },
  ]
  return (
    <div>
      <PageHeader title={`Seller bill ${bill.number}`}>
        <Link to={sellerAccountPath(bill.sellerId)}>{bill.sellerName}’s account</Link>
      </PageHeader>
      <section className="card">
        <Details
          items={[
            { label: 'Status', value: BILL_STATUS_WORDS[bill.status] },
            { label: 'Seller', value: `${bill.sellerName}${bill.gstin ? ` (GSTIN ${bill.gstin})` : ''}` },
            { label: 'Seller order', value: `${bill.orderCode} (${bill.orderStatus.replace(/_/g, ' ')})` },
            { label: 'Received by', value: `${bill.recipient.state} registration ${bill.recipient.gstin}` },
            { label: 'Bill date', value: day(bill.billOn) },
            { label: 'Due', value: day(bill.dueOn) },
            { label: 'Taxable value', value: formatMoney(bill.taxableMinor) },
            bill.supply === 'intra'
              ? { label: 'CGST + SGST', value: `${formatMoney(bill.cgstMinor)} + ${formatMoney(bill.sgstMinor)}` }
              : { label: 'IGST', value: formatMoney(bill.igstMinor) },
            { label: 'Total', value: formatMoney(bill.totalMinor) },
            { label: 'TDS (section 194Q)', value: formatMoney(bill.tdsMinor) },
            { label: 'Debit notes', value: formatMoney(bill.debitedMinor) },
            { label: 'Paid', value: formatMoney(bill.paidMinor) },
            { label: 'Still owed', value: formatMoney(bill.openMinor) },
            ...(bill.mismatch ? [{ label: 'Does not match', value: bill.mismatch }] : []),
            ...(bill.decisionNote
              ? [{ label: 'Decision', value: `${bill.decisionNote}${bill.decidedBy ? ` (${bill.decidedBy})` : ''}` }]
              : []),
          ]}
        />
      </section>
      <Table
        caption="The bill's lines against what was ordered and accepted"
        columns={columns}
        rows={bill.lines}
        rowKey={(l) => l.id}
      />
      {bill.status === 'review' ? <DecisionForms reply={reply} number={bill.number} /> : null}
      {bill.status === 'approved' && bill.openMinor > 0 ? <DebitNoteForm data={data} reply={reply} /> : null}
      <h2>Debit notes</h2>
      <Table
        caption="Debit notes to the seller against this bill"
        columns={[
          { key: 'n', header: 'Debit note', nowrap: true, cell: (d) => d.number },
          { key: 'd', header: 'Issued', nowrap: true, cell: (d) => day(d.issuedOn) },
          { key: 'r', header: 'Reason', cell: (d) => d.reason },
          { key: 'a', header: 'Amount', numeric: true, cell: (d) => formatMoney(d.amountMinor) },
        ]}
        rows={bill.debitNotes}
        rowKey={(d) => d.id}
        empty="No debit note."
      />
      <h2>Paid by</h2>
      <Table
        caption="Payouts that paid this bill"
        columns={[
          { key: 'n', header: 'Payout', nowrap: true, cell: (p) => p.number },
          { key: 'd', header: 'Paid on', nowrap: true, cell: (p) => day(p.paidOn) },
          { key: 'u', header: 'UTR', nowrap: true, cell: (p) => p.utr },
          { key: 'a', header: 'Amount', numeric: true, cell: (p) => formatMoney(p.amountMinor) },
        ]}
        rows={bill.payouts}
        rowKey={(p) => p.id}
        empty="Not paid yet."
      />
    </div>
  )
}

function DecisionForms({ reply, number }: { reply: Reply; number: string }) {
  const mine = replyFor(reply, 'decision')
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.billDecisionSchema), {
    id: 'decision',
    lastResult: mine,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="decision-heading">
      <h2 id="decision-heading">Review bill {number}</h2>
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value="decision" />
      <Field label="Reason" meta={fields.reason} hint="Kept with the bill; the seller reads a rejection’s reason" />
      <div className="form-actions">
        <SubmitButton name="intent" value="approve" variant="primary" pendingText="Approving…">
          Approve the bill
        </SubmitButton>
        <SubmitButton name="intent" value="reject" pendingText="Rejecting…">
          Reject the bill
        </SubmitButton>
      </div>
    </Form>
  )
}

function DebitNoteForm({ data, reply }: { data: BillPageData; reply: Reply }) {
  const mine = replyFor(reply, 'debit_note')
  const key = typeof mine?.initialValue?.idempotencyKey === 'string' ? mine.initialValue.idempotencyKey : data.debitKey
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.billDecisionSchema), {
    id: 'debit-note',
    lastResult: mine,
    defaultValue: { intent: 'debit_note' },
  })
  const errors = (mine?.error ?? {}) as Record<string, string[] | null>
  const typed = (mine?.initialValue ?? {}) as { line?: Record<string, { quantity?: string }> }
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="debit-heading">
      <h2 id="debit-heading">Issue a debit note to the seller</h2>
      <p className="muted">
        Takes back quantities rejected in QC after billing, or billed above what was accepted, at the billed rate with
        its share of the line’s GST.
      </p>
      <ErrorSummary form={form} />
      <input type="hidden" name="form" value="debit_note" />
      <input type="hidden" name="intent" value="debit_note" />
      <input type="hidden" name="idempotencyKey" value={key} />
      {data.bill.lines.map((l) => {
        const name = `line.${l.id}.quantity`
        const over = Math.max(0, l.quantityMilli - l.acceptedMilli - l.debitedMilli)
        return (
          <div className="field" key={l.id}>
            <label htmlFor={name}>
              Line {l.lineNo}: quantity to take back ({l.unit})
            </label>
            <input
              id={name}
              name={name}
              inputMode="decimal"
              defaultValue={typed.line?.[l.id]?.quantity ?? (over ? quantityInput(over) : '')}
              aria-invalid={errors[name]?.length ? true : undefined}
            />
            <ErrorList errors={errors[name]} />
          </div>
        )
      })}
      <Field label="Reason" meta={fields.reason} hint="Printed on the seller’s statement" />
      <div className="form-actions">
        <SubmitButton pendingText="Issuing…">Issue the debit note</SubmitButton>
      </div>
    </Form>
  )
}
