import { z } from 'zod'
import type { PortalKey } from '~/auth/portals'
import { buyerSkuRows, buyerSkusAfter, type BuyerSkuListRow } from '~/features/buyer-skus/list.server'
import { buyerSkuHeader, versionsOf } from '~/features/buyer-skus/queries.server'
import { pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { Refused } from '~/utils/refusal.server'
import { endpoint } from '../endpoint'
import { afterOf, currency, id, idParam, idQuery, instant, paise } from './shared'

// Buyer SKUs and their prices (docs/api.md "Buyer SKUs"): a buyer reads its own active SKUs with the
// price in force (what it orders with POST /master-orders); staff of the main portal read every
// buyer's, as the buyer SKUs list does. Nobody reads a seller or a cost here: a buyer SKU is the
// buyer's agreement with the platform.

const READERS = ['admin', 'main', 'buyer'] as const satisfies readonly PortalKey[]

const sku = z.object({
  id,
  buyer_code: z.string().describe('The buyer’s own code for the item.'),
  item: z.string().describe('The product SKU’s name.'),
  item_code: z.string().describe('The platform’s product SKU code.'),
  product: z.string(),
  unit: z.string(),
  status: z.enum(['active', 'archived']),
  currency,
  price_paise: paise('The unit price in force now').nullable(),
  moq_milli: z.number().int().nullable().describe('The minimum order quantity in force, in thousandths of the unit.'),
  version: z.number().int().nullable().describe('The price version in force now (null before the first starts).'),
  buyer: z.object({ id, name: z.string() }).optional().describe('Staff only.'),
  next_version: z
    .object({ version: z.number().int(), effective_from: instant })
    .nullable()
    .optional()
    .describe('Staff only: a later version already set, and when it takes effect.'),
})

const version = z.object({
  version: z.number().int(),
  buyer_code: z.string(),
  price_paise: paise('Unit price'),
  moq_milli: z.number().int(),
  effective_from: instant,
  in_force: z.boolean(),
  note: z.string().nullable().optional().describe('Staff only: why the price changed.'),
  created_by: z.string().nullable().optional().describe('Staff only.'),
  created_at: instant.optional().describe('Staff only.'),
})

function skuBody(r: BuyerSkuListRow, staff: boolean): z.input<typeof sku> {
  return {
    id: r.id,
    buyer_code: r.buyerCode,
    item: r.productSkuName,
    item_code: r.productSkuCode,
    product: r.productName,
    unit: r.unit,
    status: r.status,
    currency: 'INR',
    price_paise: r.priceMinor === null ? null : Number(r.priceMinor),
    moq_milli: r.moqMilli === null ? null : Number(r.moqMilli),
    version: r.versionInForce,
    ...(staff
      ? {
          buyer: { id: r.buyerId, name: r.buyerName },
          next_version: r.waiting ? { version: r.waiting.number, effective_from: r.waiting.effectiveFrom } : null,
        }
      : {}),
  }
}

export const buyerSkuEndpoints = [
  endpoint({
    id: 'listBuyerSkus',
    method: 'GET',
    path: '/buyer-skus',
    tag: 'Buyer SKUs',
    summary: 'List buyer SKUs and their prices',
    description: [
      'A buyer lists its own active SKUs, each with the unit price and MOQ in force now: the lines it may',
      'order. Staff list every buyer’s (`buyer_id`, `status`: active, archived or all), with the version',
      'set to take effect later. `q` matches the buyer’s code, or the item’s code or words. Newest first.',
    ].join(' '),
    scope: 'catalogue:read',
    portals: READERS,
    query: z.object({
      q: z.string().max(100).optional().describe('Words or the start of a code.'),
      buyer_id: idQuery('Staff: only this buyer’s SKUs.'),
      status: z
        .enum(['active', 'archived', 'all'])
        .optional()
        .describe('Staff: active (the default), archived or all.'),
      ...pageQuery,
    }),
    response: pageSchema(sku),
    examples: [
      { name: 'buyer', summary: 'The buyer’s SKUs', as: 'buyer@example.com', query: { limit: 5 }, status: 200 },
    ],
    handle: async ({ db, viewer, portal, query }) => {
      const staff = portal !== 'buyer'
      const buyerId = staff ? (query.buyer_id ?? null) : viewer.company?.kind === 'buyer' ? viewer.company.id : -1
      const rows = await buyerSkusAfter(
        db,
        { status: staff ? (query.status ?? 'active') : 'active', q: (query.q ?? '').trim() },
        { buyerId, productId: null },
        afterOf(query.cursor)?.id ?? null,
        query.limit + 1,
      )
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return { data: page.data.map((r) => skuBody(r, staff)), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'getBuyerSku',
    method: 'GET',
    path: '/buyer-skus/{buyerSkuId}',
    tag: 'Buyer SKUs',
    summary: 'Read a buyer SKU with its price versions',
    description: [
      'One buyer SKU with its price and MOQ in force and its versions, newest first. A buyer reads its own',
      'active SKUs and the versions that have taken effect; staff read any, with every version (those set to',
      'start later too), who set it and why. Another buyer’s SKU is 404.',
    ].join(' '),
    scope: 'catalogue:read',
    portals: READERS,
    params: z.object({ buyerSkuId: idParam }),
    response: sku.extend({ versions: z.array(version) }),
    examples: [
      {
        name: 'missing',
        summary: 'A SKU that is not the buyer’s',
        as: 'buyer@example.com',
        params: { buyerSkuId: 999999999 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const staff = portal !== 'buyer'
      const header = await buyerSkuHeader(db, params.buyerSkuId)
      const mine = viewer.company?.kind === 'buyer' && header?.buyer_id === viewer.company.id
      if (!header || (!staff && (!mine || header.status !== 'active')))
        throw Refused.notFound('There is no such buyer SKU, or it is not yours to read.')
      const now = new Date().toISOString()
      const [row] = await buyerSkuRows(db, [header.id], now)
      const versions = (await versionsOf(db, header.id)).filter((v) => staff || v.effective_from <= now)
      return {
        ...skuBody(row!, staff),
        versions: versions.map((v) => ({
          version: v.number,
          buyer_code: v.buyer_code,
          price_paise: Number(v.price_minor),
          moq_milli: Number(v.moq_milli),
          effective_from: v.effective_from,
          in_force: v.number === row!.versionInForce,
          ...(staff ? { note: v.note, created_by: v.created_by_name, created_at: v.created_at } : {}),
        })),
      }
    },
  }),
]
