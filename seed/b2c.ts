import { audit } from '~/platform/audit.server'
import { syncSearch } from '~/platform/search.server'
import type { Database } from '#db/database'
import { dayAt } from './clock'

// Buyers not registered for GST (issue 52, docs/domain.md "Demo data and production"): two boutiques
// that buy yarn for their own weaving, so that the demo's year has B2C documents for GSTR-1's b2cl,
// b2cs and cdnur sections and Table 12's hsn_b2c. A company may trade without a GSTIN when it is
// marked "not registered for GST" with a reason (docs/domain.md "Companies"); its invoices are not
// e-invoiced. Its orders are placed, moved and invoiced in the year of logistics (./logistics.ts),
// through the same functions as the registered buyers', and among them in time.

export const B2C_BUYERS = [
  {
    name: 'Casa Tecido Boutique',
    legal: 'Casa Tecido Boutique (proprietor Maria Fernandes)',
    reason: 'Turnover below the registration threshold (section 22, CGST Act)',
    city: 'Panaji',
    state: 'Goa',
    pin: '403001',
    line1: 'Shop 4, 18th June Road',
  },
  {
    name: 'Kasturi Handloom Studio',
    legal: 'Kasturi Handloom Studio (proprietor Anjali Deshpande)',
    reason: 'Turnover below the registration threshold (section 22, CGST Act)',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '411004',
    line1: '12, Prabhat Road, Erandwane',
  },
] as const

/**
 * What the boutiques order over the year: in which month of the year loop (12 = a year ago), which of
 * the demo's offered yarns (index into the first buyer's first SKUs, which the demo's sellers offer),
 * at what price per kg to the boutique, and how many kg. Every consignment is worth more than ₹50,000
 * (both miles carry an e-way bill, as all the demo's do). The Goa boutique's inter-state invoices are
 * below ₹1,00,000 (b2cs) but one (b2cl, credited in part after delivery: cdnur); the Pune studio's
 * are intra-state in Maharashtra (b2cs INTRA).
 */
export const B2C_ORDERS: {
  month: number
  buyer: 0 | 1
  sku: number
  priceRupees: number
  kg: number
  credit?: true
}[] = [
  { month: 10, buyer: 0, sku: 4, priceRupees: 290, kg: 300 },
  { month: 8, buyer: 1, sku: 3, priceRupees: 145, kg: 600 },
  { month: 7, buyer: 0, sku: 2, priceRupees: 1050, kg: 300, credit: true },
  { month: 4, buyer: 0, sku: 1, priceRupees: 205, kg: 400 },
  { month: 2, buyer: 1, sku: 4, priceRupees: 290, kg: 300 },
]

/** The boutiques, with their addresses and the yarns they buy: their ids, in B2C_BUYERS' order. */
export async function seedB2cBuyers(db: Database, skusOfFirstBuyer: number[]): Promise<number[]> {
  const kam = await db.selectFrom('users').select('id').where('email', '=', 'kam.neha@example.com').executeTakeFirst()
  const admin = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select('u.id')
    .where('r.role', '=', 'admin')
    .orderBy('u.id')
    .executeTakeFirstOrThrow()
  const created = dayAt(-400, 11).toISOString()
  const ids: number[] = []
  for (const [i, b] of B2C_BUYERS.entries()) {
    const id = await db.transaction().execute(async (trx) => {
      const buyer = await trx
        .insertInto('buyers')
        .values({
          name: b.name,
          legal_name: b.legal,
          gstin: null,
          gst_unregistered: 1,
          gst_unregistered_reason: b.reason,
          contact_email: `orders@${b.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
          contact_phone: `94${String(22334450 + i).padStart(8, '0')}`,
          status: 'active',
          kam_user_id: kam?.id ?? null,
          credit_limit_minor: 5_00_000_00,
          payment_terms_days: 15,
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('addresses')
        .values(
          (['billing', 'shipping'] as const).map((kind) => ({
            buyer_id: buyer.id,
            kind,
            label: kind === 'billing' ? 'Shop' : 'Workshop',
            line1: b.line1,
            city: b.city,
            state: b.state,
            pin: b.pin,
            is_default: 1,
          })),
        )
        .execute()
      // The yarns it buys: the demo's offered SKUs, at the boutique's own prices (one version each).
      for (const [k, productSkuId] of skusOfFirstBuyer.entries()) {
        const sku = await trx
          .selectFrom('product_skus')
          .select(['product_id'])
          .where('id', '=', productSkuId)
          .executeTakeFirstOrThrow()
        const price = B2C_ORDERS.find((o) => o.buyer === i && o.sku === k)?.priceRupees
        if (price === undefined) continue
        const code = `${i === 0 ? 'CT' : 'KH'}-${String(100 + k)}`
        const row = await trx
          .insertInto('buyer_skus')
          .values({
            buyer_id: buyer.id,
            product_sku_id: productSkuId,
            product_id: sku.product_id,
            buyer_code: code,
            current_version: 1,
            created_at: created,
            updated_at: created,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('buyer_sku_versions')
          .values({
            buyer_sku_id: row.id,
            number: 1,
            buyer_code: code,
            price_minor: price * 100,
            moq_milli: 100_000,
            note: 'Agreed at onboarding',
            effective_from: created,
            created_by: admin.id,
            created_at: created,
          })
          .execute()
        await syncSearch(trx, 'buyer_sku', row.id)
      }
      await syncSearch(trx, 'buyer', buyer.id)
      await audit(trx, {
        actorUserId: null,
        action: 'buyer.seeded',
        entityType: 'buyer',
        entityId: buyer.id,
        after: { name: b.name, status: 'active', gstUnregistered: true },
        note: 'demo data',
      })
      return buyer.id
    })
    ids.push(id)
  }
  return ids
}
