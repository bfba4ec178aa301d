// The GST masters the e-invoice and GSTR-1 files use (docs/domain.md (issue 38)): each state's
// two-digit code (the first two digits of a GSTIN) and the units of quantity (UQC), both kept in
// app/utils for every GST file (the e-way bill's too).
import { gstStateCode } from '~/utils/gst-states'
import { uqcOf } from '~/utils/gst-units'

/** The state's GST code ('27' for Maharashtra); null for a name the masters do not know. */
export const stateCode = (state: string): string | null => gstStateCode(state)

export { uqcOf }

/** Paise as rupees with two decimals (a JSON number). */
export const rupees = (paise: number) => Math.round(paise) / 100

/** A rate in basis points as a percentage (1800 -> 18, 250 -> 2.5). */
export const ratePercent = (bp: number) => bp / 100
