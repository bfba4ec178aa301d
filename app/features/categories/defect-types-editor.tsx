import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field, FormErrors, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Table, type Column } from '~/ui/table'
import { SEVERITIES, severityLabels } from './conditions'
import type { DefectTypeView } from './queries.server'
import { ADD_DEFECT_TYPE_FORM, editDefectTypeFormId } from './shared'

const replyFor = (reply: FormReply | null | undefined, form: string) =>
  reply?.form === form ? reply.result : undefined
const severityTones = { critical: 'danger', major: 'warning', minor: 'neutral' } as const
const classOptions = SEVERITIES.map((s) => ({ value: s, label: severityLabels[s] }))

/**
 * A category's defect catalogue: each type with its class and hole flag, edit (a disclosure),
 * deactivate or reactivate, and a form to add one. Plain POST forms with a hidden `intent`.
 */
export function DefectTypesEditor({
  defectTypes,
  byLength,
  idempotencyKey,
  reply,
}: {
  defectTypes: DefectTypeView[]
  /** The product is sold by length (fabric): its types may be holes. */
  byLength: boolean
  idempotencyKey: string
  reply?: FormReply | null
}) {
  const pageErrors = reply?.form === 'defect-types' ? reply.result.error?.[''] : undefined
  return (
    <>
      <FormErrors errors={pageErrors ?? undefined} />
      <section className="card" aria-labelledby="defect-types-heading">
        <h2 id="defect-types-heading">Defect types</h2>
        {defectTypes.length === 0 ? (
          <p className="muted">No defect types yet: inspectors can only count defects of a type listed here.</p>
        ) : (
          <Table
            caption="The category's defect types"
            columns={defectTypeColumns(byLength, reply)}
            rows={defectTypes}
            rowKey={(d) => `${d.id}-${d.version}`}
          />
        )}
      </section>
      {/* Keyed by the list, so a type just added clears the form. */}
      <AddDefectTypeForm
        key={defectTypes.map((d) => d.id).join('-')}
        byLength={byLength}
        idempotencyKey={idempotencyKey}
        lastResult={replyFor(reply, ADD_DEFECT_TYPE_FORM)}
      />
    </>
  )
}

/** The list's columns: a phone shows each type as a card (the shared Table), its changes at the foot. */
function defectTypeColumns(byLength: boolean, reply?: FormReply | null): Column<DefectTypeView>[] {
  return [
    { key: 'name', header: 'Defect type', title: true, cell: (d) => d.name },
    {
      key: 'class',
      header: 'Class',
      cell: (d) => <Badge tone={severityTones[d.severity]}>{severityLabels[d.severity]}</Badge>,
    },
    ...(byLength
      ? [
          {
            key: 'hole',
            header: 'Hole',
            cell: (d: DefectTypeView) => (d.isHole ? 'Hole: 4 points' : <span className="muted">—</span>),
          },
        ]
      : []),
    {
      key: 'status',
      header: 'Status',
      cell: (d) => (d.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
    {
      key: 'change',
      header: 'Change',
      actions: true,
      cell: (d) => <DefectTypeChanges defectType={d} byLength={byLength} reply={reply} />,
    },
  ]
}

function DefectTypeChanges({
  defectType: d,
  byLength,
  reply,
}: {
  defectType: DefectTypeView
  byLength: boolean
  reply?: FormReply | null
}) {
  const editResult = replyFor(reply, editDefectTypeFormId(d.id))
  return (
    <div className="row stage-actions">
      <details className="disclosure" open={editResult ? true : undefined}>
        <summary className="btn" aria-label={`Edit ${d.name}`}>
          Edit
        </summary>
        <div className="disclosure-body">
          <EditDefectTypeForm defectType={d} byLength={byLength} lastResult={editResult} />
        </div>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value={d.active ? 'defect-deactivate' : 'defect-reactivate'} />
        <input type="hidden" name="defectTypeId" value={d.id} />
        <Button type="submit" aria-label={`${d.active ? 'Deactivate' : 'Reactivate'} ${d.name}`}>
          {d.active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </Form>
    </div>
  )
}

type DefectTypeFieldsMeta = Record<'name' | 'severity' | 'isHole', FieldMetadata<unknown>>

function DefectTypeFields({ fields, byLength }: { fields: DefectTypeFieldsMeta; byLength: boolean }) {
  return (
    <>
      <div className="form-grid">
        <Field label="Defect type" meta={fields.name} hint="Unique within the category, like Open seam or Slub" />
        <SelectField label="Class" meta={fields.severity} placeholder="Choose…" options={classOptions} />
      </div>
      {byLength ? (
        <div className="checks field">
          <label>
            <input {...getInputProps(fields.isHole, { type: 'checkbox' })} />A hole or opening (4 points on a fabric
            roll whatever its size)
          </label>
          <ErrorList id={fields.isHole.errorId} errors={fields.isHole.errors} />
        </div>
      ) : null}
    </>
  )
}

function EditDefectTypeForm({
  defectType: d,
  byLength,
  lastResult,
}: {
  defectType: DefectTypeView
  byLength: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.defectTypeSchemas['defect-edit']), {
    id: editDefectTypeFormId(d.id),
    lastResult,
    defaultValue: { name: d.name, severity: d.severity, isHole: d.isHole ? 'on' : '' },
  })
  return (
    <Form method="post" {...getFormProps(form)} style={{ minWidth: 260 }}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="defect-edit" />
      <input type="hidden" name="defectTypeId" value={d.id} />
      <input type="hidden" name="version" value={d.version} />
      <DefectTypeFields fields={fields} byLength={byLength} />
      <SubmitButton variant="primary" intent="defect-edit" pendingText="Saving…">
        Save defect type
      </SubmitButton>
    </Form>
  )
}

function AddDefectTypeForm({
  byLength,
  idempotencyKey,
  lastResult,
}: {
  byLength: boolean
  idempotencyKey: string
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.defectTypeSchemas['defect-add']), {
    id: ADD_DEFECT_TYPE_FORM,
    lastResult,
  })
  return (
    <section className="card" aria-labelledby="add-defect-type-heading">
      <h2 id="add-defect-type-heading">Add a defect type</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="defect-add" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <DefectTypeFields fields={fields} byLength={byLength} />
        <SubmitButton variant="primary" intent="defect-add" pendingText="Adding…">
          Add defect type
        </SubmitButton>
      </Form>
    </section>
  )
}
