import { refreshAfterBulkLoad } from '#db/dialect.js'
import { reindexAll } from '~/platform/search.server'
import type { Database } from '#db/database'
import { CATALOGUE, generateSku, randomSource } from './catalogue'

// The catalogue at scale (npm run bench, npm run db:seed:scale): on top of the demo data,
// product SKUs spread over every category, their indexed attribute values, seller offers, and
// buyer SKUs with several versions each. Plain batched Kysely inserts, portable to PostgreSQL.

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

export interface CatalogueScale {
  productSkus: number
  sellerSkus: number
  buyerSkus: number
  versionsPerBuyerSku: number
}

export async function seedCatalogueScale(db: Database, scale: CatalogueScale): Promise<void> {
  const random = randomSource(7)
  const categories = await db
    .selectFrom('categories')
    .innerJoin('products', 'products.id', 'categories.product_id')
    .select(['categories.id', 'categories.product_id', 'categories.name', 'products.slug'])
    .orderBy('categories.id')
    .execute()
  const lines = await db.selectFrom('product_lines').select(['id', 'product_id', 'name']).execute()
  const codeOf = (slug: string, name: string) => CATALOGUE[slug]?.categories.find((c) => c.name === name)
  const buyers = (
    await db.selectFrom('buyers').select('id').where('status', '=', 'active').orderBy('id').limit(40).execute()
  ).map((r) => r.id)
  const sellers = (
    await db.selectFrom('sellers').select('id').where('status', '=', 'active').orderBy('id').execute()
  ).map((r) => r.id)
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirstOrThrow()
  const start = Date.UTC(2025, 0, 1)

  // Product SKUs, 5,000 at a time, each with its attribute rows.
  const firstSku =
    ((
      await db
        .selectFrom('product_skus')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0) + 1
  const chunk = 5_000
  for (let offset = 0; offset < scale.productSkus; offset += chunk) {
    await db.transaction().execute(async (trx) => {
      const skus: Record<string, unknown>[] = []
      const attributes: { product_sku_id: number; key: string; value: string }[] = []
      for (let i = offset; i < Math.min(offset + chunk, scale.productSkus); i++) {
        const category = categories[i % categories.length]
        const plan = codeOf(category.slug, category.name)
        const generated = generateSku(
          category.slug,
          { code: `${plan?.code ?? 'GEN'}X`, name: category.name },
          100_000 + i,
          random,
        )
        const id = firstSku + i
        const line = lines.find((l) => l.product_id === category.product_id && l.name === plan?.line)
        const at = new Date(start + i * 97_000).toISOString()
        skus.push({
          id,
          product_id: category.product_id,
          category_id: category.id,
          product_line_id: line?.id ?? null,
          code: generated.code,
          name: generated.name,
          attributes_json: JSON.stringify(generated.attributes),
          moq_milli: generated.moqMilli,
          status: i % 20 === 0 ? 'archived' : 'active',
          created_at: at,
          updated_at: at,
        })
        for (const [key, value] of Object.entries(generated.attributes))
          attributes.push({ product_sku_id: id, key, value: value.toLowerCase() })
      }
      await inBatches(skus, 300, (batch) =>
        trx
          .insertInto('product_skus')
          .values(batch as never)
          .execute(),
      )
      await inBatches(attributes, 300, (batch) => trx.insertInto('product_sku_attributes').values(batch).execute())
    })
  }
  const skuCount = scale.productSkus

  await db.transaction().execute(async (trx) => {
    // Seller offers: each of a seller's offers is a different SKU.
    const offers: Record<string, unknown>[] = []
    for (let i = 0; i < scale.sellerSkus; i++) {
      const status = i % 10 < 7 ? 'live' : i % 10 < 9 ? 'draft' : 'archived'
      const at = new Date(start + i * 211_000).toISOString()
      offers.push({
        seller_id: sellers[i % sellers.length],
        product_sku_id: firstSku + ((i * 7919) % skuCount),
        seller_code: `SC-${i}`,
        cost_minor: 5_000 + (i % 900) * 100,
        moq_milli: 500_000,
        lead_time_days: 21,
        monthly_capacity_milli: 50_000_000,
        status,
        published_at: status === 'draft' ? null : at,
        created_at: at,
        updated_at: at,
      })
    }
    await inBatches(offers, 300, (batch) =>
      trx
        .insertInto('seller_skus')
        .values(batch as never)
        .execute(),
    )
  })

  // Buyer SKUs with their versions, 5,000 SKUs at a time.
  const firstBuyerSku =
    ((
      await db
        .selectFrom('buyer_skus')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0) + 1
  for (let offset = 0; offset < scale.buyerSkus; offset += chunk) {
    await db.transaction().execute(async (trx) => {
      const buyerSkus: Record<string, unknown>[] = []
      const versions: Record<string, unknown>[] = []
      for (let i = offset; i < Math.min(offset + chunk, scale.buyerSkus); i++) {
        const id = firstBuyerSku + i
        const code = `BX-${i}`
        const at = new Date(start + i * 173_000).toISOString()
        buyerSkus.push({
          id,
          buyer_id: buyers[i % buyers.length],
          product_sku_id: firstSku + ((i * 104_729) % skuCount),
          // Product SKU k of the scale data is in category k mod the number of categories.
          product_id: categories[((i * 104_729) % skuCount) % categories.length].product_id,
          buyer_code: code,
          current_version: scale.versionsPerBuyerSku,
          created_at: at,
          updated_at: at,
        })
        let price = 10_000 + (i % 1000) * 100
        for (let v = 1; v <= scale.versionsPerBuyerSku; v++) {
          const effective = new Date(start + i * 173_000 + v * 30 * 86_400_000).toISOString()
          versions.push({
            buyer_sku_id: id,
            number: v,
            buyer_code: code,
            price_minor: price,
            moq_milli: 500_000,
            note: v === 1 ? 'Onboarding price' : 'Rate revision',
            effective_from: effective,
            created_by: admin.id,
            created_at: effective,
          })
          price += 200
        }
      }
      await inBatches(buyerSkus, 300, (batch) =>
        trx
          .insertInto('buyer_skus')
          .values(batch as never)
          .execute(),
      )
      await inBatches(versions, 300, (batch) =>
        trx
          .insertInto('buyer_sku_versions')
          .values(batch as never)
          .execute(),
      )
    })
  }

  await db.transaction().execute(async (trx) => {
    for (const entity of ['product_sku', 'seller_sku', 'buyer_sku'] as const) await reindexAll(trx, entity)
  })
  await refreshAfterBulkLoad(db)
}

/** The scale: 200,000 product SKUs and 125,000 buyer SKUs × 4 = 500,000 versions. */
export const CATALOGUE_SCALE: CatalogueScale = {
  productSkus: 200_000,
  sellerSkus: 100_000,
  buyerSkus: 125_000,
  versionsPerBuyerSku: 4,
}
