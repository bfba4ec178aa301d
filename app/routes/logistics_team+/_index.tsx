import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'LogisticsTeamHome', title: portals.logistics.title }
export const meta: MetaFunction = () => pageTitle(portals.logistics.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'logistics')
  return portalHome(getDb(), viewer, 'logistics')
}

export default function LogisticsTeamHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="logistics"
      figures={figures}
      queues={queues}
      intro="Transport requests to book, bookings on the road and transporter bills to pay: each figure opens the list behind it."
    />
  )
}
