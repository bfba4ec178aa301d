// The buyer SKU list's plain values.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const statusChoices = ['active', 'archived', 'all'] as const
