import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { ToolkitHome } from '~/features/toolkit/home-page'
import { toolkitHome } from '~/features/toolkit/home.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'AnyToolkitHome', title: portals.toolkit.title }
export const meta: MetaFunction = () => pageTitle(portals.toolkit.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return toolkitHome(getDb(), viewer)
}

export default function AnyToolkitHome() {
  return <ToolkitHome data={useLoaderData<typeof loader>()} />
}
