import { getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Label } from 'radix-ui/label'
import { ErrorList } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PickerField } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { StatusBadge } from '~/ui/badge'
import { countOf, formatDateTime, formatMoney } from '~/utils/format'
import {
  AddressSelect,
  CartAddForm,
  CartForm,
  ChooseCartBuyer,
  LineControl,
  messagesAt,
  readyCount,
  RemoveLineButton,
  type OpenCart,
} from '../orders/cart-page'
import { choicesOf, type PickOption } from '~/platform/pick'
import type { SampleCartView } from './cart.server'
import { samplePath } from './lens'
import { sampleCartPath } from './shared'

type Reply = (SubmissionResult<string[]> & { choices?: Record<string, PickOption[]> }) | null | undefined

export interface RecentRequest {
  id: number
  code: string
  status: string
  requestedAt: string
  itemCount: number
  buyerName: string
}

/** The sample orders the user requested lately: how the requester follows them. */
function RecentRequests({ requests }: { requests: RecentRequest[] }) {
  const columns: Column<RecentRequest>[] = [
    {
      key: 'code',
      header: 'Sample order',
      title: true,
      nowrap: true,
      cell: (r) => <Link to={samplePath('main', r.id)}>{r.code}</Link>,
    },
    { key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { key: 'items', header: 'Samples', numeric: true, cell: (r) => r.itemCount },
    { key: 'requested', header: 'Requested', nowrap: true, cell: (r) => formatDateTime(r.requestedAt) },
  ]
  return (
    <>
      <h2>Your latest requests</h2>
      <Table
        caption="Sample orders you requested lately"
        columns={columns}
        rows={requests}
        rowKey={(r) => r.id}
        empty="You have not requested samples yet."
      />
    </>
  )
}

/** The samples cart before a buyer is chosen, with the requester's latest requests under it. */
export function ChooseSampleCartBuyer(props: {
  buyer: string
  error: string | null
  choices?: PickOption[]
  carts: OpenCart[]
  requests: RecentRequest[]
}) {
  return (
    <ChooseCartBuyer
      {...props}
      title="Samples order cart"
      intro="Samples are requested for one buyer: choose the buyer, add the samples with how many pieces of each, choose where they go, then request them. The buyer’s KAM or business operations approve the request."
      pathOf={sampleCartPath}
    >
      <RecentRequests requests={props.requests} />
    </ChooseCartBuyer>
  )
}

type Line = SampleCartView['lines'][number]

/** The samples cart of one buyer: add samples, set the pieces, choose the ship-to, request them. */
export function SampleCartPage({
  view,
  idempotencyKey,
  lastResult,
}: {
  view: SampleCartView
  idempotencyKey: string
  lastResult: Reply
}) {
  const { buyer, lines, addresses, totals } = view
  const addReply = lastResult?.initialValue?.intent === 'add' ? lastResult : undefined
  const cartReply = addReply ? undefined : lastResult
  const defaultValue = {
    shipTo: view.cart?.shipTo ? String(view.cart.shipTo) : '',
    note: view.cart?.note ?? '',
    line: Object.fromEntries(lines.map((l) => [String(l.id), { quantity: l.quantity }])),
  }
  const [addForm, addFields] = useZodForm(() => import('./schema').then((m) => m.addSampleSchema), {
    id: 'samples-add',
    lastResult: addReply,
  })
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.sampleCartFormSchema), {
    id: 'samples',
    lastResult: cartReply,
    defaultValue,
  })
  const lineFields = fields.line.getFieldset()
  const key =
    typeof cartReply?.initialValue?.idempotencyKey === 'string' ? cartReply.initialValue.idempotencyKey : idempotencyKey

  const columns: Column<Line>[] = [
    {
      key: 'sample',
      header: 'Sample',
      title: true,
      cell: (l) => (
        <div id={`line-${l.id}`}>
          <strong>{l.code}</strong> · {l.name}
          <div className="muted">
            {l.category} · {l.chargeMinor ? `${formatMoney(l.chargeMinor)} a piece` : 'free'}
          </div>
        </div>
      ),
    },
    { key: 'stock', header: 'In stock', numeric: true, cell: (l) => l.stock.toLocaleString('en-IN') },
    {
      key: 'quantity',
      header: 'Pieces',
      cell: (l) => {
        const meta = lineFields[String(l.id)].getFieldset().quantity
        const errors = messagesAt(meta, l.error ?? undefined)
        return (
          <LineControl label={`Pieces of ${l.code}`} meta={meta} errors={errors}>
            <input
              {...getInputProps(meta, { type: 'text' })}
              inputMode="numeric"
              size={6}
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? meta.errorId : undefined}
            />
          </LineControl>
        )
      },
    },
    {
      key: 'charge',
      header: 'Charge',
      numeric: true,
      cell: (l) => (l.lineChargeMinor === null ? <span className="muted">—</span> : formatMoney(l.lineChargeMinor)),
    },
    {
      key: 'remove',
      header: 'Remove',
      actions: true,
      cell: (l) => <RemoveLineButton lineId={l.id} label={l.code} />,
    },
  ]

  return (
    <>
      <PageHeader title={`Samples order cart: ${buyer.name}`}>
        <Link to={sampleCartPath()}>Choose another buyer</Link>
      </PageHeader>
      {buyer.status !== 'active' ? (
        <p className="notice-warning">
          {buyer.name} is {buyer.status}: samples are sent to active buyers only.
        </p>
      ) : null}

      <CartAddForm form={addForm}>
        <PickerField
          label="Add a sample"
          meta={addFields.sampleSku}
          kind="sample_sku"
          choices={choicesOf(addReply, 'sampleSku')}
          hint="The sample’s code or words of its name"
        />
      </CartAddForm>

      <CartForm
        form={form}
        idempotencyKey={key}
        place={{ label: 'Request the samples', pending: 'Requesting…' }}
        empty={lines.length === 0}
      >
        <fieldset className="card form-grid">
          <legend>Where they go</legend>
          <AddressSelect
            label="Ship to"
            meta={fields.shipTo}
            options={addresses}
            buyerId={buyer.id}
            empty="This buyer has no shipping address yet."
          />
          <div className="field">
            <Label htmlFor={fields.note.id}>Note for the team (the buyer does not see it)</Label>
            <textarea {...getTextareaProps(fields.note)} rows={2} />
            <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
          </div>
        </fieldset>
        <h2>{countOf(lines.length, 'sample')}</h2>
        <Table
          caption={`Samples in the cart for ${buyer.name}`}
          columns={columns}
          rows={lines}
          rowKey={(l) => l.id}
          empty="The cart is empty: add a sample above."
        />
        <div className="cart-totals card" aria-live="polite">
          <p>{readyCount(totals.readyLines, lines.length, 'sample', 'request')}</p>
          <dl>
            <div>
              <dt>Sample charges</dt>
              <dd>
                <strong>{formatMoney(totals.chargeMinor)}</strong>
              </dd>
            </div>
          </dl>
        </div>
      </CartForm>
    </>
  )
}
