import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'DevAdminHome', title: portals.dev_admin.title }
export const meta: MetaFunction = () => pageTitle(portals.dev_admin.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  return portalHome(getDb(), viewer, 'dev_admin')
}

export default function DevAdminHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="dev_admin"
      figures={figures}
      queues={queues}
      intro="The developer administrators' portal: the products the platform trades (slugs, units, product lines, attribute schemas) and the feature flags."
    />
  )
}
