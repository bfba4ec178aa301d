import type { Database } from '#db/database'
import { mayEnter } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'

/**
 * Where a link to a buyer takes this viewer: the first portal, in the portal table's order, that
 * may show it (staff: the main portal's record; the buyer's own users: their company page), or null
 * (answered 404, so ids cannot be probed).
 */
export async function buyerPageFor(db: Database, viewer: Viewer, buyerId: number): Promise<string | null> {
  const buyer = await db.selectFrom('buyers').select('id').where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) return null
  if (mayEnter(viewer.roles, 'main')) return `/buyers/${buyer.id}`
  if (viewer.company?.kind === 'buyer' && viewer.company.id === buyer.id && mayEnter(viewer.roles, 'buyer')) {
    return `/buyer/${buyer.id}/company`
  }
  return null
}
