import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { requirePortal } from '~/auth/guard.server'
import { portals } from '~/auth/portals'
import { getDb } from '~/db.server'
import { PortalHome } from '~/features/dashboard/portal-home'
import { portalHome } from '~/features/dashboard/queries.server'
import { buyerIdOf, buyerMoneyFigures } from '~/features/settlements/buyer.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'BuyerHome', title: portals.buyer.title }
export const meta: MetaFunction = () => pageTitle(portals.buyer.title)

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const buyerId = buyerIdOf(viewer)
  const [home, money] = await Promise.all([
    portalHome(getDb(), viewer, 'buyer'),
    buyerId ? buyerMoneyFigures(getDb(), buyerId) : [],
  ])
  // Every figure opens the list behind it: the company's own figures its company page.
  const company = buyerId ? `/buyer/${buyerId}/company` : null
  const orders = home.figures.filter(
    (f) => f.to?.startsWith('/buyer/master_orders') || f.to?.startsWith('/buyer/sample_orders'),
  )
  const figures = [...orders, ...money, ...home.figures.filter((f) => !orders.includes(f))].map((f) =>
    f.to || !company ? f : { ...f, to: company },
  )
  return { figures, queues: home.queues, companyId: buyerId }
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
