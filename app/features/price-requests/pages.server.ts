// Everything each price-change page shows, gathered for its loader.
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { isFlagOn } from '../flags/flags.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { kolkataDay } from '~/utils/format'
import { FIND_LIMIT, findKamBuyerSkus, kamBuyerSku, listAdminRequests, listKamRequests } from './queries.server'
import { readKamParams, readRequestFilters } from './schema'

/**
 * The KAM's page: the requests on its buyers' SKUs and the new-request section. Undefined when `?buyerSku=` names
 * a buyer SKU outside the KAM's buyers (the page answers 404).
 */
export async function kamRequestsPage(db: Database, viewer: Viewer, url: URL) {
  const filters = readRequestFilters(url, 'all')
  const { find, buyerSkuId } = readKamParams(url)
  const [list, found, chosen, effectiveDates] = await Promise.all([
    listKamRequests(db, viewer.userId, { ...filters, q: '' }),
    find ? findKamBuyerSkus(db, viewer.userId, find) : [],
    buyerSkuId ? kamBuyerSku(db, viewer.userId, buyerSkuId) : null,
    isFlagOn(db, 'price_request_effective_date', viewer.roles),
  ])
  if (chosen === undefined) return undefined
  return {
    filters,
    ...list,
    find,
    found,
    findLimit: FIND_LIMIT,
    chosen,
    effectiveDates,
    today: kolkataDay(),
    idempotencyKey: newIdempotencyKey(),
  }
}

/** Admin's queue: pending requests by default, searchable by buyer code or product SKU. */
export async function adminRequestsPage(db: Database, url: URL) {
  const filters = readRequestFilters(url, 'pending')
  return { filters, ...(await listAdminRequests(db, filters)) }
}
