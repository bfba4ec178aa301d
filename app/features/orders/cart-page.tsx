import {
  getFormProps,
  getInputProps,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Label } from 'radix-ui/label'
import { Button, SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, getSelectProps } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PickerField, PickerFilter } from '~/ui/picker'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { countOf, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { choicesOf, type PickOption } from '~/platform/pick'
import type { CartView } from './cart.server'
import { cartTotals, checkCartLineTyped, leadTimeWarning, type CartLineTyped } from './cart-rule'
import { LeadTimeWarning, SellerChoice, SellerSortLinks } from './seller-choice'
import { cartPath } from './shared'

type Reply = (SubmissionResult<string[]> & { choices?: Record<string, PickOption[]> }) | null | undefined

export interface OpenCart {
  buyerId: number
  buyerName: string
  lineCount: number
  updatedAt: string
}

/**
 * A cart page before a buyer is chosen (the master order cart's, the samples cart's): pick one, or
 * go back to a cart with lines in it.
 */
export function ChooseCartBuyer({
  buyer,
  error,
  choices,
  carts,
  title = 'Master order cart',
  intro = 'An order is placed for one buyer: choose the buyer, add its SKUs, choose a seller for each line, then place the order.',
  pathOf = cartPath,
  children,
}: {
  buyer: string
  error: string | null
  choices?: PickOption[]
  carts: OpenCart[]
  title?: string
  intro?: string
  pathOf?: (buyerId: number) => string
  children?: React.ReactNode
}) {
  const columns: Column<OpenCart>[] = [
    { key: 'buyer', header: 'Buyer', title: true, cell: (c) => <Link to={pathOf(c.buyerId)}>{c.buyerName}</Link> },
    { key: 'lines', header: 'Lines', numeric: true, cell: (c) => c.lineCount },
    { key: 'updated', header: 'Last changed', nowrap: true, cell: (c) => formatDateTime(c.updatedAt) },
  ]
  return (
    <>
      <PageHeader title={title} />
      <p className="muted">{intro}</p>
      <Form method="get" className="filters" role="search" aria-label="Choose the buyer">
        <PickerFilter
          name="buyer"
          label="Buyer"
          kind="buyer"
          value={buyer}
          error={error}
          choices={choices}
          placeholder="Name, e-mail or GSTIN"
        />
        <div className="form-actions">
          <Button type="submit" variant="primary">
            Open the cart
          </Button>
        </div>
      </Form>
      <h2>Your carts</h2>
      <Table
        caption="Your carts with lines in them"
        columns={columns}
        rows={carts}
        rowKey={(c) => c.buyerId}
        empty="You have no cart with lines in it."
      />
      {children}
    </>
  )
}

type Line = CartView['lines'][number]

/** A line's fields as the form holds them now (a radio not chosen is absent). */
type TypedLine = { quantity?: unknown; requiredBy?: unknown; seller?: unknown }

/** A line as typed, for the rule: the form's values, or what was saved before the form holds any. */
function typedOf(value: TypedLine | undefined, saved: Line): CartLineTyped {
  if (!value) return { quantity: saved.quantity, requiredBy: saved.requiredBy, sellerSkuId: saved.sellerSkuId }
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  const seller = text(value.seller)
  return {
    quantity: text(value.quantity),
    requiredBy: text(value.requiredBy),
    sellerSkuId: /^\d{1,12}$/.test(seller) ? Number(seller) : null,
  }
}

const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN')}%`

function addressText(a: Omit<CartView['addresses'][number], 'kind'>) {
  return [a.label, a.line1, a.city, a.state, a.pin].filter(Boolean).join(', ')
}

/** A control in a line's cell: its label is read, not shown (the column says it); its messages under it. */
export function LineControl({
  label,
  meta,
  errors,
  children,
}: {
  label: string
  meta: FieldMetadata<unknown>
  errors: string[]
  children: React.ReactNode
}) {
  return (
    <div className="field line-field">
      <Label htmlFor={meta.id} className="visually-hidden">
        {label}
      </Label>
      {children}
      <ErrorList id={meta.errorId} errors={errors} />
    </div>
  )
}

/** The server's reply's messages at a field, else the line's own message from the cart's checks. */
export const messagesAt = (meta: FieldMetadata<unknown>, own: string | undefined) =>
  meta.errors?.length ? meta.errors : own ? [own] : []

/** The cart of one buyer: add its SKUs, fill in each line, choose the addresses, place the order. */
export function CartPage({
  view,
  idempotencyKey,
  lastResult,
  aside,
}: {
  view: CartView
  idempotencyKey: string
  lastResult: Reply
  /** Shown beside the buyer: its credit (the route hands in credit's panel). */
  aside?: React.ReactNode
}) {
  const { buyer, lines, addresses } = view
  const addReply = lastResult?.initialValue?.intent === 'add' ? lastResult : undefined
  const cartReply = addReply ? undefined : lastResult
  const defaultValue = {
    shipTo: view.cart?.shipTo ? String(view.cart.shipTo) : '',
    billTo: view.cart?.billTo ? String(view.cart.billTo) : '',
    line: Object.fromEntries(
      lines.map((l) => [
        String(l.id),
        { quantity: l.quantity, requiredBy: l.requiredBy, seller: l.sellerSkuId ? String(l.sellerSkuId) : '' },
      ]),
    ),
  }
  const [addForm, addFields] = useZodForm(() => import('./schema').then((m) => m.addLineSchema), {
    id: 'cart-add',
    lastResult: addReply,
  })
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.cartFormSchema), {
    id: 'cart',
    lastResult: cartReply,
    defaultValue,
  })
  const lineFields = fields.line.getFieldset()
  // Each line checked as typed, by the rule saving and placing use (./cart-rule): the summary, values
  // and messages follow what is typed, before it is saved (issue 51).
  const typedLines = (form.value as { line?: Record<string, TypedLine | undefined> } | undefined)?.line ?? {}
  const checked = new Map(
    lines.map((l) => {
      const typed = typedOf(typedLines[String(l.id)], l)
      const check = checkCartLineTyped(l.facts, l.offers, typed, view.today)
      const warning = check.errors.requiredBy
        ? null
        : leadTimeWarning(
            typed.requiredBy.trim(),
            l.offers.find((o) => o.id === typed.sellerSkuId),
            view.today,
          )
      return [l.id, { ...check, warning }]
    }),
  )
  const checkOf = (l: Line) => checked.get(l.id)!
  const totals = cartTotals([...checked.values()])
  const key =
    typeof cartReply?.initialValue?.idempotencyKey === 'string' ? cartReply.initialValue.idempotencyKey : idempotencyKey
  const shipping = addresses.filter((a) => a.kind === 'shipping')
  const billing = addresses.filter((a) => a.kind === 'billing')

  const columns: Column<Line>[] = [
    {
      key: 'item',
      header: 'Buyer SKU',
      title: true,
      cell: (l) => (
        <div id={`line-${l.id}`}>
          <strong>{l.buyerCode}</strong> · {l.productSkuCode}
          <div className="muted">{l.productSkuName}</div>
          <div className="muted">
            {l.priceMinor === null ? 'No price in force' : `${formatMoney(l.priceMinor)} per ${l.unit}`}
            {l.moqMilli ? ` · MOQ ${formatQuantity(l.moqMilli, l.unit)}` : ''} · GST {percent(l.gstRateBp)}
          </div>
          <ErrorList errors={checkOf(l).errors.item ? [checkOf(l).errors.item!] : []} />
        </div>
      ),
    },
    {
      key: 'quantity',
      header: 'Quantity',
      cell: (l) => {
        const meta = lineFields[String(l.id)].getFieldset().quantity
        const errors = messagesAt(meta, checkOf(l).errors.quantity)
        return (
          <LineControl label={`Quantity of ${l.buyerCode} (${l.unit})`} meta={meta} errors={errors}>
            <span className="with-unit">
              <input
                {...getInputProps(meta, { type: 'text' })}
                inputMode="decimal"
                size={8}
                aria-invalid={errors.length ? true : undefined}
                aria-describedby={errors.length ? meta.errorId : undefined}
              />
              <span className="muted">{l.unit}</span>
            </span>
          </LineControl>
        )
      },
    },
    {
      key: 'requiredBy',
      header: 'Needed by',
      cell: (l) => {
        const meta = lineFields[String(l.id)].getFieldset().requiredBy
        const errors = messagesAt(meta, checkOf(l).errors.requiredBy)
        return (
          <LineControl label={`Date ${l.buyerCode} is needed by`} meta={meta} errors={errors}>
            <input
              {...getInputProps(meta, { type: 'date' })}
              min={view.today}
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? meta.errorId : undefined}
            />
            <LeadTimeWarning warning={checkOf(l).warning} />
          </LineControl>
        )
      },
    },
    {
      key: 'seller',
      header: 'Seller',
      cell: (l) => {
        const meta = lineFields[String(l.id)].getFieldset().seller
        const errors = messagesAt(
          meta,
          l.offers.length
            ? checkOf(l).errors.seller
            : 'No seller offers this item live: remove the line, or ask a seller to publish an offer',
        )
        return l.offers.length ? (
          <SellerChoice line={l} meta={meta} errors={errors} />
        ) : (
          <LineControl label={`Seller of ${l.buyerCode}`} meta={meta} errors={errors}>
            <input type="hidden" name={meta.name} value="" />
          </LineControl>
        )
      },
    },
    {
      key: 'value',
      header: 'Value',
      numeric: true,
      cell: (l) => {
        const { valueMinor, gstMinor } = checkOf(l)
        return valueMinor === null ? (
          <span className="muted">—</span>
        ) : (
          <>
            {formatMoney(valueMinor)} <div className="muted">+ GST {formatMoney(gstMinor ?? 0)}</div>
          </>
        )
      },
    },
    {
      key: 'remove',
      header: 'Remove',
      actions: true,
      cell: (l) => <RemoveLineButton lineId={l.id} label={l.buyerCode} />,
    },
  ]

  return (
    <>
      <PageHeader title={`Master order cart: ${buyer.name}`}>
        <Link to={cartPath()}>Choose another buyer</Link>
      </PageHeader>
      {buyer.status !== 'active' ? (
        <p className="notice-warning">
          {buyer.name} is {buyer.status}: orders are placed for active buyers only.
        </p>
      ) : null}
      {aside}

      <CartAddForm form={addForm}>
        <PickerField
          label="Add a buyer SKU"
          meta={addFields.buyerSku}
          kind="order_buyer_sku"
          within={buyer.id}
          choices={choicesOf(addReply, 'buyerSku')}
          hint={`The buyer’s code or words of the product SKU’s name; one of ${buyer.name}’s active SKUs`}
        />
      </CartAddForm>

      <CartForm
        form={form}
        idempotencyKey={key}
        place={{ label: 'Place the order', pending: 'Placing the order…' }}
        empty={lines.length === 0}
      >
        <fieldset className="card form-grid">
          <legend>Addresses</legend>
          <AddressSelect
            label="Ship to"
            meta={fields.shipTo}
            options={shipping}
            buyerId={buyer.id}
            empty="This buyer has no shipping address yet."
          />
          <AddressSelect
            label="Bill to"
            meta={fields.billTo}
            options={billing}
            buyerId={buyer.id}
            empty="This buyer has no billing address yet."
          />
        </fieldset>
        <h2>{countOf(lines.length, 'line')}</h2>
        {lines.length ? <SellerSortLinks buyerId={buyer.id} sort={view.sellerSort} /> : null}
        <Table
          caption={`Lines of the cart for ${buyer.name}`}
          columns={columns}
          rows={lines}
          rowKey={(l) => l.id}
          empty="The cart is empty: add one of the buyer’s SKUs above."
        />
        <div className="cart-totals card" aria-live="polite">
          <p>{readyCount(totals.readyLines, lines.length, 'line', 'order')}</p>
          <dl>
            <div>
              <dt>Value</dt>
              <dd>{formatMoney(totals.valueMinor)}</dd>
            </div>
            <div>
              <dt>GST</dt>
              <dd>{formatMoney(totals.gstMinor)}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>
                <strong>{formatMoney(totals.totalMinor)}</strong>
              </dd>
            </div>
          </dl>
        </div>
      </CartForm>
    </>
  )
}

/** One of the buyer's addresses of a kind, or a word on where its users add one. */
export function AddressSelect({
  label,
  meta,
  options,
  buyerId,
  empty,
}: {
  label: string
  meta: FieldMetadata<unknown>
  options: Omit<CartView['addresses'][number], 'kind'>[]
  buyerId: number
  empty: string
}) {
  const errors = meta.errors ?? []
  return (
    <div className="field">
      <Label htmlFor={meta.id}>{label}</Label>
      {options.length ? (
        <select
          {...getSelectProps(meta)}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? meta.errorId : undefined}
        >
          <option value="">Choose an address</option>
          {options.map((a) => (
            <option key={a.id} value={a.id}>
              {addressText(a)}
              {a.is_default ? ' (default)' : ''}
            </option>
          ))}
        </select>
      ) : (
        <>
          <input type="hidden" name={meta.name} value="" />
          <p className="muted">
            {empty} The buyer’s users add addresses on their company’s page (
            <Link to={`/buyers/${buyerId}#addresses-heading`}>the buyer’s addresses</Link>).
          </p>
        </>
      )}
      <ErrorList id={meta.errorId} errors={errors} />
    </div>
  )
}

/** A cart form's conform metadata, whatever its schema. */
type CartFormMeta<Schema extends Record<string, unknown>> = FormMetadata<Schema, string[]>

/** A cart's "add" form (the master order cart's buyer SKUs, the samples cart's samples): a picker and its button. */
export function CartAddForm<Schema extends Record<string, unknown>>({
  form,
  children,
}: {
  form: CartFormMeta<Schema>
  children: React.ReactNode
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="card cart-add">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="add" />
      {children}
      <div className="form-actions">
        <SubmitButton intent="add" pendingText="Adding…">
          Add to cart
        </SubmitButton>
      </div>
    </Form>
  )
}

/**
 * A cart's form: every line and field as typed, its idempotency key, and at the foot the button that
 * places it and the one that saves it. Enter in a field saves (the first submit button is the one the
 * browser presses).
 */
export function CartForm<Schema extends Record<string, unknown>>({
  form,
  idempotencyKey,
  place,
  empty,
  children,
}: {
  form: CartFormMeta<Schema>
  idempotencyKey: string
  place: { label: string; pending: string }
  empty: boolean
  children: React.ReactNode
}) {
  return (
    <Form method="post" {...getFormProps(form)} className="cart-form">
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <ErrorSummary form={form} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {children}
      <div className="form-actions">
        <SubmitButton
          name="intent"
          value="place"
          intent="place"
          variant="primary"
          pendingText={place.pending}
          disabled={empty}
        >
          {place.label}
        </SubmitButton>
        <SubmitButton name="intent" value="save" intent="save" pendingText="Saving…">
          Save the cart
        </SubmitButton>
      </div>
    </Form>
  )
}

/** A line's Remove button: it saves the rest of the cart as typed and removes the line. */
export function RemoveLineButton({ lineId, label }: { lineId: number; label: string }) {
  return (
    <SubmitButton
      name="intent"
      value={`remove:${lineId}`}
      intent={`remove:${lineId}`}
      pendingText="Removing…"
      aria-label={`Remove ${label}`}
    >
      Remove
    </SubmitButton>
  )
}

/** "3 lines ready to order", or "2 of 3 lines …" when some still need a change. */
export const readyCount = (ready: number, all: number, noun: string, what: string) =>
  `${ready === all ? countOf(all, noun) : `${ready} of ${countOf(all, noun)}`} ready to ${what}`
