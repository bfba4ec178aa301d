import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'AdminHome', title: portals.admin.title }
export const meta: MetaFunction = () => pageTitle(portals.admin.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return portalHome(getDb(), viewer, 'admin')
}

export default function AdminHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="admin"
      figures={figures}
      queues={queues}
      intro="The administrators' portal. Every other staff portal is open to you too: switch from the menu at the top."
    />
  )
}
