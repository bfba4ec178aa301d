import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'BizOpsTeamHome', title: portals.biz_ops.title }
export const meta: MetaFunction = () => pageTitle(portals.biz_ops.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'biz_ops')
  return portalHome(getDb(), viewer, 'biz_ops')
}

export default function BizOpsTeamHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome portal="biz_ops" figures={figures} queues={queues} intro="The business operations team's portal." />
  )
}
