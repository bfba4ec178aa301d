import { z } from 'zod'
import type { Database } from '#db/database'
import { createBuyerSku, saveBuyerSku } from '~/features/buyer-skus/mutations.server'
import { buyerSkuHeader } from '~/features/buyer-skus/queries.server'
import { createBuyerSkuSchema, editBuyerSkuSchema } from '~/features/buyer-skus/schema'
import { versionInForce } from '~/features/buyer-skus/versions.server'
import { ApiProblem } from '~/platform/api/problem'
import { rupeesInput } from '~/utils/money'
import { quantityInput } from '~/utils/quantity'
import { answer, endpoint } from '../endpoint'
import { CATALOGUE_PORTALS } from './catalogue'
import { settledAt, throughForm, type FieldNames } from './through-forms'

// Buyer SKUs written by the catalogue's staff (issue 40), through the pages' schemas and mutations:
// a buyer's own code for a product SKU with its price and MOQ, kept as versions. A change of price,
// code or MOQ is a new version in force from now (the page's save); a price lowered below the
// category's margin floor is not saved but made a price-change request for an admin, and one below
// the cost is refused. Reading buyer SKUs and their prices is GET /buyer-skus (another group).

const id = z.number().int()

const buyerSkuWritten = z.object({
  id,
  buyer: z.object({ id, name: z.string() }),
  product_sku: z.object({ id, code: z.string(), name: z.string() }),
  unit: z.string(),
  buyer_code: z.string(),
  status: z.enum(['active', 'archived']),
  current_version: z.number().int().describe('The latest version’s number.'),
  price_paise: z.number().int().nullable().describe('The price per unit in force now, in paise, before GST.'),
  moq_milli: z.number().int().nullable().describe('The MOQ in force now, in thousandths of the unit.'),
  effective_from: z.string().nullable().describe('Since when the version in force applies (ISO-8601 UTC).'),
})

async function buyerSkuBody(db: Database, buyerSkuId: number): Promise<z.input<typeof buyerSkuWritten>> {
  const [header, version] = await Promise.all([buyerSkuHeader(db, buyerSkuId), versionInForce(db, buyerSkuId)])
  if (!header) throw ApiProblem.of('not-found', 'There is no such buyer SKU.')
  return {
    id: header.id,
    buyer: { id: header.buyer_id, name: header.buyer_name },
    product_sku: { id: header.product_sku_id, code: header.sku_code, name: header.sku_name },
    unit: header.unit,
    buyer_code: version?.buyer_code ?? header.buyer_code,
    status: header.status,
    current_version: header.current_version,
    price_paise: version ? Number(version.price_minor) : null,
    moq_milli: version ? Number(version.moq_milli) : null,
    effective_from: version?.effective_from ?? null,
  }
}

const NAMES: FieldNames = {
  buyer: 'buyer_id',
  productSkuCode: 'product_sku_id',
  buyerCode: 'buyer_code',
  price: 'price_paise',
  moq: 'moq_milli',
  note: 'note',
  expectedCurrent: 'expected_version',
}

const createBody = z.object({
  buyer_id: id.positive().describe('An active buyer.'),
  product_sku_id: id.positive().describe('An active product SKU.'),
  buyer_code: z
    .string()
    .max(60)
    .describe('The buyer’s own code for it, unique per buyer (422 at /buyer_code when taken).'),
  price_paise: z.number().int().min(0).describe('The price per unit in paise, before GST (above 0).'),
  moq_milli: z.number().int().min(0).describe('The minimum order quantity in thousandths of the unit (above 0).'),
  note: z.string().max(500).optional().describe('Kept with version 1.'),
})

const patchBody = z.object({
  buyer_code: z.string().max(60).optional(),
  price_paise: z.number().int().min(0).optional(),
  moq_milli: z.number().int().min(0).optional(),
  note: z.string().max(500).optional().describe('Kept with the new version.'),
  expected_version: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'The `current_version` you read: when given, a version added since is refused (409) rather than overwritten.',
    ),
})

export const buyerSkuWriteEndpoints = [
  endpoint({
    id: 'createBuyerSku',
    method: 'POST',
    path: '/buyer-skus',
    tag: 'Catalogue',
    summary: 'Create a buyer SKU',
    description:
      'Gives a buyer its own code, price and MOQ for a product SKU: version 1, in force now. Checked as the create page checks it: an active buyer (422 at /buyer_id), an active product SKU (/product_sku_id), the buyer’s code unique for that buyer (/buyer_code), a price and MOQ above 0. Answers 201 with the buyer SKU and its Location.',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    body: createBody,
    response: buyerSkuWritten,
    status: 201,
    examples: [
      {
        name: 'new',
        summary:
          'Indigo Threads’ own code for a shirting SKU (a second run on the same database is 422: the code is taken)',
        as: 'admin@example.com',
        body: { buyer_id: 1, product_sku_id: 1, buyer_code: 'IT-API-001', price_paise: 52000, moq_milli: 300000 },
        status: 201,
      },
    ],
    handle: async ({ db, viewer, body, idempotencyKey }) => {
      const form = throughForm(
        createBuyerSkuSchema,
        {
          buyer: `#${body.buyer_id}`,
          productSkuCode: `#${body.product_sku_id}`,
          buyerCode: body.buyer_code,
          price: rupeesInput(body.price_paise),
          moq: quantityInput(body.moq_milli),
          note: body.note,
          idempotencyKey: idempotencyKey ?? undefined,
        },
        NAMES,
      )
      const made = settledAt(await createBuyerSku(db, { userId: viewer.userId }, form), NAMES)
      return answer(await buyerSkuBody(db, made.id), { status: 201, location: `/api/v1/buyer-skus/${made.id}` })
    },
  }),
  endpoint({
    id: 'updateBuyerSku',
    method: 'PATCH',
    path: '/buyer-skus/{buyerSkuId}',
    tag: 'Catalogue',
    summary: 'Change a buyer SKU’s code, price or MOQ',
    description:
      'Saves the fields sent over the version in force as a new version, in force now, as the edit page does (`new_version`; null when nothing changed). The approval rules apply: a price below the cost is refused (422 at /price_paise); a price lowered so that the margin falls below the category’s floor is not saved but made a price-change request waiting for an admin (`price_change_request_id`; the other changes are saved at the price in force), and with a request already waiting such a price is refused. An archived buyer SKU is refused (409).',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    params: z.object({ buyerSkuId: z.coerce.number().int().positive() }),
    body: patchBody,
    response: z.object({
      new_version: z
        .number()
        .int()
        .nullable()
        .describe('The number of the version this made; null when nothing changed.'),
      price_change_request_id: z
        .number()
        .int()
        .nullable()
        .describe('The price-change request made instead of saving a price below the margin floor; null otherwise.'),
      buyer_sku: buyerSkuWritten,
    }),
    examples: [
      {
        name: 'raise-price',
        summary: 'Raise a price: a new version in force now',
        as: 'admin@example.com',
        params: { buyerSkuId: 3 },
        body: { price_paise: 110000, note: 'Cotton prices rose' },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, params, body }) => {
      const current = await buyerSkuBody(db, params.buyerSkuId)
      const form = throughForm(
        editBuyerSkuSchema,
        {
          intent: 'save',
          buyerCode: body.buyer_code ?? current.buyer_code,
          price: rupeesInput(body.price_paise ?? current.price_paise ?? 0),
          moq: quantityInput(body.moq_milli ?? current.moq_milli ?? 0),
          note: body.note,
          expectedCurrent: body.expected_version ?? current.current_version,
        },
        NAMES,
      )
      const { intent: _intent, ...input } = form
      const saved = settledAt(await saveBuyerSku(db, { userId: viewer.userId }, params.buyerSkuId, input), NAMES)
      return {
        new_version: saved.number,
        price_change_request_id: saved.requestId ?? null,
        buyer_sku: await buyerSkuBody(db, params.buyerSkuId),
      }
    },
  }),
]
