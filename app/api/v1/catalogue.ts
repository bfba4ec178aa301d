import { z } from 'zod'
import type { Database } from '#db/database'
import { createProductSku, updateProductSku } from '~/features/product-skus/mutations.server'
import { productOfSkusSegment, productSkuForEdit, type SkuProduct } from '~/features/product-skus/queries.server'
import { listProductSkuRecords, productSkuById, type ProductSkuRecordRow } from '~/features/product-skus/records.server'
import { productSkuFormSchema } from '~/features/product-skus/schema'
import { skusSegment } from '~/features/product-skus/shared'
import { decodeCursor, pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { ApiProblem } from '~/platform/api/problem'
import { quantityInput } from '~/utils/quantity'
import { Refused } from '~/utils/refusal.server'
import { answer, endpoint } from '../endpoint'
import { settledAt, throughForm, type FieldNames } from './through-forms'

// The staff catalogue (issue 40): product SKUs here, buyer and seller SKUs in catalogue-buyer-skus.ts
// and catalogue-seller-skus.ts. Who may: the users of the main portal's catalogue pages (/skus/…,
// requirePortal 'main': internal staff, and admin); a catalog manager's own portal holds sample SKUs
// only (docs/domain.md "Role x section"), and buyers and sellers never change the catalogue (403).
// Writes go through the pages' form schemas and mutations (through-forms.ts).

/** The portals whose users change the catalogue at the pages, widest first. */
export const CATALOGUE_PORTALS = ['admin', 'main'] as const

const id = z.number().int()
const instant = z.string().describe('An ISO-8601 UTC timestamp.')

const productSkuSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  status: z.enum(['active', 'archived']),
  product: z.object({
    id,
    slug: z.string(),
    name: z.string(),
    unit: z.string().describe('The unit its quantities are counted in.'),
  }),
  category: z.object({ id, name: z.string() }),
  product_line: z.object({ id, name: z.string() }).nullable(),
  moq_milli: z.number().int().describe('The minimum order quantity in thousandths of the unit.'),
  attributes: z
    .record(z.string(), z.string())
    .describe('The product’s attributes by key, as kept (numbers as exact decimal text, enum values as listed).'),
  created_at: instant,
  updated_at: instant.describe(
    'Also the record’s version: send it as `version` in a PATCH to change only what you read.',
  ),
})

const bodyOf = (r: ProductSkuRecordRow): z.input<typeof productSkuSchema> => ({
  id: r.id,
  code: r.code,
  name: r.name,
  status: r.status,
  product: r.product,
  category: r.category,
  product_line: r.productLine,
  moq_milli: r.moqMilli,
  attributes: r.attributes,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
})

/** The form's field names and the body's. */
const NAMES: FieldNames = {
  code: 'code',
  name: 'name',
  categoryId: 'category_id',
  productLineId: 'product_line_id',
  moq: 'moq_milli',
  attr: 'attributes',
  attributes: 'attributes',
  version: 'version',
}

/** The active product of an id (the pages reach a product's SKUs through its slug). */
async function productOf(db: Database, productId: number): Promise<SkuProduct> {
  const row = await db.selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirst()
  const product = row ? await productOfSkusSegment(db, skusSegment(row.slug)) : undefined
  if (!product) throw new Refused('product_id', 'Choose an active product')
  return product
}

const attributeValues = z
  .record(z.string().max(60), z.union([z.string().max(500), z.number()]))
  .describe('The product’s attributes by key (GET /product-skus/{id} shows them); every required one on create.')

const createBody = z.object({
  product_id: id.positive().describe('The product (fabric, yarn, garments…) the SKU is of.'),
  code: z.string().max(60).describe('Capital letters, digits and dashes, unique: FAB-SH-0001.'),
  name: z.string().max(200),
  category_id: id.positive().describe('An active category of the product.'),
  product_line_id: id.positive().optional().describe('An active product line of the product.'),
  moq_milli: z.number().int().min(0).describe('The minimum order quantity in thousandths of the unit.'),
  attributes: attributeValues,
})

const patchBody = z.object({
  code: z.string().max(60).optional(),
  name: z.string().max(200).optional(),
  category_id: id.positive().optional(),
  product_line_id: id.positive().nullable().optional().describe('null takes the SKU out of its product line.'),
  moq_milli: z.number().int().min(0).optional(),
  attributes: attributeValues
    .optional()
    .describe('Attributes to change, by key; the others stay. An empty text clears an optional one.'),
  version: z
    .string()
    .max(40)
    .optional()
    .describe('The `updated_at` you read: when given, a change made since is refused (409) rather than overwritten.'),
})

const skuParams = z.object({ productSkuId: z.coerce.number().int().positive() })

const listQuery = z.object({
  q: z.string().max(200).optional().describe('Words of the code or name.'),
  product_id: z.coerce.number().int().positive().optional(),
  category: z.coerce.number().int().positive().optional().describe('A category id.'),
  status: z.enum(['active', 'archived']).optional().describe('Active or archived SKUs only (both when absent).'),
  ...pageQuery,
})

const text = (value: string | number) => String(value)

/** The attributes sent, as the form's text; a key the product does not have is refused at its place. */
function attributesOf(product: SkuProduct, sent: Record<string, string | number> | undefined) {
  const unknown = Object.keys(sent ?? {}).filter((key) => !product.schema.some((a) => a.key === key))
  if (unknown.length)
    throw ApiProblem.of('validation-error', 'The body has invalid fields.', {
      errors: unknown.map((key) => ({
        in: 'body' as const,
        pointer: `/attributes/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        detail: `${product.name} has no attribute ${key}: its attributes are ${product.schema.map((a) => a.key).join(', ')}`,
      })),
    })
  return Object.fromEntries(Object.entries(sent ?? {}).map(([key, value]) => [key, text(value)]))
}

/** Every attribute of the product as the form sends it: each field, empty ('') where nothing is typed. */
const everyAttribute = (product: SkuProduct, values: Record<string, string>) =>
  Object.fromEntries(product.schema.map((a) => [a.key, values[a.key] ?? '']))

export const productSkuEndpoints = [
  endpoint({
    id: 'listProductSkus',
    method: 'GET',
    path: '/product-skus',
    tag: 'Catalogue',
    summary: 'List product SKUs',
    description:
      'Product SKUs across products, newest first, a page at a time; filtered by words of the code or name (`q`), product, category and status. Staff of the catalogue only (admin, internal).',
    scope: 'catalogue:read',
    portals: CATALOGUE_PORTALS,
    query: listQuery,
    response: pageSchema(productSkuSchema),
    examples: [
      {
        name: 'twill-shirting',
        summary: 'Twill SKUs of the cotton shirting category',
        as: 'admin@example.com',
        query: { q: 'twill', category: 1, limit: 5 },
        status: 200,
      },
    ],
    handle: async ({ db, query }) => {
      const rows = await listProductSkuRecords(db, {
        q: query.q ?? '',
        productId: query.product_id,
        categoryId: query.category,
        status: query.status,
        beforeId: query.cursor ? decodeCursor(query.cursor)?.id : undefined,
        take: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return { data: page.data.map(bodyOf), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'getProductSku',
    method: 'GET',
    path: '/product-skus/{productSkuId}',
    tag: 'Catalogue',
    summary: 'Read a product SKU',
    scope: 'catalogue:read',
    portals: CATALOGUE_PORTALS,
    params: skuParams,
    response: productSkuSchema,
    examples: [
      { name: 'one', summary: 'A fabric SKU', as: 'admin@example.com', params: { productSkuId: 1 }, status: 200 },
    ],
    handle: async ({ db, params }) => {
      const found = await productSkuById(db, params.productSkuId)
      if (!found) throw ApiProblem.of('not-found', 'There is no such product SKU.')
      return bodyOf(found)
    },
  }),
  endpoint({
    id: 'createProductSku',
    method: 'POST',
    path: '/product-skus',
    tag: 'Catalogue',
    summary: 'Create a product SKU',
    description:
      'Creates an active product SKU, checked as the create page checks it: the code (unique: another SKU’s is 422 at /code), the name, an active category and product line of the product, the MOQ, and the product’s attributes (each by its rules: required, enum values, numbers). Answers 201 with the SKU and its Location. Images are added on its page.',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    body: createBody,
    response: productSkuSchema,
    status: 201,
    examples: [
      {
        name: 'fabric',
        summary: 'A new shirting fabric (a second run on the same database is 422: the code is taken)',
        as: 'admin@example.com',
        body: {
          product_id: 1,
          code: 'FAB-SHT-API-0001',
          name: 'Sky oxford cotton shirting 120 gsm',
          category_id: 1,
          product_line_id: 1,
          moq_milli: 500000,
          attributes: { composition: '100% cotton', weave: 'plain', gsm: 120, width: 58, colour: 'Sky' },
        },
        status: 201,
      },
    ],
    handle: async ({ db, viewer, body, idempotencyKey }) => {
      const product = await productOf(db, body.product_id)
      const form = throughForm(
        productSkuFormSchema(product.schema),
        {
          code: body.code,
          name: body.name,
          categoryId: body.category_id,
          productLineId: body.product_line_id,
          moq: quantityInput(body.moq_milli),
          attr: everyAttribute(product, attributesOf(product, body.attributes)),
        },
        NAMES,
      )
      const { removeImage: _removed, version: _version, idempotencyKey: _key, ...input } = form
      const made = settledAt(
        await createProductSku(
          db,
          viewer.userId,
          product,
          { ...input, idempotencyKey: idempotencyKey ?? undefined },
          null,
        ),
        NAMES,
      )
      const record = await productSkuById(db, made.id)
      return answer(bodyOf(record!), { status: 201, location: `/api/v1/product-skus/${made.id}` })
    },
  }),
  endpoint({
    id: 'updateProductSku',
    method: 'PATCH',
    path: '/product-skus/{productSkuId}',
    tag: 'Catalogue',
    summary: 'Change a product SKU',
    description:
      'Changes the fields sent (the others stay as they are), checked as the edit page checks them; the history records what changed. With `version` (the `updated_at` read), a change someone made since is refused (409). Sending the values it already has changes nothing.',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    params: skuParams,
    body: patchBody,
    response: productSkuSchema,
    examples: [
      {
        name: 'rename',
        summary: 'Rename a SKU and raise its MOQ',
        as: 'admin@example.com',
        params: { productSkuId: 2 },
        body: { name: 'Black twill cotton shirting 109 gsm, mercerised', moq_milli: 600000 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, params, body }) => {
      const found = await productSkuById(db, params.productSkuId)
      if (!found) throw ApiProblem.of('not-found', 'There is no such product SKU.')
      const product = await productOf(db, found.product.id)
      const current = await productSkuForEdit(db, product, params.productSkuId)
      if (!current) throw ApiProblem.of('not-found', 'There is no such product SKU.')
      const v = current.values
      const productLineId =
        body.product_line_id === null
          ? undefined
          : (body.product_line_id ?? (v.productLineId ? Number(v.productLineId) : undefined))
      const form = throughForm(
        productSkuFormSchema(product.schema),
        {
          code: body.code ?? v.code,
          name: body.name ?? v.name,
          categoryId: body.category_id ?? Number(v.categoryId),
          productLineId,
          moq: body.moq_milli !== undefined ? quantityInput(body.moq_milli) : v.moq,
          attr: everyAttribute(product, { ...v.attr, ...attributesOf(product, body.attributes) }),
        },
        NAMES,
      )
      const { removeImage: _removed, version: _version, idempotencyKey: _key, ...input } = form
      settledAt(
        await updateProductSku(
          db,
          viewer.userId,
          product,
          params.productSkuId,
          { ...input, version: body.version ?? current.version, removeImage: [] },
          null,
        ),
        NAMES,
      )
      return bodyOf((await productSkuById(db, params.productSkuId))!)
    },
  }),
]
