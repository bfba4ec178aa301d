import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { AttributeDefinition } from '#db/types'
import { SubmitButton } from '~/ui/button'
import { ChoiceField, ErrorList, ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import {
  MEASURES,
  measureLabels,
  OPERATORS,
  operatorLabels,
  SEVERITIES,
  severityLabels,
  TOLERANCES,
  toleranceLabels,
} from './conditions'

const typeLabel = (a: AttributeDefinition) =>
  a.type === 'number' ? `number${a.unit ? ` in ${a.unit}` : ''}` : a.type === 'enum' ? 'one of a list' : 'text'

/**
 * A QC condition of a category: on one of the product's attributes, or on a lab parameter with its
 * own name and unit (docs/domain.md "Lab parameters"). Without JavaScript the form cannot adapt to
 * the choices, so it shows every field and says which ones each uses; the server checks the combination.
 */
export function ConditionForm({
  attributes,
  mode,
  defaultValue,
  version,
  idempotencyKey,
  lastResult,
  cancelTo,
}: {
  attributes: AttributeDefinition[]
  mode: 'create' | 'edit'
  defaultValue?: Record<string, string>
  version?: string
  idempotencyKey?: string
  lastResult?: SubmissionResult<string[]> | null
  cancelTo: string
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.conditionSchema(attributes)), {
    id: `condition-${mode}`,
    lastResult,
    defaultValue: defaultValue ?? {
      active: 'on',
      severity: 'major',
      operator: 'between',
      tolerance: 'fixed',
      measure: 'attribute',
    },
  })
  const enums = attributes.filter((a) => a.type === 'enum')
  return (
    <Form method="post" {...getFormProps(form)} className="card" aria-label="Condition">
      <ErrorSummary form={form} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <ChoiceField
        legend="What is measured"
        meta={fields.measure}
        options={MEASURES.map((m) => ({ value: m, label: measureLabels[m] }))}
        hint="A lab parameter is a test result that is not an attribute of the SKU (shrinkage after wash in %, colour fastness grade, tensile strength in N): name it, give its unit below, and it is judged by fixed bounds."
      />
      <div className="form-grid">
        <Field
          label="Name"
          meta={fields.name}
          hint="What QC sees, like Weight within 5 %; a lab parameter: what the lab measures, like Shrinkage after wash"
        />
        <SelectField
          label="Attribute"
          meta={fields.attributeKey}
          placeholder="Choose… (not for a lab parameter)"
          options={attributes.map((a) => ({ value: a.key, label: `${a.label} (${typeLabel(a)})` }))}
        />
        <SelectField
          label="Rule"
          meta={fields.operator}
          options={OPERATORS.map((o) => ({ value: o, label: operatorLabels[o] }))}
        />
        <SelectField
          label="Severity"
          meta={fields.severity}
          options={SEVERITIES.map((s) => ({ value: s, label: severityLabels[s] }))}
        />
      </div>
      <h2>Bounds (between, at least, at most)</h2>
      <p className="muted">
        For number attributes and lab parameters. Between needs both; at least the minimum; at most the maximum. Bounds
        are inclusive and kept exactly as typed. Relative to the SKU: the minimum and maximum are the tolerance below
        and above each SKU’s own value of the attribute (count within 2 %: between, ± %, 2 and 2; as ordered: 0 and 0).
      </p>
      <div className="form-grid">
        <SelectField
          label="Bounds are"
          meta={fields.tolerance}
          options={TOLERANCES.map((t) => ({ value: t, label: toleranceLabels[t] }))}
        />
        <Field
          label="Minimum"
          meta={fields.min}
          hint="Fixed: the lowest value. Relative: the tolerance below."
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label="Maximum"
          meta={fields.max}
          hint="Fixed: the highest value. Relative: the tolerance above."
          inputProps={{ inputMode: 'decimal' }}
        />
        <Field
          label="Unit (optional)"
          meta={fields.unit}
          hint="Empty: the attribute’s own unit. A lab parameter: its unit, like %, N or gf/tex (empty for a grade)"
        />
      </div>
      <h2>Values (equal to, one of)</h2>
      <div className="field">
        <label htmlFor={fields.values.id}>Values</label>
        <span className="hint" id={`${fields.values.id}-hint`}>
          One per line: exactly one for “equal to”, one or more for “one of” (a lab parameter’s grades: 4, 4-5, 5).
          {enums.map((a) => ` ${a.label}: ${(a.values ?? []).join(', ')}.`).join('')}
        </span>
        <textarea {...getTextareaProps(fields.values, { ariaDescribedBy: `${fields.values.id}-hint` })} rows={4} />
        <ErrorList id={fields.values.errorId} errors={fields.values.errors} />
      </div>
      <div className="checks field">
        <label>
          <input {...getInputProps(fields.active, { type: 'checkbox' })} />
          Active (QC checks it)
        </label>
      </div>
      <div className="form-actions">
        <SubmitButton variant="primary" pendingText="Saving…">
          {mode === 'create' ? 'Add condition' : 'Save condition'}
        </SubmitButton>
        <Link to={cancelTo}>Cancel</Link>
      </div>
    </Form>
  )
}
