// The GST masters the e-invoice and GSTR-1 files use (docs/domain.md (issue 38)): each state's
// two-digit code (the first two digits of a GSTIN) and the units of quantity (UQC).

/** State and union territory codes of the GST masters, by the address book's state names. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
}

const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and')
const BY_FOLDED = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [fold(name), code]))

/** The state's GST code ('27' for Maharashtra); null for a name the masters do not know. */
export const stateCode = (state: string): string | null => BY_FOLDED.get(fold(state)) ?? null

/**
 * The catalogue's units as GST units of quantity. Inches have no UQC: they go as OTH (others), their
 * quantity unchanged, rather than converted to metres against what the invoice prints.
 */
const UQC: Record<string, string> = {
  pcs: 'PCS',
  pc: 'PCS',
  piece: 'PCS',
  nos: 'NOS',
  kg: 'KGS',
  g: 'GMS',
  gm: 'GMS',
  m: 'MTR',
  mtr: 'MTR',
  cm: 'CMS',
  l: 'LTR',
  ltr: 'LTR',
  ml: 'MLT',
  doz: 'DOZ',
  dozen: 'DOZ',
  pair: 'PRS',
  pr: 'PRS',
  set: 'SET',
  box: 'BOX',
  roll: 'ROL',
  bag: 'BAG',
  sqm: 'SQM',
  sqft: 'SQF',
  ton: 'TON',
  t: 'TON',
}

/** A unit as its UQC; OTH (others) for a unit the list lacks. */
export const uqcOf = (unit: string): string => UQC[unit.trim().toLowerCase()] ?? 'OTH'

/** Paise as rupees with two decimals (a JSON number). */
export const rupees = (paise: number) => Math.round(paise) / 100

/** A rate in basis points as a percentage (1800 -> 18, 250 -> 2.5). */
export const ratePercent = (bp: number) => bp / 100
