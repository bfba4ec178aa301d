import type { Executor } from '~/platform/executor'

/** The product families the platform trades now (menus, product pages). */
export function activeProducts(db: Executor) {
  return db.selectFrom('products').select(['id', 'slug', 'name']).where('active', '=', 1).orderBy('name').execute()
}

/** An active product by its URL slug (`/fabric/addresses`), or undefined. */
export function activeProductBySlug(db: Executor, slug: string | undefined) {
  return db
    .selectFrom('products')
    .select(['id', 'slug', 'name'])
    .where('slug', '=', slug ?? '')
    .where('active', '=', 1)
    .executeTakeFirst()
}
