// The catalogue at scale: 200,000 product SKUs, 100,000 seller SKUs and 125,000 buyer SKUs with
// 500,000 versions on top of the demo data, measured over HTTP against the production server.
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../seed/demo'
import { CATALOGUE_SCALE, seedCatalogueScale } from '../../seed/scale-catalogue'
import { benchDatabase, benchDatabaseKind } from './database'
import { measurePages, signIn } from './pages'
import { startServer } from './server'

const fmt = (n: number) => n.toFixed(1)

export async function benchCatalogue() {
  const rows: string[] = []
  const kind = benchDatabaseKind()
  // BENCH_CATALOGUE_DATABASE_URL: a database already loaded (demo + the catalogue's scale seed), used as it is and kept.
  const reused = process.env.BENCH_CATALOGUE_DATABASE_URL?.trim()
  const database = reused ? { url: reused, drop: async () => {} } : await benchDatabase('catalogue', kind)
  rows.push(
    `database: ${database.url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}${reused ? ` (reused: ${reused})` : ''}`,
  )
  const { db } = createDatabase(database.url)
  const loadStarted = performance.now()
  await migrateToLatest(db)
  if (!reused) {
    await seedDemo(db)
    await seedCatalogueScale(db, CATALOGUE_SCALE)
  }
  const counts = {
    productSkus: Number(
      (
        await db
          .selectFrom('product_skus')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    versions: Number(
      (
        await db
          .selectFrom('buyer_sku_versions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  }
  // A fabric category and line, a busy buyer, and a buyer SKU with four versions from the scale data.
  const category = await db.selectFrom('categories').select('id').where('name', '=', 'Denim').executeTakeFirstOrThrow()
  const line = await db
    .selectFrom('product_lines')
    .select('id')
    .where('name', '=', 'Shirting')
    .executeTakeFirstOrThrow()
  const buyer = await db
    .selectFrom('buyers')
    .select('id')
    .where('name', '=', 'Indigo Threads Retail')
    .executeTakeFirstOrThrow()
  const buyerSku = await db
    .selectFrom('buyer_skus')
    .select('id')
    .where('buyer_code', '=', 'BX-60000')
    .executeTakeFirstOrThrow()
  const seller = await db
    .selectFrom('sellers')
    .select('id')
    .where('name', '=', 'Tiruppur Knit Works')
    .executeTakeFirstOrThrow()
  await db.destroy()
  rows.push(
    `${reused ? 'loaded' : 'scale seed'} (demo + ${counts.productSkus.toLocaleString('en-IN')} product SKUs, ${CATALOGUE_SCALE.sellerSkus.toLocaleString('en-IN')} seller SKUs, ${counts.versions.toLocaleString('en-IN')} buyer SKU versions): ${fmt((performance.now() - loadStarted) / 1000)} s`,
  )

  const server = await startServer({ DATABASE_URL: database.url, NODE_ENV: 'production' }, 3192)
  const staff = await signIn(server.url, 'internal@example.com')
  const admin = await signIn(server.url, 'admin@example.com')
  const kam = await signIn(server.url, 'demand_kam@example.com')
  const pages: [string, string, string][] = [
    ['fabric SKUs', '/skus/fabric_skus', staff],
    ['fabric SKUs, category, by name', `/skus/fabric_skus?category=${category.id}&sort=name`, staff],
    ['fabric SKUs, line, newest first', `/skus/fabric_skus?line=${line.id}&sort=updated&dir=desc`, staff],
    ['fabric SKUs, attribute weave=twill + gsm=180', '/skus/fabric_skus?attr.weave=twill&attr.gsm=180', staff],
    ['fabric SKUs, search "indigo twill"', '/skus/fabric_skus?q=indigo+twill', staff],
    ['fabric SKUs, search "cotton" (a prefix of 60,000 words)', '/skus/fabric_skus?q=cotton', staff],
    ['fabric SKUs, page 200', '/skus/fabric_skus?page=200', staff],
    ['yarn SKUs, any status, by name', '/skus/yarn_skus?status=all&sort=name', staff],
    [
      'compare 3 SKUs',
      `/categories/${category.id}/skus/compare?codes=FAB-DNM-00001+FAB-DNM-00002+FAB-DNM-00003`,
      staff,
    ],
    ['seller SKUs live', '/skus/seller_skus/live', staff],
    ['seller SKUs live, one seller', `/skus/seller_skus/live?seller=%23${seller.id}`, staff],
    ['seller SKUs draft, by cost', '/skus/seller_skus/draft?sort=cost', staff],
    ['buyer SKUs', '/skus/buyer_skus', staff],
    ['buyer SKUs, one buyer + product', `/skus/buyer_skus?buyer=%23${buyer.id}&product=fabric`, staff],
    ['buyer SKUs, search', '/skus/buyer_skus?q=bx-6000', staff],
    ['buyer SKU versions', `/skus/buyer_skus/${buyerSku.id}/versions`, staff],
    ['buyer SKU versions, compare 1 and 4', `/skus/buyer_skus/${buyerSku.id}/versions?a=1&b=4`, staff],
    ['buyer SKU edit', `/skus/buyer_skus/${buyerSku.id}/edit`, staff],
    ['price-change requests (admin)', '/admin/approvals/buyer_skus/pricing_requests', admin],
    ['price-change requests (KAM)', '/demand_kam/approvals/buyer_skus/pricing_requests', kam],
    ['sample SKUs (admin)', '/admin/skus/sample_skus', admin],
  ]
  rows.push(...(await measurePages(server, pages)))
  await server.stop()
  await database.drop()
  return rows
}
