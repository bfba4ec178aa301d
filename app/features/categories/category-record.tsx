import type { SubmissionResult } from '@conform-to/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { formatMoney } from '~/utils/format'
import { Table, type Column } from '~/ui/table'
import { EditCategoryForm } from './category-form'
import { severityLabels } from './conditions'
import { conditionEditPath, conditionsPath, manageCategoriesPath, workflowPath } from './paths'
import { formatGstWithSlab } from './shared'
import type { ConditionView } from './queries.server'

const severityTones = { critical: 'danger', major: 'warning', minor: 'neutral' } as const

/** The edit category page: its details form, its QC conditions, the way to its workflow, its history. */
export function CategoryRecordPage({
  category,
  values,
  version,
  conditions,
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
    product: { slug: string; name: string; unit: string }
    attributes: { key: string; label: string }[]
  }
  values: Record<string, string>
  version: string
  conditions: ConditionView[]
  history: ToldEntry[]
  lastResult?: SubmissionResult<string[]> | null
}) {
  const labelOf = (key: string) => category.attributes.find((a) => a.key === key)?.label ?? key
  const columns: Column<ConditionView>[] = [
    { key: 'name', header: 'Condition', cell: (c) => <Link to={conditionEditPath(category.id, c.id)}>{c.name}</Link> },
    { key: 'attribute', header: 'Attribute', cell: (c) => labelOf(c.attributeKey) },
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
      <EditCategoryForm
        values={values}
        version={version}
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
      <div style={{ marginTop: 16 }}>
        <History entries={history} />
      </div>
    </>
  )
}
