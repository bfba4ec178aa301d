import { Link } from '~/ui/link'
import { useMayOpen, useOrderHref } from '~/ui/may-open'
import { orderPath } from '../orders/lens'
import { samplePath } from '../sample-orders/lens'
import type { InvoiceOrder } from './invoice-order'

/** The portals whose sample order pages reach every sample order, in the order a link prefers them. */
const STAFF_SAMPLE_PORTALS = ['admin', 'biz_ops'] as const

/** An invoice's order for the buyer: its order's page, or its sample order's. */
export function BuyerInvoiceOrder({ order }: { order: InvoiceOrder }) {
  if (order.kind === 'order') return <Link to={orderPath('buyer', order.id)}>{order.code}</Link>
  return <Link to={samplePath('buyer', order.id)}>{`Sample order ${order.code}`}</Link>
}

/**
 * An invoice's order for the money team: the master order (its page here, else the redirect), or the
 * sample order, linked where one of the viewer's portals manages sample orders and named otherwise.
 */
export function StaffInvoiceOrder({ order }: { order: InvoiceOrder }) {
  const orderHref = useOrderHref()
  const may = useMayOpen()
  if (order.kind === 'order') return <Link to={orderHref(order.id)}>{order.code}</Link>
  const portal = STAFF_SAMPLE_PORTALS.find((p) => may(samplePath(p, order.id)))
  const label = `Sample order ${order.code}`
  return portal ? <Link to={samplePath(portal, order.id)}>{label}</Link> : <>{label}</>
}
