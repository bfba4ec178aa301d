import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { qcPage } from '~/features/reports/pages.server'
import { QcReportPage } from '~/features/reports/qc-page'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'QCReports',
  title: 'QC Reports',
  breadcrumb: 'QC report',
  menu: { group: 'Reports', label: 'QC', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('QC report')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return qcPage(getDb(), new URL(request.url))
}

export default function QcReportRoute() {
  return <QcReportPage data={useLoaderData<typeof loader>()} />
}
