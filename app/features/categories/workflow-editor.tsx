import { TableFrame } from '~/ui/table'
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorList, ErrorSummary, Field, FormErrors, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import type { StageView } from './queries.server'
import { ADD_STAGE_FORM, editStageFormId } from './shared'
import { countOf } from '~/utils/format'

const replyFor = (reply: FormReply | null | undefined, form: string) =>
  reply?.form === form ? reply.result : undefined
const days = (n: number) => countOf(n, 'day')

/**
 * The ordered stages with edit (a disclosure), move up / down and remove (confirmed), and a form
 * to add one. Every control is a plain POST form with a hidden `intent`: no JavaScript needed.
 */
export function WorkflowEditor({ stages, reply }: { stages: StageView[]; reply?: FormReply | null }) {
  const total = stages.reduce((sum, s) => sum + s.expected_days, 0)
  const pageErrors = reply?.form === 'workflow' ? reply.result.error?.[''] : undefined
  return (
    <>
      <FormErrors errors={pageErrors ?? undefined} />
      {stages.length === 0 ? (
        <p className="notice-warning" role="status">
          This category has no workflow yet: orders cannot use it until it has at least one stage. Add the stages below.
        </p>
      ) : stages.every((s) => !s.qc_gate) ? (
        <p className="notice-warning" role="status">
          No stage is a QC gate: goods of this category would ship without a quality check. Mark at least one stage as a
          QC gate.
        </p>
      ) : null}
      <section className="card" aria-labelledby="stages-heading">
        <h2 id="stages-heading">Stages</h2>
        {stages.length === 0 ? (
          <p className="muted">No stages yet.</p>
        ) : (
          <TableFrame label="Workflow stages in order">
            <table className="table workflow-table">
              <caption className="visually-hidden">Workflow stages in order</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    #
                  </th>
                  <th scope="col">Stage</th>
                  <th scope="col" className="num">
                    Expected
                  </th>
                  <th scope="col">QC gate</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {stages.map((stage, i) => (
                  <StageRow
                    key={`${stage.id}-${stage.version}`}
                    stage={stage}
                    first={i === 0}
                    last={i === stages.length - 1}
                    reply={reply}
                  />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    Total
                  </th>
                  <td className="num">
                    <strong>{days(total)}</strong>
                  </td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            </table>
          </TableFrame>
        )}
      </section>
      {/* Keyed by the stage list, so a stage just added clears the form (a fresh form when JavaScript runs too). */}
      <AddStageForm
        key={stages.map((s) => s.id).join('-')}
        stages={stages}
        lastResult={replyFor(reply, ADD_STAGE_FORM)}
      />
    </>
  )
}

function StageRow({
  stage,
  first,
  last,
  reply,
}: {
  stage: StageView
  first: boolean
  last: boolean
  reply?: FormReply | null
}) {
  const editResult = replyFor(reply, editStageFormId(stage.id))
  const move = (direction: 'up' | 'down', label: string) => (
    <Form method="post">
      <input type="hidden" name="intent" value="stage-move" />
      <input type="hidden" name="stageId" value={stage.id} />
      <input type="hidden" name="direction" value={direction} />
      <Button type="submit" aria-label={`Move ${stage.name} ${direction}`}>
        {label}
      </Button>
    </Form>
  )
  return (
    <tr data-stage={stage.id}>
      <td className="num">{stage.position}</td>
      <td>{stage.name}</td>
      <td className="num">{days(stage.expected_days)}</td>
      <td>{stage.qc_gate ? <Badge tone="info">QC gate</Badge> : <span className="muted">—</span>}</td>
      <td>
        <div className="row stage-actions">
          {first ? null : move('up', '↑ Up')}
          {last ? null : move('down', '↓ Down')}
          <details className="disclosure" open={editResult ? true : undefined}>
            <summary className="btn" aria-label={`Edit ${stage.name}`}>
              Edit
            </summary>
            <div className="disclosure-body">
              <EditStageForm stage={stage} lastResult={editResult} />
            </div>
          </details>
          <ConfirmDialog
            trigger="Remove"
            title={`Remove “${stage.name}”?`}
            description="Its place closes up: the stages after it move one up."
          >
            <Form method="post">
              <input type="hidden" name="intent" value="stage-remove" />
              <input type="hidden" name="stageId" value={stage.id} />
              <Button type="submit" variant="danger" style={{ marginTop: 12 }}>
                Yes, remove {stage.name}
              </Button>
            </Form>
          </ConfirmDialog>
        </div>
      </td>
    </tr>
  )
}

type StageFieldsMeta = Record<'name' | 'expectedDays' | 'qcGate', FieldMetadata<unknown>>

function StageFields({ fields }: { fields: StageFieldsMeta }) {
  return (
    <>
      <div className="form-grid">
        <Field label="Stage name" meta={fields.name} />
        <Field
          label="Expected days"
          type="number"
          meta={fields.expectedDays}
          hint="From 0 to 365"
          inputProps={{ min: 0, max: 365, step: 1 }}
        />
      </div>
      <div className="checks field">
        <label>
          <input {...getInputProps(fields.qcGate, { type: 'checkbox' })} />
          QC gate (goods are checked before they move on)
        </label>
        <ErrorList id={fields.qcGate.errorId} errors={fields.qcGate.errors} />
      </div>
    </>
  )
}

function EditStageForm({ stage, lastResult }: { stage: StageView; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.workflowSchemas['stage-edit']), {
    id: editStageFormId(stage.id),
    lastResult,
    defaultValue: { name: stage.name, expectedDays: String(stage.expected_days), qcGate: stage.qc_gate ? 'on' : '' },
  })
  return (
    <Form method="post" {...getFormProps(form)} style={{ minWidth: 260 }}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="stage-edit" />
      <input type="hidden" name="stageId" value={stage.id} />
      <input type="hidden" name="version" value={stage.version} />
      <StageFields fields={fields} />
      <SubmitButton variant="primary" intent="stage-edit" pendingText="Saving…">
        Save stage
      </SubmitButton>
    </Form>
  )
}

function AddStageForm({ stages, lastResult }: { stages: StageView[]; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.workflowSchemas['stage-add']), {
    id: ADD_STAGE_FORM,
    lastResult,
  })
  const placeOptions = [
    ...(stages.length ? [{ value: '0', label: 'At the start' }] : []),
    ...stages.slice(0, -1).map((s) => ({ value: String(s.id), label: `After ${s.position}. ${s.name}` })),
  ]
  return (
    <section className="card" aria-labelledby="add-stage-heading">
      <h2 id="add-stage-heading">Add a stage</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="stage-add" />
        <StageFields fields={fields} />
        {stages.length ? (
          <SelectField label="Where" meta={fields.after} placeholder="At the end" options={placeOptions} />
        ) : null}
        <SubmitButton variant="primary" intent="stage-add" pendingText="Adding…">
          Add stage
        </SubmitButton>
      </Form>
    </section>
  )
}
