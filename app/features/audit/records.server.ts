import type { RoleKey } from '#db/types'
import { mayEnter, mayOpen, type PortalKey } from '~/auth/portals'
import { editPath as sellerSkuPath } from '../seller-skus/rules'
import { buyerSkuPath, priceRequestPath } from '../buyer-skus/paths'
import { productEditPath } from '../products/product-list'
import { skuPath } from '../product-skus/schema'
import { editPath as sampleSkuPath, sampleSkuPlaces } from '../sample-skus/places'
import type { Executor } from '~/platform/executor'
import { importPath } from '../imports/kinds'

/** A record an audit entry is about: its name, and its page when the viewer may open it. */
export interface RecordRef {
  name: string
  to?: string
}

type Ref = { entity_type: string; entity_id: string }

const ids = (refs: Ref[], type: string) => [
  ...new Set(
    refs
      .filter((r) => r.entity_type === type)
      .map((r) => Number(r.entity_id))
      .filter(Number.isSafeInteger),
  ),
]

/**
 * The names (and pages) of the records some audit entries are about: one query per kind of record,
 * so a feed of any length costs a handful of queries. Keyed `${entity_type}:${entity_id}`; a
 * record that is gone, or a kind without names, is left out (the caller says "#id").
 */
export async function recordRefs(
  db: Executor,
  roles: readonly RoleKey[],
  refs: Ref[],
): Promise<Map<string, RecordRef>> {
  const found = new Map<string, RecordRef>()
  const put = (type: string, id: number, name: string, to?: string) => {
    const open = to && mayOpen(roles, to) ? to : undefined
    found.set(`${type}:${id}`, { name, to: open })
  }
  const queries: Promise<void>[] = []
  const each = <T>(type: string, load: (list: number[]) => Promise<T[]>, add: (row: T) => void) => {
    const list = ids(refs, type)
    if (list.length) queries.push(load(list).then((rows) => rows.forEach(add)))
  }
  each(
    'buyer',
    (l) => db.selectFrom('buyers').select(['id', 'name']).where('id', 'in', l).execute(),
    (r) => put('buyer', r.id, r.name, `/buyers/${r.id}`),
  )
  each(
    'seller',
    (l) => db.selectFrom('sellers').select(['id', 'name']).where('id', 'in', l).execute(),
    (r) => put('seller', r.id, r.name, `/sellers/${r.id}`),
  )
  each(
    'seller_bill',
    (l) =>
      db
        .selectFrom('seller_bills')
        .innerJoin('sellers', 'sellers.id', 'seller_bills.seller_id')
        .select(['seller_bills.id', 'seller_bills.number', 'sellers.name'])
        .where('seller_bills.id', 'in', l)
        .execute(),
    (r) => put('seller_bill', r.id, `${r.number} of ${r.name}`, `/logistics/settlements/seller_bills/${r.id}`),
  )
  each(
    'import_job',
    (l) => db.selectFrom('import_jobs').select(['id', 'file_name']).where('id', 'in', l).execute(),
    (r) => put('import_job', r.id, `#${r.id} (${r.file_name})`, importPath(r.id)),
  )
  each(
    'user',
    (l) => db.selectFrom('users').select(['id', 'name']).where('id', 'in', l).execute(),
    (r) => put('user', r.id, r.name, `/admin/users/${r.id}`),
  )
  each(
    'product',
    (l) => db.selectFrom('products').select(['id', 'name']).where('id', 'in', l).execute(),
    (r) => put('product', r.id, r.name, productEditPath(r.id)),
  )
  each(
    'category',
    (l) => db.selectFrom('categories').select(['id', 'name']).where('id', 'in', l).execute(),
    (r) => put('category', r.id, r.name, `/admin/categories/${r.id}/edit`),
  )
  each(
    'product_sku',
    (l) =>
      db
        .selectFrom('product_skus')
        .innerJoin('products', 'products.id', 'product_skus.product_id')
        .select(['product_skus.id', 'product_skus.code', 'products.slug'])
        .where('product_skus.id', 'in', l)
        .execute(),
    (r) => put('product_sku', r.id, r.code, skuPath(r.slug, r.id)),
  )
  each(
    'buyer_sku',
    (l) =>
      db
        .selectFrom('buyer_skus')
        .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
        .select(['buyer_skus.id', 'buyer_skus.buyer_code', 'buyers.name'])
        .where('buyer_skus.id', 'in', l)
        .execute(),
    (r) => put('buyer_sku', r.id, `${r.buyer_code} of ${r.name}`, buyerSkuPath(r.id)),
  )
  each(
    'seller_sku',
    (l) =>
      db
        .selectFrom('seller_skus')
        .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
        .innerJoin('product_skus', 'product_skus.id', 'seller_skus.product_sku_id')
        .select(['seller_skus.id', 'product_skus.code', 'sellers.name'])
        .where('seller_skus.id', 'in', l)
        .execute(),
    (r) => put('seller_sku', r.id, `${r.code} from ${r.name}`, sellerSkuPath(r.id)),
  )
  each(
    'sample_sku',
    (l) => db.selectFrom('sample_skus').select(['id', 'code']).where('id', 'in', l).execute(),
    (r) => {
      const place = [sampleSkuPlaces.admin, sampleSkuPlaces.catalog_manager, sampleSkuPlaces.biz_ops].find((p) =>
        mayEnter(roles, p.portal),
      )
      put('sample_sku', r.id, r.code, place ? sampleSkuPath(place, r.id) : undefined)
    },
  )
  // Orders open through their redirect helpers, for viewers whose portal reaches every order (a
  // KAM's or an agent's reaches some only: named by code, not linked).
  const allOrders = ['admin', 'main', 'biz_ops', 'biz_fin', 'logistics', 'supplier_admin'].some((p) =>
    mayEnter(roles, p as PortalKey),
  )
  const allSamples = mayEnter(roles, 'admin') || mayEnter(roles, 'biz_ops')
  each(
    'master_order',
    (l) => db.selectFrom('master_orders').select(['id', 'code']).where('id', 'in', l).execute(),
    (r) => put('master_order', r.id, r.code, allOrders ? `/redirect/master_orders/${r.id}` : undefined),
  )
  each(
    'seller_order',
    (l) => db.selectFrom('seller_orders').select(['id', 'code']).where('id', 'in', l).execute(),
    (r) => put('seller_order', r.id, r.code, allOrders ? `/redirect/sales_orders/${r.id}` : undefined),
  )
  each(
    'sample_order',
    (l) => db.selectFrom('sample_orders').select(['id', 'code']).where('id', 'in', l).execute(),
    (r) => put('sample_order', r.id, r.code, allSamples ? `/redirect/sample_orders/${r.id}` : undefined),
  )
  each(
    'transport_request',
    (l) => db.selectFrom('transport_requests').select(['id', 'code']).where('id', 'in', l).execute(),
    (r) => put('transport_request', r.id, r.code, `/logistics/transport_requests/${r.id}/edit`),
  )
  for (const id of ids(refs, 'price_request')) put('price_request', id, `#${id}`, priceRequestPath(id))
  await Promise.all(queries)
  return found
}
