import { sql } from 'kysely'
import type { SellerSkuStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { STAFF_VIEWER } from '../audit/tell'
import { historyOf } from '~/features/audit/history.server'
import { rupeesInput } from '~/utils/money'
import { quantityInput } from '~/utils/quantity'
import { publishGaps } from './rules'

/** One offer with what its page shows of its seller, product SKU and product. */
export function sellerSkuRecord(db: Executor, id: number) {
  return db
    .selectFrom('seller_skus')
    .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
    .innerJoin('product_skus', 'product_skus.id', 'seller_skus.product_sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'seller_skus.id',
      'seller_skus.seller_id',
      'seller_skus.product_sku_id',
      'seller_skus.seller_code',
      'seller_skus.cost_minor',
      'seller_skus.moq_milli',
      'seller_skus.monthly_capacity_milli',
      'seller_skus.lead_time_days',
      'seller_skus.status',
      'seller_skus.published_at',
      'seller_skus.created_at',
      'seller_skus.updated_at',
      'sellers.name as seller_name',
      'sellers.status as seller_status',
      'product_skus.code as product_sku_code',
      'product_skus.name as product_sku_name',
      'product_skus.status as product_sku_status',
      'products.name as product_name',
      'products.unit',
    ])
    .where('seller_skus.id', '=', id)
    .executeTakeFirst()
}

export type SellerSkuRecord = NonNullable<Awaited<ReturnType<typeof sellerSkuRecord>>>

export async function sellerSkuExists(db: Executor, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('seller_skus').select('id').where('id', '=', id).executeTakeFirst())
}

/** What publishing a stored offer still needs, by form field. */
export const gapsOf = (offer: SellerSkuRecord) =>
  publishGaps({
    sellerCode: offer.seller_code,
    costMinor: offer.cost_minor,
    moqMilli: offer.moq_milli,
    monthlyCapacityMilli: offer.monthly_capacity_milli,
    leadTimeDays: offer.lead_time_days,
    sellerActive: offer.seller_status === 'active',
    productSkuActive: offer.product_sku_status === 'active',
  })

/** Everything the edit page shows: the offer, its form values, what publishing needs, its history. */
export async function sellerSkuEditPage(db: Executor, id: number) {
  const offer = await sellerSkuRecord(db, id)
  if (!offer) return null
  return {
    offer,
    version: offer.updated_at,
    values: {
      sellerCode: offer.seller_code ?? '',
      cost: offer.cost_minor === null ? '' : rupeesInput(offer.cost_minor),
      moq: offer.moq_milli === null ? '' : quantityInput(offer.moq_milli),
      monthlyCapacity: offer.monthly_capacity_milli === null ? '' : quantityInput(offer.monthly_capacity_milli),
      leadTimeDays: offer.lead_time_days === null ? '' : String(offer.lead_time_days),
    },
    gaps: offer.status === 'draft' ? gapsOf(offer) : {},
    history: await historyOf(db, STAFF_VIEWER, 'seller_sku', id),
  }
}

/** A product SKU by its code, any case (codes are kept in capitals). */
export function productSkuByCode(db: Executor, code: string) {
  return db
    .selectFrom('product_skus')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select(['product_skus.id', 'product_skus.code', 'product_skus.name', 'product_skus.status', 'products.unit'])
    .where('product_skus.code', '=', code.trim().toUpperCase())
    .executeTakeFirst()
}

/** The seller's other offer of the same product SKU that is not archived, if any (one per seller and SKU). */
export function otherOpenOffer(db: Executor, sellerId: number, productSkuId: number, exceptId?: number) {
  return db
    .selectFrom('seller_skus')
    .select(['id', 'status'])
    .where('product_sku_id', '=', productSkuId)
    .where('seller_id', '=', sellerId)
    .where('status', 'in', ['draft', 'live'] satisfies SellerSkuStatus[])
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
}

/** The units of the active products, for the create form's hint (the quantity is in its product's unit). */
export function productUnits(db: Executor) {
  return db.selectFrom('products').select(['name', 'unit']).where('active', '=', 1).orderBy(sql.ref('name')).execute()
}
