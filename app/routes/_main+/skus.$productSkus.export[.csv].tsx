import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { isFlagOn } from '~/features/flags/flags.server'
import { exportProductSkus } from '~/features/product-skus/list.server'
import { productOfSkusSegment } from '~/features/product-skus/queries.server'
import { readSkuFilters } from '~/features/product-skus/schema.server'
import { skusSegment } from '~/features/product-skus/shared'
import { csvResponse } from '~/utils/csv.server'

// Every SKU matching the list's query string (not one page), while the sku_csv_export flag is on
// for the viewer; off, the export does not exist (404) and the list hides its link.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const product = (await productOfSkusSegment(db, params.productSkus)) ?? notFound()
  if (!(await isFlagOn(db, 'sku_csv_export', viewer.roles))) notFound()
  const { columns, rows } = await exportProductSkus(db, product, readSkuFilters(new URL(request.url), product.schema))
  return csvResponse(`${skusSegment(product.slug)}-${new Date().toISOString().slice(0, 10)}.csv`, columns, rows)
}
