import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'CatalogManagerHome', title: portals.catalog_manager.title }
export const meta: MetaFunction = () => pageTitle(portals.catalog_manager.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'catalog_manager')
  return portalHome(getDb(), viewer, 'catalog_manager')
}

export default function CatalogManagerHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome portal="catalog_manager" figures={figures} queues={queues} intro="The catalogue managers' portal." />
  )
}
