import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { CheckField, ChoiceField, ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import type { Reply } from '~/platform/form-reply'
import type { TransporterPageData } from './transporters.server'
import { transporterPath } from './shared'

interface TransportersData {
  rows: { id: number; name: string; gstin: string | null; pan: string | null; option: string; smallFleet: boolean }[]
}

/** The transporters with their PAN, GTA option and 194C(6) declaration (issue 52). */
export function TransportersPage({ data }: { data: TransportersData }) {
  return (
    <div className="logistics">
      <PageHeader title="Transporters’ tax details" />
      <p className="muted">
        A goods transport agency’s freight is under reverse charge (the platform pays 5 % GST itself) unless the GTA
        declared forward charge (Annexure V). TDS under section 194C is deducted when its bills are paid: 1 % for an
        individual or HUF, 2 % otherwise, 20 % without a PAN, none for a declared owner of at most ten goods carriages.
      </p>
      <Table
        caption="Transporters"
        rows={data.rows}
        rowKey={(t) => t.id}
        columns={[
          {
            key: 'name',
            header: 'Transporter',
            title: true,
            cell: (t) => <Link to={transporterPath(t.id)}>{t.name}</Link>,
          },
          { key: 'gstin', header: 'GSTIN / TRANSIN', nowrap: true, cell: (t) => t.gstin ?? '—' },
          { key: 'pan', header: 'PAN', cell: (t) => t.pan ?? 'Not known (206AA: 20 %)' },
          { key: 'option', header: 'GST on freight', cell: (t) => t.option },
          {
            key: 'smallFleet',
            header: '194C(6) declaration',
            cell: (t) => (t.smallFleet ? 'Declared: not deducted' : 'No'),
          },
        ]}
      />
    </div>
  )
}

/** A transporter's tax details, without JavaScript. */
export function TransporterPage({ data, lastResult }: { data: TransporterPageData; lastResult: Reply }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.transporterTaxSchema), {
    id: 'transporter-tax',
    lastResult,
    defaultValue: data.defaults,
  })
  return (
    <div className="logistics">
      <PageHeader title={`${data.transporter.name}: tax details`} />
      <Form method="post" {...getFormProps(form)} className="card" aria-labelledby="tax-heading">
        <h2 id="tax-heading">PAN, GTA option and declaration</h2>
        <ErrorSummary form={form} />
        <div className="form-grid">
          <Field
            label="PAN"
            meta={fields.pan}
            hint={
              data.transporter.gstin ? `From its GSTIN ${data.transporter.gstin} (characters 3–12)` : 'Without it, 20 %'
            }
          />
          <ChoiceField
            legend="GST on its freight"
            meta={fields.gtaOption}
            options={[
              { value: 'reverse', label: 'Reverse charge: it charges no GST, the platform pays 5 %' },
              { value: 'forward', label: 'Forward charge: it opted to charge GST itself (Annexure V)' },
            ]}
          />
          <SelectField
            label="Forward-charge rate"
            meta={fields.forwardRate}
            placeholder="—"
            options={[
              { value: '500', label: '5 % (no input credit to the GTA)' },
              { value: '1800', label: '18 % with input credit (since 22 September 2025)' },
              { value: '1200', label: '12 % with input credit (before 22 September 2025)' },
            ]}
          />
          <Field label="Declared for the financial year" meta={fields.optionFy} hint={`Like ${data.fy}`} />
          <CheckField
            meta={fields.smallFleet}
            label="Owns at most ten goods carriages and gave its declaration with its PAN (section 194C(6))"
          />
        </div>
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Saving…">
            Save
          </SubmitButton>
        </div>
      </Form>
    </div>
  )
}
