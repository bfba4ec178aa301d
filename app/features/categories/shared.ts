import type { QcMethod } from '#db/types'

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

/** How a category's lots are inspected (categories.qc_method). */
export const QC_METHODS = ['none', 'aql', 'four_point'] as const satisfies readonly QcMethod[]
export const qcMethodLabels: Record<QcMethod, string> = {
  none: 'Conditions only',
  aql: 'AQL sampling plan (ISO 2859-1)',
  four_point: '4-point fabric rolls (ASTM D5430)',
}

/** A category's inspection in words: "AQL sampling plan (ISO 2859-1), level II, AQL critical 0, major 2.5, minor 4.0". */
export function describeQc(qc: {
  method: QcMethod
  level: string
  aqlCritical: string
  aqlMajor: string
  aqlMinor: string
  pointsLimit: number
}) {
  const label = qcMethodLabels[qc.method]
  if (qc.method === 'aql')
    return `${label}, level ${qc.level}, AQL critical ${qc.aqlCritical}, major ${qc.aqlMajor}, minor ${qc.aqlMinor}`
  if (qc.method === 'four_point') return `${label}, at most ${qc.pointsLimit} points per 100 sq yd`
  return `${label} (no sampling plan)`
}

export const ADD_DEFECT_TYPE_FORM = 'defect-add'
export const editDefectTypeFormId = (id: number | string) => `defect-${id}`
