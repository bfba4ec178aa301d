import { z } from 'zod'
import { createSellerSku, updateSellerSku } from '~/features/seller-skus/mutations.server'
import { listSellerSkuRecords, sellerSkuById, type SellerSkuRecordRow } from '~/features/seller-skus/records.server'
import { createSellerSkuSchema, editSellerSkuSchema } from '~/features/seller-skus/schema'
import { decodeCursor, pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { ApiProblem } from '~/platform/api/problem'
import { rupeesInput } from '~/utils/money'
import { quantityInput } from '~/utils/quantity'
import { answer, endpoint } from '../endpoint'
import { CATALOGUE_PORTALS } from './catalogue'
import { settledAt, throughForm, typed, type FieldNames } from './through-forms'

// Seller SKUs (a seller's offer of a product SKU: its code, cost, MOQ, monthly capacity and lead
// time) as the catalogue's staff keep them (issue 40), through the pages' schemas and mutations: a
// draft may lack terms, a live offer has them all (the publish rules), one open offer per seller and
// product SKU, and a cost update is a save of the offer's terms.

const id = z.number().int()
const instant = z.string().describe('An ISO-8601 UTC timestamp.')

const sellerSkuSchema = z.object({
  id,
  seller: z.object({ id, name: z.string() }),
  product_sku: z.object({ id, code: z.string(), name: z.string() }),
  unit: z.string(),
  seller_code: z.string().nullable(),
  cost_paise: z.number().int().nullable().describe('The seller’s cost per unit in paise, before GST.'),
  moq_milli: z.number().int().nullable().describe('In thousandths of the unit.'),
  monthly_capacity_milli: z.number().int().nullable().describe('In thousandths of the unit.'),
  lead_time_days: z.number().int().nullable(),
  status: z.enum(['draft', 'live', 'archived']),
  published_at: instant.nullable(),
  created_at: instant,
  updated_at: instant.describe(
    'Also the record’s version: send it as `version` in a PATCH to change only what you read.',
  ),
})

const bodyOf = (r: SellerSkuRecordRow): z.input<typeof sellerSkuSchema> => ({
  id: r.id,
  seller: r.seller,
  product_sku: r.productSku,
  unit: r.unit,
  seller_code: r.sellerCode,
  cost_paise: r.costMinor,
  moq_milli: r.moqMilli,
  monthly_capacity_milli: r.monthlyCapacityMilli,
  lead_time_days: r.leadTimeDays,
  status: r.status,
  published_at: r.publishedAt,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
})

const NAMES: FieldNames = {
  seller: 'seller_id',
  productSku: 'product_sku_id',
  sellerCode: 'seller_code',
  cost: 'cost_paise',
  moq: 'moq_milli',
  monthlyCapacity: 'monthly_capacity_milli',
  leadTimeDays: 'lead_time_days',
  intent: 'publish',
  version: 'version',
}

const terms = {
  seller_code: z.string().max(60).nullable().optional().describe('The seller’s own code for it.'),
  cost_paise: z.number().int().min(0).nullable().optional().describe('The cost per unit in paise (above 0).'),
  moq_milli: z.number().int().min(0).nullable().optional().describe('In thousandths of the unit (above 0).'),
  monthly_capacity_milli: z
    .number()
    .int()
    .min(0)
    .nullable()
    .optional()
    .describe('In thousandths of the unit (above 0).'),
  lead_time_days: z.number().int().nullable().optional().describe('Whole days, 1 to 365.'),
}

const createBody = z.object({
  seller_id: id.positive().describe('An active seller.'),
  product_sku_id: id.positive().describe('An active product SKU.'),
  ...terms,
  publish: z
    .boolean()
    .optional()
    .describe('true: live at once (every term is then required, each missing one 422 at its field); else a draft.'),
})

const patchBody = z.object({
  ...terms,
  version: z
    .string()
    .max(40)
    .optional()
    .describe('The `updated_at` you read: when given, a change made since is refused (409) rather than overwritten.'),
})

type Terms = { [K in keyof typeof terms]?: number | string | null }
/** The terms as the offer form carries them: text, absent where empty. */
const termsAsTyped = (t: Terms) => ({
  sellerCode: t.seller_code ?? undefined,
  cost: typed(t.cost_paise as number | null | undefined, rupeesInput),
  moq: typed(t.moq_milli as number | null | undefined, quantityInput),
  monthlyCapacity: typed(t.monthly_capacity_milli as number | null | undefined, quantityInput),
  leadTimeDays: typed(t.lead_time_days as number | null | undefined, String),
})

const listQuery = z.object({
  status: z.enum(['draft', 'live', 'archived']).optional(),
  seller_id: z.coerce.number().int().positive().optional(),
  product_sku_id: z.coerce.number().int().positive().optional(),
  ...pageQuery,
})

export const sellerSkuEndpoints = [
  endpoint({
    id: 'listSellerSkus',
    method: 'GET',
    path: '/seller-skus',
    tag: 'Catalogue',
    summary: 'List seller SKUs (offers)',
    description:
      'Sellers’ offers of product SKUs, newest first, a page at a time, filtered by status, seller and product SKU. Staff of the catalogue only: costs are not for buyers.',
    scope: 'catalogue:read',
    portals: CATALOGUE_PORTALS,
    query: listQuery,
    response: pageSchema(sellerSkuSchema),
    examples: [
      {
        name: 'live',
        summary: 'A seller’s live offers',
        as: 'admin@example.com',
        query: { status: 'live', seller_id: 1, limit: 10 },
        status: 200,
      },
    ],
    handle: async ({ db, query }) => {
      const rows = await listSellerSkuRecords(db, {
        status: query.status,
        sellerId: query.seller_id,
        productSkuId: query.product_sku_id,
        beforeId: query.cursor ? decodeCursor(query.cursor)?.id : undefined,
        take: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return { data: page.data.map(bodyOf), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'createSellerSku',
    method: 'POST',
    path: '/seller-skus',
    tag: 'Catalogue',
    summary: 'Create a seller SKU (an offer)',
    description:
      'Records a seller’s offer of a product SKU, as a draft or (with `publish: true`) live, checked as the create page checks it: an active seller and product SKU, one open offer per seller and product SKU (422 at /product_sku_id naming the other), each term in range, and for a live one every term. Answers 201 with the offer and its Location.',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    body: createBody,
    response: sellerSkuSchema,
    status: 201,
    examples: [
      {
        name: 'live-offer',
        summary: 'A mill’s live offer of a shirting SKU (a second run on the same database is 422: the offer exists)',
        as: 'admin@example.com',
        body: {
          seller_id: 1,
          product_sku_id: 2,
          seller_code: 'MILL-OFFER-7781',
          cost_paise: 31000,
          moq_milli: 500000,
          monthly_capacity_milli: 20000000,
          lead_time_days: 21,
          publish: true,
        },
        status: 201,
      },
    ],
    handle: async ({ db, viewer, body, idempotencyKey }) => {
      const form = throughForm(
        createSellerSkuSchema,
        {
          seller: `#${body.seller_id}`,
          productSku: `#${body.product_sku_id}`,
          ...termsAsTyped(body),
          intent: body.publish ? 'publish' : 'draft',
          idempotencyKey: idempotencyKey ?? undefined,
        },
        NAMES,
      )
      const made = settledAt(await createSellerSku(db, { userId: viewer.userId }, form), NAMES)
      const record = await sellerSkuById(db, made.id)
      return answer(bodyOf(record!), { status: 201, location: `/api/v1/seller-skus/${made.id}` })
    },
  }),
  endpoint({
    id: 'updateSellerSku',
    method: 'PATCH',
    path: '/seller-skus/{sellerSkuId}',
    tag: 'Catalogue',
    summary: 'Change a seller SKU’s terms (a cost update)',
    description:
      'Saves the terms sent over the offer’s (null clears one; absent keeps it), as the edit page does: a live offer must keep every term (422 at the field), an archived one is restored on its page before it changes (409). The history records what changed. With `version`, a change someone made since is refused (409).',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    params: z.object({ sellerSkuId: z.coerce.number().int().positive() }),
    body: patchBody,
    response: sellerSkuSchema,
    examples: [
      {
        name: 'cost',
        summary: 'A mill’s new cost for a live offer',
        as: 'admin@example.com',
        params: { sellerSkuId: 1 },
        body: { cost_paise: 48500 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, params, body }) => {
      const current = await sellerSkuById(db, params.sellerSkuId)
      if (!current) throw ApiProblem.of('not-found', 'There is no such seller SKU.')
      const merged: Terms = {
        seller_code: current.sellerCode,
        cost_paise: current.costMinor,
        moq_milli: current.moqMilli,
        monthly_capacity_milli: current.monthlyCapacityMilli,
        lead_time_days: current.leadTimeDays,
      }
      for (const key of Object.keys(terms) as (keyof typeof terms)[])
        if (body[key] !== undefined) merged[key] = body[key]
      const form = throughForm(
        editSellerSkuSchema,
        { ...termsAsTyped(merged), version: body.version ?? current.updatedAt },
        NAMES,
      )
      settledAt(await updateSellerSku(db, { userId: viewer.userId }, params.sellerSkuId, form), NAMES)
      return bodyOf((await sellerSkuById(db, params.sellerSkuId))!)
    },
  }),
]
