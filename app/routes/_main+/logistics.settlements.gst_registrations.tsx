import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { registrationRows } from '~/features/settlements/registrations.server'
import { RegistrationsTable } from '~/features/settlements/registrations-table'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { kolkataDay } from '~/utils/format'

export const handle: RouteHandle = {
  name: 'GstRegistrations',
  title: 'GST registrations',
  breadcrumb: 'GST registrations',
  menu: { group: 'Money', label: 'GST registrations', order: 54 },
}
export const meta: MetaFunction = () => pageTitle('GST registrations')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return { rows: await registrationRows(getDb(), kolkataDay()) }
}

export default function GstRegistrationsPage() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="GST registrations" />
      <p className="muted">
        The platform’s registration in each state where it has a place of business. Goods leaving a warehouse are
        invoiced under its state’s registration, in that registration’s series; goods straight from a mill under the
        home one (docs: “Registrations per state”).
      </p>
      <RegistrationsTable rows={rows} />
    </>
  )
}
