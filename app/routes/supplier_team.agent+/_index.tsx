import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'SupplierAgentHome', title: portals.supplier_agent.title }
export const meta: MetaFunction = () => pageTitle(portals.supplier_agent.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'supplier_agent')
  return portalHome(getDb(), viewer, 'supplier_agent')
}

export default function SupplierAgentHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="supplier_agent"
      figures={figures}
      queues={queues}
      intro="The supplier team agents' portal, for the sellers assigned to you."
    />
  )
}
