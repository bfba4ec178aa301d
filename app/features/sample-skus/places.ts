import type { PortalKey } from '~/auth/portals'
import { SAMPLE_PORTALS, sampleBase, type SamplePortal } from '../sample-orders/lens'

/**
 * Where each portal keeps its sample-SKU pages and whether it may change them (domain.md §2:
 * admin, catalog manager and biz ops edit; the demand KAM views). The routes pass their entry to
 * the one list, form and query, so the four portals never drift apart.
 */
export interface SampleSkuPlace {
  portal: PortalKey
  /** The list's path; create is `${base}/create`, edit `${base}/{id}/edit`. */
  base: string
  canEdit: boolean
}

export const sampleSkuPlaces = {
  admin: { portal: 'admin', base: '/admin/skus/sample_skus', canEdit: true },
  catalog_manager: { portal: 'catalog_manager', base: '/catalog_manager/sample_skus', canEdit: true },
  biz_ops: { portal: 'biz_ops', base: '/biz_ops_team/skus/sample_skus', canEdit: true },
  demand_kam: { portal: 'demand_kam', base: '/demand_kam/skus/sample_skus', canEdit: false },
} as const satisfies Record<string, SampleSkuPlace>

export const createPath = (place: SampleSkuPlace) => `${place.base}/create`
export const editPath = (place: SampleSkuPlace, id: number) => `${place.base}/${id}/edit`

/** The portal's sample order list, where a sample SKU's orders and feedback are (none for the catalog manager). */
export const sampleOrdersOf = (place: SampleSkuPlace): string | null =>
  (SAMPLE_PORTALS as readonly string[]).includes(place.portal) ? sampleBase[place.portal as SamplePortal] : null
