import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'AnyToolkitHome', title: portals.toolkit.title }
export const meta: MetaFunction = () => pageTitle(portals.toolkit.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return portalHome(getDb(), viewer, 'toolkit')
}

export default function AnyToolkitHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="toolkit"
      figures={figures}
      queues={queues}
      intro="Tools open to everyone who is signed in."
    />
  )
}
