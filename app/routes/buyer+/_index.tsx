import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'BuyerHome', title: portals.buyer.title }
export const meta: MetaFunction = () => pageTitle(portals.buyer.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  return { ...(await portalHome(getDb(), viewer, 'buyer')), companyId: viewer.company?.kind === 'buyer' ? viewer.company.id : null }
}

export default function BuyerHome() {
  const { figures, queues, companyId } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="buyer"
      figures={figures}
      queues={queues}
      intro="Your company's portal on the platform."
      actions={
        companyId ? (
          <Link className="btn btn-primary" to={`/buyer/${companyId}/company`}>
            Manage your company
          </Link>
        ) : null
      }
    />
  )
}
