import * as z from 'zod'
import type { AttributeDefinition } from '#db/types'
import { codeField, nameField, quantityField } from '~/utils/fields'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { attributeFieldName, normaliseDecimal, validateAttributeValues } from '../products/attributes'
import { productSkuMachine, skuStatusFilters } from './shared'
export {
  MAX_COMPARED,
  MAX_SKU_IMAGES,
  comparePath,
  skuEditPath,
  skuListPath,
  skuPath,
  skuStatusFilters,
  skusSegment,
} from './shared'

// ---------- Paths ----------

/** The product slug in a `{product}_skus` segment, or null when the segment is not one. */
export function slugOfSkusSegment(segment: string | undefined): string | null {
  const match = /^([a-z][a-z0-9_]*)_skus$/.exec(segment ?? '')
  return match ? match[1] : null
}

// ---------- The list's URL ----------

export const skuSorts = ['code', 'name', 'updated'] as const
export type SkuSort = (typeof skuSorts)[number]
export type SkuStatusFilter = (typeof skuStatusFilters)[number]

export interface SkuFilters extends ListParams<SkuSort> {
  category: number | null
  line: number | null
  status: SkuStatusFilter
  /** Attribute key → value as kept in product_sku_attributes (lower case, numbers normalised). */
  attrs: Record<string, string>
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/

// ---------- The create and edit form ----------

/** One attribute's field, checked by the shared schema rules (the same ones the server keeps). */
function attributeField(attribute: AttributeDefinition) {
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const { errors } = validateAttributeValues([attribute], { [attribute.key]: value })
      if (errors[attribute.key]) ctx.addIssue({ code: 'custom', message: errors[attribute.key] })
    })
}

/** Ids of checkboxes: none, one (a string) or several (an array). */
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0),
  )

/**
 * The product SKU form for one product: fixed fields plus one `attr.<key>` field per attribute of
 * its schema. The image file is read apart (checkImage), so it is accepted here as anything.
 */
export function productSkuFormSchema(schema: AttributeDefinition[]) {
  return z
    .object({
      code: codeField('the code'),
      name: nameField('the name'),
      categoryId: z.number({ error: 'Choose a category' }).int().positive('Choose a category'),
      productLineId: z.number().int().positive().optional(),
      moq: quantityField('the MOQ'),
      // Conform leaves out a group whose fields are all empty: still check the required ones.
      attr: z.preprocess(
        (value) => value ?? {},
        z.object(Object.fromEntries(schema.map((a) => [a.key, attributeField(a)]))),
      ),
      image: z.any().optional(),
      removeImage: idList,
      version: z.string().optional(),
      idempotencyKey: z.string().max(100).optional(),
    })
    .transform(({ attr, image: _image, ...rest }) => ({
      ...rest,
      // Trimmed, enum values in their listed spelling, numbers normalised.
      attributes: validateAttributeValues(schema, attr as Record<string, string | undefined>).values,
    }))
}

export type ProductSkuForm = z.output<ReturnType<typeof productSkuFormSchema>>

export type SkuStatusIntent = keyof typeof productSkuMachine.steps
export const skuStatusIntents = Object.keys(productSkuMachine.steps) as SkuStatusIntent[]

/** The list's state from its URL; unknown values are ignored, attribute filters follow the schema. */
export function readSkuFilters(url: URL, schema: AttributeDefinition[]): SkuFilters {
  const params = url.searchParams
  const status = params.get('status')
  const attrs: Record<string, string> = {}
  for (const attribute of schema) {
    const raw = (params.get(attributeFieldName(attribute.key)) ?? '').trim().toLowerCase().slice(0, 200)
    if (raw === '') continue
    if (attribute.type === 'enum' && !attribute.values?.some((v) => v.toLowerCase() === raw)) continue
    // Numbers are kept normalised ("180.0" is stored as "180"), so the filter is too.
    attrs[attribute.key] =
      attribute.type === 'number' && DECIMAL.test(raw.replace(/,/g, '')) ? normaliseDecimal(raw.replace(/,/g, '')) : raw
  }
  return {
    ...readListParams(url, { sorts: skuSorts, defaultSort: 'code' }),
    category: readId(params.get('category')),
    line: readId(params.get('line')),
    status: skuStatusFilters.find((s) => s === status) ?? 'active',
    attrs,
  }
}
