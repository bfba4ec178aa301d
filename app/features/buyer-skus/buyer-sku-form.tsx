import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { ReactNode } from 'react'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field } from '~/ui/field'
import { PickerField } from '~/ui/picker'
import { choicesOf } from '~/platform/pick'
import { useZodForm } from '~/ui/form'

const priceHint = 'In rupees, like 245 or 1,245.50'

/** Add a buyer SKU: who buys it, which product SKU, the buyer's code, its first price and MOQ. */
export function CreateBuyerSkuForm({
  lastResult,
  idempotencyKey,
  defaultValue,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null
  idempotencyKey: string
  defaultValue?: Record<string, string>
  cancelTo: string
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createBuyerSkuSchema), {
    id: 'buyer-sku-create',
    lastResult,
    defaultValue,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card">
      <ErrorSummary form={form} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="form-grid">
        <PickerField
          label="Buyer"
          meta={fields.buyer}
          kind="buyer"
          choices={choicesOf(lastResult, 'buyer')}
          hint="Type its name and choose it; an active buyer"
        />
        <PickerField
          label="Product SKU"
          meta={fields.productSkuCode}
          kind="product_sku"
          choices={choicesOf(lastResult, 'productSkuCode')}
          hint="Its code, like FAB-SH-0001, or words of its name; an active product SKU"
        />
        <Field
          label="Buyer’s code"
          meta={fields.buyerCode}
          hint="The buyer’s own code for it; unique for the buyer"
          inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        />
        <Field label="Price (₹)" meta={fields.price} hint={priceHint} inputProps={{ inputMode: 'decimal' }} />
        <Field
          label="Minimum order quantity"
          meta={fields.moq}
          hint="In the product’s unit (m, kg, pcs …)"
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field label="Note (optional)" meta={fields.note} hint="Where this price comes from" />
      </div>
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…">
          Add buyer SKU
        </SubmitButton>
        <Link to={cancelTo}>Cancel</Link>
      </div>
    </Form>
  )
}

/** Edit a buyer SKU: every save is a new version, in force from now. */
export function EditBuyerSkuForm({
  lastResult,
  defaultValue,
  expectedCurrent,
  unit,
  children,
}: {
  lastResult?: SubmissionResult<string[]> | null
  defaultValue: Record<string, string>
  /** The latest version's number when the page was rendered. */
  expectedCurrent: number
  unit: string
  /** Shown above the button (a warning about a version waiting to take effect). */
  children?: ReactNode
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.editBuyerSkuSchema), {
    id: 'buyer-sku-edit',
    lastResult,
    defaultValue,
  })
  return (
    <Form method="post" {...getFormProps(form)}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="expectedCurrent" value={expectedCurrent} />
      <div className="form-grid">
        <Field
          label="Buyer’s code"
          meta={fields.buyerCode}
          inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        />
        <Field label="Price (₹)" meta={fields.price} hint={priceHint} inputProps={{ inputMode: 'decimal' }} />
        <Field label={`Minimum order quantity (${unit})`} meta={fields.moq} inputProps={{ inputMode: 'decimal' }} />
        <Field label="Note (optional)" meta={fields.note} hint="What changed and why" />
      </div>
      {children}
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…" intent="save">
          Save as a new version
        </SubmitButton>
      </div>
    </Form>
  )
}
