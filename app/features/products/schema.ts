import * as z from 'zod'
import { nameField } from '~/utils/fields'
import { ATTRIBUTE_KEY } from './attributes'
import { ATTRIBUTE_TYPES, SLUG_MAX } from './shared'
export { ATTRIBUTE_TYPES, CREATE_PRODUCT_FORM_ID, SLUG_MAX, formIds } from './shared'

// The dev admin's product forms: the product itself, its product lines and its attribute schema.

/**
 * Slugs that would shadow a main-portal page (`/{slug}/addresses` sits beside `/dashboard`), a
 * portal (`/admin`) or a SKU list (`/skus/{slug}_skus` beside `/skus/buyer_skus`).
 */
export const RESERVED_SLUGS = new Set([
  // main portal pages
  'dashboard',
  'profile',
  'skus',
  'categories',
  'buyers',
  'sellers',
  'master_order_cart',
  'samples_order_cart',
  'logistics',
  'reports',
  'assets_uploader',
  'solv_and_gt_orders',
  'images',
  'redirect',
  'resources',
  'api',
  'assets',
  'build',
  'favicon',
  'robots',
  'healthz',
  'health',
  // public pages
  'login',
  'logout',
  'signup',
  'privacy',
  'forgot_password',
  'reset_password',
  'pending_approval',
  // portals
  'admin',
  'dev_admin',
  'catalog_manager',
  'demand_kam',
  'biz_ops_team',
  'biz_fin',
  'logistics_team',
  'supplier_team',
  'field_operator',
  'buyer',
  'seller',
  'toolkit',
  // the other SKU kinds: /skus/{kind}_skus
  'sample',
  'product',
])

export const slugField = z
  .string({ error: 'Enter the slug' })
  .trim()
  .min(1, 'Enter the slug')
  .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters`)
  .regex(
    /^[a-z][a-z0-9_]*$/,
    'Start with a small letter, then use only small letters, digits and underscores, like fabric or knit_fabric',
  )
  .refine((slug) => !RESERVED_SLUGS.has(slug), { error: 'This slug is taken by a page of the app; choose another' })

const unitField = z
  .string({ error: 'Enter the unit, like m, kg or pcs' })
  .trim()
  .min(1, 'Enter the unit, like m, kg or pcs')
  .max(12, 'Use at most 12 characters')

const versionField = z.string({ error: 'This form is out of date; reload the page' })

export const createProductSchema = z.object({
  slug: slugField,
  name: nameField('the product name'),
  unit: unitField,
  active: z.boolean().optional(),
  idempotencyKey: z.string().max(100).optional(),
})
export type CreateProductForm = z.output<typeof createProductSchema>

// ---------- The edit page: several forms, each with its intent ----------

export const productDetailsSchema = z.object({
  intent: z.literal('details'),
  name: nameField('the product name'),
  unit: unitField,
  active: z.boolean().optional(),
  version: versionField,
})
export type ProductDetailsForm = z.output<typeof productDetailsSchema>

const lineName = z
  .string({ error: 'Enter the product line’s name' })
  .trim()
  .min(2, 'Enter the product line’s name (at least 2 characters)')
  .max(80, 'Use at most 80 characters')
const lineId = z.coerce.number({ error: 'This product line is missing' }).int().positive()

export const addLineSchema = z.object({
  intent: z.literal('line-add'),
  name: lineName,
  idempotencyKey: z.string().max(100).optional(),
})
export const renameLineSchema = z.object({ intent: z.literal('line-rename'), lineId, name: lineName })
export const lineActionSchema = z.object({
  intent: z.enum(['line-up', 'line-down', 'line-deactivate', 'line-reactivate', 'line-delete']),
  lineId,
})

/** Enum values as typed: one per line or separated by commas. */
export function splitValues(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\n,]/)
    .map((value) => value.trim())
    .filter(Boolean)
}

const attributeKey = z
  .string({ error: 'Enter the key' })
  .trim()
  .min(1, 'Enter the key')
  .max(40, 'Use at most 40 characters')
  .regex(
    ATTRIBUTE_KEY,
    'Start with a small letter, then use only small letters, digits and underscores, like gsm or yarn_count',
  )

const attributeFields = {
  label: z.string({ error: 'Enter the label' }).trim().min(1, 'Enter the label').max(60, 'Use at most 60 characters'),
  unit: z.string().trim().max(20, 'Use at most 20 characters').optional(),
  required: z.boolean().optional(),
  values: z.string().max(2000, 'Too many values').optional(),
}

/** Enum values: at least two, each at most 60 characters, no two the same (ignoring case). */
function checkValues(values: string | undefined, ctx: z.RefinementCtx) {
  const list = splitValues(values)
  if (list.length < 2)
    ctx.addIssue({
      code: 'custom',
      path: ['values'],
      message: 'An enum needs at least 2 values, one per line or separated by commas',
    })
  const long = list.find((v) => v.length > 60)
  if (long)
    ctx.addIssue({
      code: 'custom',
      path: ['values'],
      message: `“${long.slice(0, 20)}…” is too long: use at most 60 characters per value`,
    })
  const seen = new Set<string>()
  for (const value of list) {
    if (seen.has(value.toLowerCase())) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: `“${value}” is listed twice` })
      break
    }
    seen.add(value.toLowerCase())
  }
}

export const addAttributeSchema = z
  .object({
    intent: z.literal('attribute-add'),
    key: attributeKey,
    type: z.enum(ATTRIBUTE_TYPES, { error: 'Choose the type: number, text or enum' }),
    ...attributeFields,
    idempotencyKey: z.string().max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'enum') checkValues(value.values, ctx)
  })
export type AddAttributeForm = z.output<typeof addAttributeSchema>

/** The key and the type of an attribute never change: SKU values are stored under the key. */
export const editAttributeSchema = z.object({
  intent: z.literal('attribute-edit'),
  key: attributeKey,
  ...attributeFields,
})
export type EditAttributeForm = z.output<typeof editAttributeSchema>

export const attributeActionSchema = z.object({
  intent: z.enum(['attribute-up', 'attribute-down', 'attribute-remove']),
  key: attributeKey,
})

export const EDIT_INTENTS = [
  'details',
  'line-add',
  'line-rename',
  'line-up',
  'line-down',
  'line-deactivate',
  'line-reactivate',
  'line-delete',
  'attribute-add',
  'attribute-edit',
  'attribute-up',
  'attribute-down',
  'attribute-remove',
] as const
export type EditIntent = (typeof EDIT_INTENTS)[number]

/** One form of a page with several: which form the reply is for, and conform's result. */
export type { FormReply } from '~/platform/form-reply'
