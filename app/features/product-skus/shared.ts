// Product SKUs' addresses and limits.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

import { machine } from '~/platform/steps'

/** How many SKUs fit side by side on the compare page (a phone scrolls the table sideways). */
export const MAX_COMPARED = 6

export const MAX_SKU_IMAGES = 6

export const comparePath = (categoryId: number) => `/categories/${categoryId}/skus/compare`

export const skuEditPath = (slug: string, id: number) => `${skuPath(slug, id)}/edit`

export const skuListPath = (slug: string) => `/skus/${skusSegment(slug)}`

export const skuPath = (slug: string, id: number) => `${skuListPath(slug)}/${id}`

export const skuStatusFilters = ['active', 'archived', 'all'] as const

/** The `{product}_skus` URL segment of a product (/skus/fabric_skus). */
export const skusSegment = (slug: string) => `${slug}_skus`

/** Archive and reactivate (after a confirmation), taken by the one step helper (~/platform/steps.server). */
export const productSkuMachine = machine({
  entity: 'product_sku',
  table: 'product_skus',
  codeColumn: 'code',
  steps: {
    archive: { from: ['active'], to: 'archived', by: 'staff', label: 'Archive SKU', done: 'archived' },
    reactivate: { from: ['archived'], to: 'active', by: 'staff', label: 'Reactivate SKU', done: 'reactivated' },
  },
})
