import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Label } from 'radix-ui/label'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field, getSelectProps } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { PickerField } from '~/ui/picker'
import { choicesOf } from '~/platform/pick'
import { ImageField } from '../images/image-field'
import type { SampleSkuPlace } from './places'
import type { CategoryGroup } from './queries.server'

export interface SampleSkuFormProps {
  place: SampleSkuPlace
  categories: CategoryGroup[]
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: Record<string, string>
  /** Edit: the record's updated_at when the form was opened. */
  version?: string
  /** Create: made when the page rendered, so a repeated submit creates nothing new. */
  idempotencyKey?: string
  /** Edit: the record's current image. */
  imageId?: number | null
}

/** The one sample SKU form, for creating and editing, in every portal that may edit. */
export function SampleSkuForm({
  place,
  categories,
  lastResult,
  defaultValue,
  version,
  idempotencyKey,
  imageId,
}: SampleSkuFormProps) {
  const editing = version !== undefined
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.sampleSkuFormSchema), {
    id: editing ? 'sample-sku-edit' : 'sample-sku-create',
    lastResult,
    defaultValue: defaultValue ?? { active: 'on', charge: '0', stock: '0' },
  })
  return (
    // Multipart so the image travels with the fields, with or without JavaScript.
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card">
      <ErrorSummary form={form} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <div className="form-grid">
        <Field
          label="Code"
          meta={fields.code}
          hint="Capital letters, digits and dashes, like SMP-FAB-0001"
          inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        />
        <Field label="Name" meta={fields.name} />
        <div className="field">
          <Label htmlFor={fields.categoryId.id}>Category</Label>
          <select {...getSelectProps(fields.categoryId)}>
            <option value="">Choose…</option>
            {categories.map((group) => (
              <optgroup key={group.product} label={group.product}>
                {group.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {c.active ? '' : ' (inactive)'}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <ErrorList id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
        </div>
        <PickerField
          label="Product SKU (optional)"
          meta={fields.productSkuCode}
          kind="product_sku"
          choices={choicesOf(lastResult, 'productSkuCode')}
          hint="Its code, or words of its name to choose from; in the chosen category"
        />
        <Field
          label="Sample charge (₹)"
          meta={fields.charge}
          hint="In rupees; 0 makes the sample free"
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label="Stock"
          meta={fields.stock}
          hint="Pieces in hand, from 0 to 1,000,000"
          inputProps={{ inputMode: 'numeric' }}
        />
      </div>
      <ImageField
        name="image"
        label="Image (optional)"
        currentImageId={imageId}
        errors={form.allErrors.image}
        removable={editing}
      />
      <div className="checks field">
        <label>
          <input {...getInputProps(fields.active, { type: 'checkbox' })} />
          Active (offered to buyers)
        </label>
        <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
      </div>
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…">
          {editing ? 'Save changes' : 'Add sample SKU'}
        </SubmitButton>
        <Link to={place.base}>Cancel</Link>
      </div>
    </Form>
  )
}
