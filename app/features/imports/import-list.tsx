import { Button } from '~/ui/button'
import { Badge } from '~/ui/badge'
import { Link } from '~/ui/link'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { countOf, formatDateTime } from '~/utils/format'
import { importPath, kindLabels, NEW_IMPORT_PATH, statusLabels, type ImportJobStatus } from './kinds'
import type { ImportJobRow, ImportListPage } from './queries.server'

const tones: Partial<Record<ImportJobStatus, 'success' | 'warning' | 'danger' | 'info'>> = {
  previewed: 'warning',
  applying: 'info',
  applied: 'success',
  failed: 'danger',
}

export function ImportStatusBadge({ status }: { status: ImportJobStatus }) {
  return <Badge tone={tones[status] ?? 'neutral'}>{statusLabels[status]}</Badge>
}

/** "2 to create · 1 to change · 3 refused": what a preview found, leaving out what is none. */
export function outcomeSummary(job: Pick<ImportJobRow, 'counts'>) {
  const parts = [
    job.counts.create ? `${job.counts.create.toLocaleString('en-IN')} to create` : null,
    job.counts.change ? `${job.counts.change.toLocaleString('en-IN')} to change` : null,
    job.counts.unchanged ? `${job.counts.unchanged.toLocaleString('en-IN')} unchanged` : null,
    job.counts.refused ? `${job.counts.refused.toLocaleString('en-IN')} refused` : null,
  ].filter(Boolean)
  return parts.join(' · ') || 'no rows'
}

/** /skus/imports: every import, newest first, with where it stands. */
export function ImportList({ rows, total, page, pageSize }: ImportListPage) {
  return (
    <>
      <PageHeader title="Imports">
        <Button asChild variant="primary">
          <Link to={NEW_IMPORT_PATH}>Import a file</Link>
        </Button>
      </PageHeader>
      <p className="muted">
        Buyer SKUs and prices, product SKUs, seller SKUs and sellers’ costs from a CSV or XLSX file: each import is
        previewed row by row before anything is written, then applied in the background.
      </p>
      <ListSummary total={total} noun="import" />
      <Table
        caption="Imports"
        rows={rows}
        rowKey={(r) => r.id}
        empty="No file has been imported yet."
        columns={[
          {
            key: 'id',
            header: 'Import',
            title: true,
            nowrap: true,
            cell: (r) => <Link to={importPath(r.id)}>Import #{r.id}</Link>,
          },
          {
            key: 'kind',
            header: 'What',
            cell: (r) => (r.productName ? `${kindLabels[r.kind]}: ${r.productName}` : kindLabels[r.kind]),
          },
          { key: 'file', header: 'File', cell: (r) => r.fileName },
          {
            key: 'by',
            header: 'Uploaded',
            cell: (r) => (
              <>
                {r.uploadedBy ?? 'Someone'}, <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </>
            ),
          },
          { key: 'status', header: 'Status', cell: (r) => <ImportStatusBadge status={r.status} /> },
          {
            key: 'rows',
            header: 'Rows',
            cell: (r) => (
              <>
                {countOf(r.rowsTotal, 'row')}
                <div className="muted">{outcomeSummary(r)}</div>
              </>
            ),
          },
          {
            key: 'progress',
            header: 'Applied',
            numeric: true,
            cell: (r) =>
              r.status === 'applying' || r.status === 'applied' || r.status === 'failed'
                ? `${r.rowsDone.toLocaleString('en-IN')} of ${r.toApply.toLocaleString('en-IN')}`
                : '—',
          },
        ]}
      />
      <Pagination page={page} pageSize={pageSize} total={total} shown={rows.length} />
    </>
  )
}
