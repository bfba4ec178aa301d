// Products' plain values: form ids, attribute types, limits.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const ATTRIBUTE_TYPES = ['number', 'text', 'enum'] as const

export const CREATE_PRODUCT_FORM_ID = 'product-create'

export const SLUG_MAX = 30

/** The ids of the edit page's forms, so a reply goes back to the form it came from. */
export const formIds = {
  details: 'product-details',
  lineAdd: 'line-add',
  line: (id: number | string) => `line-${id}`,
  attributeAdd: 'attribute-add',
  attribute: (key: string) => `attribute-${key}`,
}
