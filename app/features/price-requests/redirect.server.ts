import type { Database } from '#db/database'
import { mayEnter } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { buyerSkuPath } from '../buyer-skus/paths'
import { adminRequestPath, kamRequestPath } from './paths'

/**
 * Where a link to a price-change request (the decision e-mail) takes this viewer, in the portal
 * table's order: admin to the record it decides on, the requesting KAM to its own list at the
 * request's row when the buyer is assigned to it, other staff of the main portal (who make requests by
 * saving a price or applying an import) to the buyer SKU's page, which lists its waiting request.
 * Anyone else, other KAMs included, and unknown ids get null (answered 404).
 */
export async function priceRequestPageFor(db: Database, viewer: Viewer, id: number): Promise<string | null> {
  const request = await db
    .selectFrom('price_change_requests as r')
    .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .select(['r.id', 'r.buyer_sku_id', 'buyers.kam_user_id'])
    .where('r.id', '=', id)
    .executeTakeFirst()
  if (!request) return null
  if (mayEnter(viewer.roles, 'admin')) return adminRequestPath(request.id)
  if (request.kam_user_id === viewer.userId && mayEnter(viewer.roles, 'demand_kam')) return kamRequestPath(request.id)
  if (mayEnter(viewer.roles, 'main')) return `${buyerSkuPath(request.buyer_sku_id)}#requests-heading`
  return null
}
