// Product SKUs' addresses and limits.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

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
