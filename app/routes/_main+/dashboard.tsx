import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { Figures } from '~/ui/figures'
import { pendingCompanies, recentActivity, staffFigures } from '~/features/dashboard/queries.server'
import { operationsDashboard } from '~/features/dashboard/operations.server'
import { Badge, sentenceCase } from '~/ui/badge'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'

export const handle: RouteHandle = { name: 'Dashboard', title: 'Dashboard' }
export const meta: MetaFunction = () => pageTitle('Dashboard')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const [sections, figures, pending, activity] = await Promise.all([
    operationsDashboard(db, viewer),
    staffFigures(db, viewer),
    pendingCompanies(db),
    recentActivity(db, viewer),
  ])
  return { sections, figures, pending, activity }
}

export default function DashboardPage() {
  const { sections, figures, pending, activity } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Dashboard" />
      {sections.map((section) => (
        <section key={section.title} aria-labelledby={`dash-${section.title}`}>
          <h2 id={`dash-${section.title}`} className="figures-title">
            {section.title}
          </h2>
          <Figures figures={section.figures} label={section.title} />
        </section>
      ))}
      <h2 className="figures-title">Companies</h2>
      <Figures figures={figures} label="Companies" />
      <section className="stack" aria-labelledby="pending-heading">
        <div className="list-summary">
          <h2 id="pending-heading" style={{ margin: 0 }}>
            Companies waiting for approval
          </h2>
          <span className="row">
            <Link to="/buyers/manage?status=pending">All buyers waiting</Link>
            <Link to="/sellers/manage?status=pending">All sellers waiting</Link>
          </span>
        </div>
        <Table
          caption="Companies waiting for approval"
          rows={pending}
          rowKey={(r) => `${r.kind}-${r.id}`}
          empty="No company is waiting for approval."
          columns={[
            {
              key: 'name',
              header: 'Company',
              cell: (r) => <Link to={`/${r.kind === 'buyer' ? 'buyers' : 'sellers'}/${r.id}`}>{r.name}</Link>,
            },
            { key: 'kind', header: 'Kind', cell: (r) => <Badge tone="info">{sentenceCase(r.kind)}</Badge> },
            { key: 'contact', header: 'Contact', cell: (r) => r.contact_email ?? '—' },
            { key: 'since', nowrap: true, header: 'Signed up', cell: (r) => formatDateTime(r.created_at) },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="activity-heading" style={{ marginTop: 24 }}>
        <h2 id="activity-heading">Recent activity</h2>
        {activity.length === 0 ? (
          <p className="muted">Nothing has happened yet.</p>
        ) : (
          <ol className="history">
            {activity.map((r) => (
              <li key={r.id}>
                {r.kind} {r.to ? <Link to={r.to}>{r.record}</Link> : <strong>{r.record}</strong>} {r.what} by {r.who},{' '}
                <time className="muted" dateTime={r.at}>
                  {formatDateTime(r.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}
