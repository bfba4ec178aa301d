import { getFormProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Label } from 'radix-ui/label'
import type { AttributeDefinition } from '#db/types'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { CheckField, ChoiceField, ErrorList, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import type { ConditionUse } from './admin-queries.server'
import { replyFor } from './product-edit'
import { type FormReply } from './schema'
import { ATTRIBUTE_TYPES, formIds } from './shared'

// The attribute schema editor works without JavaScript: every button is a small form posting its
// intent and the attribute's key, and each attribute's edit form sits in a <details>.

function ValuesField({ meta, hint }: { meta: FieldMetadata<unknown>; hint: string }) {
  return (
    <div className="field">
      <Label htmlFor={meta.id}>Enum values</Label>
      <span className="hint" id={`${meta.id}-hint`}>
        {hint}
      </span>
      <textarea {...getTextareaProps(meta, { ariaDescribedBy: `${meta.id}-hint` })} rows={4} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

function KeyButton({
  attribute,
  intent,
  children,
}: {
  attribute: AttributeDefinition
  intent: string
  children: string
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="key" value={attribute.key} />
      <Button type="submit" aria-label={`${children}: ${attribute.label}`}>
        {children}
      </Button>
    </Form>
  )
}

function AttributeItem({
  attribute,
  index,
  count,
  conditions,
  reply,
}: {
  attribute: AttributeDefinition
  index: number
  count: number
  conditions: ConditionUse[]
  reply?: FormReply | null
}) {
  const id = formIds.attribute(attribute.key)
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.editAttributeSchema), {
    id,
    lastResult: replyFor(reply, id),
    defaultValue: {
      key: attribute.key,
      label: attribute.label,
      unit: attribute.unit ?? '',
      required: attribute.required ? 'on' : undefined,
      values: (attribute.values ?? []).join('\n'),
    },
  })
  const fieldErrors = [fields.label, fields.unit, fields.values].some((f) => f.errors?.length)
  return (
    <li className="editor-item" data-attribute={attribute.key}>
      <div className="row">
        <strong>{attribute.label}</strong>
        <code>{attribute.key}</code>
        <Badge tone="info">{attribute.type}</Badge>
        {attribute.unit ? <span className="muted">in {attribute.unit}</span> : null}
        {attribute.required ? <Badge>required</Badge> : <span className="muted">optional</span>}
      </div>
      {attribute.type === 'enum' ? <p className="muted">Values: {(attribute.values ?? []).join(', ')}</p> : null}
      {conditions.length > 0 ? (
        <p className="muted">
          Checked by QC conditions: {conditions.map((c) => `${c.name} (${c.categoryName})`).join(', ')}
        </p>
      ) : null}
      <ErrorSummary form={form} />
      <div className="row">
        {index > 0 ? (
          <KeyButton attribute={attribute} intent="attribute-up">
            Move up
          </KeyButton>
        ) : null}
        {index < count - 1 ? (
          <KeyButton attribute={attribute} intent="attribute-down">
            Move down
          </KeyButton>
        ) : null}
        <ConfirmDialog
          trigger="Remove"
          title={`Remove ${attribute.label} from the schema?`}
          description={
            conditions.length > 0
              ? `${attribute.label} cannot be removed while QC conditions check it: ${conditions.map((c) => `${c.name} (${c.categoryName})`).join(', ')}. Change or remove those conditions first.`
              : `SKUs that have a value for ${attribute.label} keep it stored under “${attribute.key}”, but it is no longer shown or validated. Adding an attribute with the same key later shows those values again.`
          }
        >
          {conditions.length > 0 ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="attribute-remove" />
              <input type="hidden" name="key" value={attribute.key} />
              <Button type="submit" variant="danger" style={{ marginTop: 12 }}>
                Yes, remove {attribute.label}
              </Button>
            </Form>
          )}
        </ConfirmDialog>
        <details className="disclosure" open={fieldErrors || undefined}>
          <summary className="btn">Edit</summary>
          <div className="disclosure-body">
            <p className="muted">The key and the type cannot change: SKU values are stored under the key.</p>
            <Form method="post" {...getFormProps(form)}>
              <input type="hidden" name="intent" value="attribute-edit" />
              <input type="hidden" name="key" value={attribute.key} />
              <div className="form-grid">
                <Field label={`Label of ${attribute.key}`} meta={fields.label} inputProps={{ autoComplete: 'off' }} />
                <Field
                  label={`Unit of ${attribute.key} (optional)`}
                  meta={fields.unit}
                  inputProps={{ autoComplete: 'off' }}
                />
              </div>
              {attribute.type === 'enum' ? (
                <ValuesField meta={fields.values} hint="One per line or separated by commas; at least 2." />
              ) : null}
              <CheckField meta={fields.required} label="Required on every SKU" />
              <SubmitButton intent="attribute-edit">Save {attribute.label}</SubmitButton>
            </Form>
          </div>
        </details>
      </div>
    </li>
  )
}

export function AttributeSchemaEditor({
  schema,
  conditionsByKey,
  idempotencyKey,
  reply,
}: {
  schema: AttributeDefinition[]
  conditionsByKey: Record<string, ConditionUse[]>
  idempotencyKey: string
  reply?: FormReply | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.addAttributeSchema), {
    id: formIds.attributeAdd,
    lastResult: replyFor(reply, formIds.attributeAdd),
    defaultValue: { type: 'text' },
  })
  return (
    <section className="card" aria-labelledby="attributes-heading">
      <h2 id="attributes-heading">Attribute schema</h2>
      <p className="muted">
        The fields of this product’s SKU form, in this order. SKU values are checked against them.
      </p>
      {schema.length === 0 ? <p className="muted">No attributes yet.</p> : null}
      <ol className="editor-list">
        {schema.map((attribute, index) => (
          <AttributeItem
            key={attribute.key}
            attribute={attribute}
            index={index}
            count={schema.length}
            conditions={conditionsByKey[attribute.key] ?? []}
            reply={reply}
          />
        ))}
      </ol>
      <h3>Add attribute</h3>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="attribute-add" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field
            label="Key"
            meta={fields.key}
            hint="Small letters, digits and _, like gsm; cannot change later"
            inputProps={{ autoComplete: 'off', spellCheck: false }}
          />
          <Field label="Label" meta={fields.label} inputProps={{ autoComplete: 'off' }} />
          <Field
            label="Unit (optional)"
            meta={fields.unit}
            hint="Shown after numbers, like g/m²"
            inputProps={{ autoComplete: 'off' }}
          />
        </div>
        <ChoiceField legend="Type" meta={fields.type} options={ATTRIBUTE_TYPES.map((t) => ({ value: t, label: t }))} />
        <ValuesField
          meta={fields.values}
          hint="Enum only: one per line or separated by commas; at least 2, no repeats."
        />
        <CheckField meta={fields.required} label="Required on every SKU" />
        <SubmitButton intent="attribute-add" pendingText="Adding…">
          Add attribute
        </SubmitButton>
      </Form>
    </section>
  )
}
