import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'SellerHome', title: portals.seller.title }
export const meta: MetaFunction = () => pageTitle(portals.seller.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  return {
    ...(await portalHome(getDb(), viewer, 'seller')),
    companyId: viewer.company?.kind === 'seller' ? viewer.company.id : null,
  }
}

export default function SellerHome() {
  const { figures, queues, companyId } = useLoaderData<typeof loader>()
  return (
    <PortalHome
      portal="seller"
      figures={figures}
      queues={queues}
      intro="Your company's portal on the platform."
      actions={
        companyId ? (
          <Link className="btn btn-primary" to={`/seller/${companyId}/company`}>
            Manage your company
          </Link>
        ) : null
      }
    />
  )
}
