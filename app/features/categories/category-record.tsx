import type { SubmissionResult } from '@conform-to/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { formatMoney } from '~/utils/format'
import { Table, type Column } from '~/ui/table'
import { EditCategoryForm, type QcChoiceLists } from './category-form'
import { severityLabels } from './conditions'
import { conditionEditPath, conditionsPath, defectTypesPath, manageCategoriesPath, workflowPath } from './paths'
import { describeQc, formatGstWithSlab } from './shared'
import type { CategoryQc, ConditionView } from './queries.server'

const severityTones = { critical: 'danger', major: 'warning', minor: 'neutral' } as const

/** The edit category page: its details form, its QC conditions, the way to its workflow, its history. */
export function CategoryRecordPage({
  category,
  values,
  version,
  qcChoices,
  conditions,
  defectTypes,
  history,
  lastResult,
}: {
  category: {
    id: number
    name: string
    active: boolean
    marginFloorBp?: number | null
    secondApprovalAboveMinor?: number | null
    gstRateBp: number
    gstSlabAboveMinor: number | null
    gstRateAboveBp: number | null
    qc: CategoryQc
    product: { slug: string; name: string; unit: string }
    attributes: { key: string; label: string }[]
  }
  values: Record<string, string>
  version: string
  qcChoices: QcChoiceLists
  conditions: ConditionView[]
  /** Active defect types per class. */
  defectTypes: Record<'critical' | 'major' | 'minor', number>
  history: ToldEntry[]
  lastResult?: SubmissionResult<string[]> | null
}) {
  const labelOf = (key: string) => category.attributes.find((a) => a.key === key)?.label ?? key
  const columns: Column<ConditionView>[] = [
    {
      key: 'name',
      header: 'Condition',
      cell: (c) => (
        <>
          <Link to={conditionEditPath(category.id, c.id)}>{c.name}</Link>
          {c.lab ? ' (lab)' : null}
        </>
      ),
    },
    { key: 'attribute', header: 'Attribute', cell: (c) => (c.lab ? 'Lab parameter' : labelOf(c.attributeKey)) },
    { key: 'rule', header: 'Rule', cell: (c) => c.rule },
    {
      key: 'severity',
      header: 'Severity',
      cell: (c) => <Badge tone={severityTones[c.severity]}>{severityLabels[c.severity]}</Badge>,
    },
    {
      key: 'active',
      header: 'Status',
      cell: (c) => (c.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
    },
  ]
  return (
    <>
      <PageHeader title={`Edit ${category.name}`}>
        <Button asChild>
          <Link to={workflowPath(category.id)}>Fulfilment workflow</Link>
        </Button>
      </PageHeader>
      <p className="muted">
        A {category.product.name.toLowerCase()} category, sold by {category.product.unit}.
      </p>
      <p data-testid="gst-rates">
        GST: {formatGstWithSlab(category.gstRateBp, category.gstSlabAboveMinor, category.gstRateAboveBp)}
        {category.gstSlabAboveMinor !== null ? ' (chosen per invoice line from its price a piece)' : ''}.
      </p>
      <p data-testid="approval-rules">
        Approval rules: margin floor {category.marginFloorBp == null ? 'none' : `${category.marginFloorBp / 100} %`};
        second approver{' '}
        {category.secondApprovalAboveMinor == null
          ? 'never needed'
          : `above ${formatMoney(category.secondApprovalAboveMinor)}`}
        .
      </p>
      <p data-testid="qc-method">Quality control: {describeQc(category.qc)}.</p>
      <EditCategoryForm
        values={values}
        version={version}
        qcChoices={qcChoices}
        lastResult={lastResult}
        cancelTo={manageCategoriesPath(category.product.slug)}
      />
      <section className="card" aria-labelledby="conditions-heading" style={{ marginTop: 16 }}>
        <div className="page-header">
          <h2 id="conditions-heading">QC conditions</h2>
          <Button asChild variant="primary">
            <Link to={`${conditionsPath(category.id)}/create`}>Add a condition</Link>
          </Button>
        </div>
        <p className="muted">The acceptance criteria QC checks on goods of this category.</p>
        <Table
          caption="QC conditions"
          columns={columns}
          rows={conditions}
          rowKey={(c) => c.id}
          empty="No conditions yet."
        />
      </section>
      <section className="card" aria-labelledby="defect-types-heading" style={{ marginTop: 16 }}>
        <div className="page-header">
          <h2 id="defect-types-heading">Defect catalogue</h2>
          <Button asChild variant="primary">
            <Link to={defectTypesPath(category.id)}>Defect catalogue</Link>
          </Button>
        </div>
        <p className="muted" data-testid="defect-type-counts">
          {defectTypes.critical + defectTypes.major + defectTypes.minor === 0
            ? 'No active defect types: inspectors can count defects only of a type in the catalogue.'
            : `Active defect types: ${defectTypes.critical} critical, ${defectTypes.major} major, ${defectTypes.minor} minor.`}
        </p>
      </section>
      <div style={{ marginTop: 16 }}>
        <History entries={history} />
      </div>
    </>
  )
}
