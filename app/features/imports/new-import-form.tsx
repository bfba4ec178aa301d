import { TableFrame } from '~/ui/table'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import type { NewImportPageData } from './forms.server'

/** /skus/imports/new: what the file holds, the file; each kind's columns and its template below. */
export function NewImportForm({
  data,
  lastResult,
}: {
  data: NewImportPageData
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.newImportSchema), {
    id: 'new-import',
    lastResult,
    defaultValue: { kind: data.chosen },
  })
  const fileErrors = fields.file.errors
  return (
    <>
      <PageHeader title="Import a file" />
      <p className="muted">
        The file is read and every row checked first: the preview shows what each row would create or change, and why a
        row is refused. Nothing is written until you apply it.
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card">
        <ErrorSummary form={form} />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <SelectField
          label="What the file holds"
          meta={fields.kind}
          placeholder="Choose…"
          options={data.choices.map((c) => ({ value: c.value, label: c.label }))}
        />
        <div className="field">
          <label htmlFor="new-import-file">File</label>
          <span className="hint" id="new-import-file-hint">
            CSV (UTF-8) or Excel workbook (.xlsx, its first sheet), at most {data.maxMb} MB and{' '}
            {data.maxRows.toLocaleString('en-IN')} rows. The first row names the columns.
          </span>
          <input
            id="new-import-file"
            type="file"
            name="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`new-import-file-hint${fileErrors?.length ? ' new-import-file-error' : ''}`}
            aria-invalid={fileErrors?.length ? true : undefined}
          />
          <ErrorList id="new-import-file-error" errors={fileErrors} />
        </div>
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Reading the file…">
            Read and preview
          </SubmitButton>
        </div>
      </Form>
      <section className="card" aria-labelledby="columns-heading">
        <h2 id="columns-heading">Columns and templates</h2>
        <p className="muted">
          Headers are matched ignoring case, spaces and a unit in brackets (“MOQ (m)”). A column the import does not
          know refuses the file, so a misspelt one is never silently ignored.
        </p>
        {data.choices.map((choice) => (
          <details key={choice.value} open={choice.value === data.chosen || undefined}>
            <summary>{choice.label}</summary>
            <p>{choice.about}</p>
            <p>
              <Link reloadDocument to={choice.template}>
                Download the template (CSV)
              </Link>
            </p>
            <TableFrame label={`Columns of ${choice.label}`}>
              <table className="table">
                <caption className="visually-hidden">Columns of {choice.label}</caption>
                <thead>
                  <tr>
                    <th scope="col">Column</th>
                    <th scope="col">Needed</th>
                    <th scope="col">What it holds</th>
                    <th scope="col">Example</th>
                  </tr>
                </thead>
                <tbody>
                  {choice.columns.map((column) => (
                    <tr key={column.name}>
                      <td className="nowrap">
                        <code>{column.name}</code>
                      </td>
                      <td>{column.required ? 'Yes' : 'No'}</td>
                      <td>{column.about}</td>
                      <td className="nowrap">{column.example || <span className="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </details>
        ))}
      </section>
    </>
  )
}
