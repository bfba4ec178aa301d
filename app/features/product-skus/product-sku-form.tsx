import { getFormProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { AttributeDefinition } from '#db/types'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { ImageField } from '../images/image-field'
import { imageUrl } from '../images/image-url'
import { MAX_SKU_IMAGES } from './shared'

export interface ProductSkuFormProps {
  product: { slug: string; name: string; unit: string; schema: AttributeDefinition[] }
  categories: { id: number; name: string }[]
  lines: { id: number; name: string }[]
  /** A code of this product, shown as the example (yarn's codes look like yarn's). */
  exampleCode?: string | null
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: Record<string, unknown>
  /** Edit: the SKU's updated_at when the form opened, and its images. */
  version?: string
  images?: { id: number }[]
  /** Create: made when the page rendered, so a repeated submit creates one SKU. */
  idempotencyKey?: string
  cancelTo: string
}

/**
 * The create and edit form of a product SKU: fixed fields, then one field per attribute of the
 * product's schema (named `attr.<key>`), then images. Multipart, so it posts a file without JavaScript.
 */
export function ProductSkuForm({
  product,
  categories,
  lines,
  exampleCode,
  lastResult,
  defaultValue,
  version,
  images = [],
  idempotencyKey,
  cancelTo,
}: ProductSkuFormProps) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.productSkuFormSchema(product.schema)), {
    id: version ? 'product-sku-edit' : 'product-sku-create',
    lastResult,
    defaultValue,
  })
  // The attribute group is built from the product's schema, so its type is only known at run time.
  const attributeFields = (fields.attr as unknown as FieldMetadata<Record<string, string>>).getFieldset() as Record<
    string,
    FieldMetadata<string>
  >
  const editing = Boolean(version)
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card">
      <ErrorSummary form={form} />
      {version ? (
        <>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={version} />
        </>
      ) : null}
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <h2>SKU</h2>
      <div className="form-grid">
        <Field
          label="Code"
          meta={fields.code}
          hint={`Capital letters, digits and dashes, like ${exampleCode ?? `${product.slug.slice(0, 3).toUpperCase()}-0001`}`}
          inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
        />
        <Field label="Name" meta={fields.name} />
        <SelectField
          label="Category"
          meta={fields.categoryId}
          placeholder="Choose…"
          options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <SelectField
          label="Product line (optional)"
          meta={fields.productLineId}
          placeholder="None"
          options={lines.map((l) => ({ value: String(l.id), label: l.name }))}
        />
        <Field
          label={`MOQ (${product.unit})`}
          meta={fields.moq}
          hint="Minimum order quantity, like 500 or 12.5"
          inputProps={{ inputMode: 'decimal' }}
        />
      </div>
      <h2>Attributes</h2>
      <div className="form-grid">
        {product.schema.map((attribute) => (
          <AttributeField key={attribute.key} attribute={attribute} meta={attributeFields[attribute.key]} />
        ))}
      </div>
      <h2>Images</h2>
      {images.length > 0 ? (
        <ul className="sku-images">
          {images.map((image, i) => (
            <li key={image.id}>
              <img
                src={imageUrl(image.id)}
                alt={`Image ${i + 1}`}
                className="thumbnail"
                width={96}
                height={96}
                loading="lazy"
              />
              <label className="check">
                <input type="checkbox" name="removeImage" value={image.id} /> remove
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        Up to {MAX_SKU_IMAGES} images; one is added per save{editing ? ', after the ticked ones are removed' : ''}.
      </p>
      <ImageField name="image" label="Add an image (optional)" errors={fields.image.errors} />
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…">
          {editing ? 'Save changes' : `Add ${product.name.toLowerCase()} SKU`}
        </SubmitButton>
        <Link to={cancelTo}>Cancel</Link>
      </div>
    </Form>
  )
}

function AttributeField({ attribute, meta }: { attribute: AttributeDefinition; meta: FieldMetadata<string> }) {
  const optional = attribute.required ? '' : ' (optional)'
  if (attribute.type === 'enum') {
    return (
      <SelectField
        label={`${attribute.label}${optional}`}
        meta={meta}
        placeholder="Choose…"
        options={(attribute.values ?? []).map((v) => ({ value: v, label: v }))}
      />
    )
  }
  if (attribute.type === 'number') {
    const unit = attribute.unit ? ` (${attribute.unit})` : ''
    return <Field label={`${attribute.label}${unit}${optional}`} meta={meta} inputProps={{ inputMode: 'decimal' }} />
  }
  return <Field label={`${attribute.label}${optional}`} meta={meta} />
}
