// Categories' plain values: form ids, GST rates.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const ADD_STAGE_FORM = 'stage-add'

/** GST slabs of India, typed as percent and kept in basis points (5 % = 500). */
export const GST_RATES = ['0', '0.25', '3', '5', '12', '18', '28'] as const

export const editStageFormId = (id: number | string) => `stage-${id}`

export const formatGst = (bp: number) => `${(bp / 100).toString()} %`

/** A category's rates in words: "5 %", or "5 % up to ₹2,500.00 a piece, 18 % above". */
export function formatGstWithSlab(rateBp: number, slabAboveMinor: number | null, rateAboveBp: number | null) {
  if (slabAboveMinor === null || rateAboveBp === null) return formatGst(rateBp)
  const rupees = (slabAboveMinor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `${formatGst(rateBp)} up to ₹${rupees} a piece, ${formatGst(rateAboveBp)} above`
}
