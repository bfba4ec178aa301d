import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'KAMHome', title: portals.demand_kam.title }
export const meta: MetaFunction = () => pageTitle(portals.demand_kam.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'demand_kam')
  return portalHome(getDb(), viewer, 'demand_kam')
}

export default function KAMHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="demand_kam"
      figures={figures}
      queues={queues}
      intro="The portal of demand key-account managers, for the buyers assigned to you."
    />
  )
}
