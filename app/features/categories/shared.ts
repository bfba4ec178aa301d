// Categories' plain values: form ids, GST rates.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const ADD_STAGE_FORM = 'stage-add'

/** GST slabs of India, typed as percent and kept in basis points (5 % = 500). */
export const GST_RATES = ['0', '0.25', '3', '5', '12', '18', '28'] as const

export const editStageFormId = (id: number | string) => `stage-${id}`

export const formatGst = (bp: number) => `${(bp / 100).toString()} %`
