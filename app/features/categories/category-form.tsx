import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { GST_RATES, QC_METHODS, qcMethodLabels } from './shared'

const gstOptions = GST_RATES.map((rate) => ({ value: rate, label: `${rate} %` }))
const aboveOptions = [{ value: '', label: 'No slab' }, ...gstOptions]

type CategoryFieldsMeta = Record<
  'name' | 'hsnCode' | 'gstRate' | 'active' | 'marginFloor' | 'secondApprovalAbove' | 'gstSlabAbove' | 'gstRateAbove',
  FieldMetadata<unknown>
>

function CategoryFields({ fields }: { fields: CategoryFieldsMeta }) {
  return (
    <>
      <div className="form-grid">
        <Field label="Name" meta={fields.name} hint="Unique within the product" />
        <Field
          label="HSN code"
          meta={fields.hsnCode}
          hint="6 or 8 digits (4 only while the aggregate turnover is up to ₹5 crore), like 520832"
          inputProps={{ inputMode: 'numeric', spellCheck: false }}
        />
        <SelectField label="GST rate" meta={fields.gstRate} placeholder="Choose…" options={gstOptions} />
      </div>
      <fieldset className="form-grid">
        <legend>GST value slab (optional)</legend>
        <Field
          label="Sale value per piece up to (₹)"
          meta={fields.gstSlabAbove}
          hint="Up to and including this price a piece the GST rate applies; above it, the rate chosen next. Garments: 2500. Empty: one rate for every price."
          inputProps={{ inputMode: 'decimal' }}
        />
        <SelectField label="Rate above the slab" meta={fields.gstRateAbove} options={aboveOptions} />
      </fieldset>
      <div className="checks field">
        <label>
          <input {...getInputProps(fields.active, { type: 'checkbox' })} />
          Active (new SKUs and orders may use it)
        </label>
        <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
      </div>
      <fieldset className="form-grid">
        <legend>Approval rules</legend>
        <Field
          label="Margin floor (%)"
          meta={fields.marginFloor}
          hint="A buyer-price change that takes the margin below it needs an admin’s decision. Empty: no floor."
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label="Second approver above (₹)"
          meta={fields.secondApprovalAbove}
          hint="A seller order worth more than this to the buyer needs two different approvers. Empty: one approver."
          inputProps={{ inputMode: 'decimal' }}
        />
      </fieldset>
    </>
  )
}

type QcFieldsMeta = Record<
  'qcMethod' | 'qcLevel' | 'aqlCritical' | 'aqlMajor' | 'aqlMinor' | 'pointsLimit',
  FieldMetadata<unknown>
>

/** The lists come from the loader (the sampling core's tables stay on the server). */
export interface QcChoiceLists {
  levels: string[]
  aqls: string[]
}

/**
 * How lots of the category are inspected. Every field shows whatever the method (the form works
 * without JavaScript); the level and AQLs are used by a sampling plan, the points limit by fabric rolls.
 */
function QcFields({ fields, choices }: { fields: QcFieldsMeta; choices: QcChoiceLists }) {
  const aqlOptions = choices.aqls.map((a) => ({ value: a, label: a === '0' ? '0 (none accepted)' : a }))
  return (
    <fieldset className="form-grid">
      <legend>Quality control</legend>
      <SelectField
        label="Inspection method"
        meta={fields.qcMethod}
        options={QC_METHODS.map((m) => ({ value: m, label: qcMethodLabels[m] }))}
      />
      <SelectField
        label="Inspection level"
        meta={fields.qcLevel}
        options={choices.levels.map((l) => ({
          value: l,
          label: l === 'II' ? 'II (general, the usual)' : l.startsWith('S-') ? `${l} (special)` : `${l} (general)`,
        }))}
      />
      <SelectField label="AQL critical" meta={fields.aqlCritical} options={aqlOptions} />
      <SelectField label="AQL major" meta={fields.aqlMajor} options={aqlOptions} />
      <SelectField label="AQL minor" meta={fields.aqlMinor} options={aqlOptions} />
      <Field
        label="Points limit per 100 sq yd"
        type="number"
        meta={fields.pointsLimit}
        hint="4-point fabric rolls: a roll passes at or below it (commonly 40). From 1 to 200."
        inputProps={{ min: 1, max: 200, step: 1 }}
      />
      <p className="muted" style={{ gridColumn: '1 / -1' }}>
        An AQL sampling plan uses the level and the AQLs (ISO 2859-1: the lot size and level give the sample, each
        class’s AQL its acceptance number); 4-point fabric rolls use the points limit. Conditions are checked under
        every method.
      </p>
    </fieldset>
  )
}

/** "Add a category" on the manage page: the product comes from the page. */
export function CreateCategoryForm({
  product,
  idempotencyKey,
  lastResult,
}: {
  product: { slug: string; name: string }
  idempotencyKey: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createCategorySchema), {
    id: 'category-create',
    lastResult,
    defaultValue: { active: 'on', gstRate: '5' },
  })
  return (
    <section className="card" aria-labelledby="add-category-heading">
      <h2 id="add-category-heading">Add a {product.name.toLowerCase()} category</h2>
      <p className="muted">
        A new category starts with an empty fulfilment workflow: add its stages next, because orders cannot use a
        category without a workflow.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <input type="hidden" name="product" value={product.slug} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <CategoryFields fields={fields} />
        <SubmitButton variant="primary" pendingText="Adding…">
          Add category
        </SubmitButton>
      </Form>
    </section>
  )
}

export function EditCategoryForm({
  values,
  version,
  qcChoices,
  lastResult,
  cancelTo,
}: {
  values: Record<string, string>
  version: string
  qcChoices: QcChoiceLists
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.editCategorySchema), {
    id: 'category-edit',
    lastResult,
    defaultValue: values,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-label="Category details">
      <ErrorSummary form={form} />
      <input type="hidden" name="version" value={version} />
      <CategoryFields fields={fields} />
      <QcFields fields={fields} choices={qcChoices} />
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…">
          Save changes
        </SubmitButton>
        <Link to={cancelTo}>Back to the categories</Link>
      </div>
    </Form>
  )
}
