// Where the admin category pages live (one place, so links and redirects agree).

export const manageCategoriesPath = (productSlug?: string) =>
  `/admin/categories/manage${productSlug ? `?product=${encodeURIComponent(productSlug)}` : ''}`
export const categoryPath = (categoryId: number) => `/admin/categories/${categoryId}/edit`
export const workflowPath = (categoryId: number) => `/admin/categories/${categoryId}/fulfillment_workflow`
export const conditionsPath = (categoryId: number) => `/admin/categories/${categoryId}/conditions`
export const conditionEditPath = (categoryId: number, conditionId: number) =>
  `${conditionsPath(categoryId)}/${conditionId}/edit`

/** The breadcrumbs before a category's child pages: the product's list, then the category. */
export const categoryCrumbs = (
  category: { id: number; name: string; product: { slug: string } } | undefined,
  withCategory = true,
) => [
  { text: 'Categories', to: manageCategoriesPath(category?.product.slug) },
  ...(category && withCategory ? [{ text: category.name, to: categoryPath(category.id) }] : []),
]
export const defectTypesPath = (categoryId: number) => `/admin/categories/${categoryId}/defect_types`
