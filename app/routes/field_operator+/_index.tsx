import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'FieldOperatorHome', title: portals.field_operator.title }
export const meta: MetaFunction = () => pageTitle(portals.field_operator.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'field_operator')
  return portalHome(getDb(), viewer, 'field_operator')
}

export default function FieldOperatorHome() {
  const { figures, queues } = useLoaderData<typeof loader>()
  return (
    <PortalHome portal="field_operator" figures={figures} queues={queues} intro="Your portal for work in the field." />
  )
}
