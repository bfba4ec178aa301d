import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm, type FormSchema } from '~/ui/form'
import { PickerField } from '~/ui/picker'
import { choicesOf } from '~/platform/pick'
import type { OfferField } from './rules'

export interface SellerSkuFormProps {
  mode: 'create' | 'edit'
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: Record<string, string>
  /** Edit: the offer's updated_at when the form was opened. */
  version?: string
  /** Create: made when the page rendered, so a repeated submit creates nothing new. */
  idempotencyKey?: string
  /** Edit: the product's unit (m, kg, pcs); create: a hint naming every product's unit. */
  unit?: string
  unitHint?: string
  /** Edit: what a refused publish said, by field. */
  gaps?: Partial<Record<OfferField, string>>
  /** Edit, a draft: "Save and publish" saves the terms as typed and publishes them together. */
  publishable?: boolean
  cancelTo: string
}

/** The offer's terms: one form to create one (draft or published) and to edit one. */
export function SellerSkuForm({
  mode,
  lastResult,
  defaultValue,
  version,
  idempotencyKey,
  unit,
  unitHint,
  gaps = {},
  publishable = false,
  cancelTo,
}: SellerSkuFormProps) {
  const schema = () =>
    import('./schema').then((m): FormSchema => (mode === 'create' ? m.createSellerSkuSchema : m.editSellerSkuSchema))
  const [form, fields] = useZodForm(schema, { id: `seller-sku-${mode}`, lastResult, defaultValue })
  const inUnit = unit ? ` (${unit})` : ''
  const quantityHint = unit ? `In ${unit}, up to 3 decimals` : unitHint
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card"
      aria-label={mode === 'create' ? 'New seller SKU' : 'Offer terms'}
    >
      <ErrorSummary form={form} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <div className="form-grid">
        {mode === 'create' ? (
          <>
            <PickerField
              label="Seller"
              meta={fields.seller}
              kind="seller"
              choices={choicesOf(lastResult, 'seller')}
              hint="Type its name and choose it; an active seller"
            />
            <PickerField
              label="Product SKU"
              meta={fields.productSku}
              kind="product_sku"
              choices={choicesOf(lastResult, 'productSku')}
              hint="Its code, like FAB-SH-0001, or words of its name; an active product SKU"
            />
          </>
        ) : null}
        <Field
          label="Seller’s code"
          meta={fields.sellerCode}
          extraErrors={[gaps.sellerCode]}
          hint="The seller’s own code for this item"
          inputProps={{ spellCheck: false }}
        />
        <Field
          label="Cost price (₹)"
          meta={fields.cost}
          extraErrors={[gaps.cost]}
          hint="Per unit, in rupees, like 250 or 1,250.50"
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label={`MOQ${inUnit}`}
          meta={fields.moq}
          extraErrors={[gaps.moq]}
          hint={quantityHint}
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label={`Monthly capacity${inUnit}`}
          meta={fields.monthlyCapacity}
          extraErrors={[gaps.monthlyCapacity]}
          hint={quantityHint}
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label="Lead time (days)"
          meta={fields.leadTimeDays}
          extraErrors={[gaps.leadTimeDays]}
          hint="From 1 to 365"
          inputProps={{ inputMode: 'numeric' }}
        />
      </div>
      {mode === 'create' ? (
        <p className="muted">
          A draft may leave everything but the seller and the product SKU empty. Publishing needs every field.
        </p>
      ) : null}
      <div className="form-actions">
        {mode === 'create' ? (
          <>
            <SubmitButton name="intent" value="draft" intent="draft" pendingText="Saving…">
              Save draft
            </SubmitButton>
            <SubmitButton name="intent" value="publish" intent="publish" variant="primary" pendingText="Publishing…">
              Save and publish
            </SubmitButton>
          </>
        ) : (
          <>
            {/* The first button is the one Enter presses: it saves, it never publishes. */}
            <SubmitButton name="intent" value="save" variant="primary" intent="save" pendingText="Saving…">
              Save changes
            </SubmitButton>
            {publishable ? (
              <SubmitButton name="intent" value="publish" intent="publish" pendingText="Publishing…">
                Save and publish
              </SubmitButton>
            ) : null}
          </>
        )}
        <Link to={cancelTo}>Cancel</Link>
      </div>
    </Form>
  )
}
