// The platform as the seller of record on its invoices (docs/domain.md "Buyer settlements"): its
// legal name, GSTIN and billing address. The billing state decides CGST + SGST against IGST.

export const PLATFORM_BILLING = {
  name: 'Sourcing Platform',
  legalName: 'Sourcing Platform Private Limited',
  gstin: '27AABCS1429B1ZU',
  line1: '4th floor, Kamala Mills Compound',
  line2: 'Senapati Bapat Marg, Lower Parel',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400013',
} as const

/** Where buyers pay the platform: printed on every tax invoice (demo values). */
export const PLATFORM_BANK = {
  accountName: 'Sourcing Platform Private Limited',
  bank: 'HDFC Bank',
  accountNumber: '50200012345678',
  ifsc: 'HDFC0000060',
  branch: 'Lower Parel, Mumbai',
} as const

/** Who signs the platform's invoices: a computer-generated invoice names the office, not a person. */
export const PLATFORM_SIGNATORY = 'Authorised signatory'

export type PartyOnInvoice = {
  name: string
  legalName: string | null
  gstin: string | null
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
}
