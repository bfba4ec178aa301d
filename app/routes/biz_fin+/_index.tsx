import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'BizFinHome', title: portals.biz_fin.title }
export const meta: MetaFunction = () => pageTitle(portals.biz_fin.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'biz_fin')
  return portalHome(getDb(), viewer, 'biz_fin')
}

export default function BizFinHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="biz_fin"
      figures={figures}
      queues={queues}
      intro="What buyers owe and pay, and what is owed to transporters: each figure opens the list behind it."
    />
  )
}
