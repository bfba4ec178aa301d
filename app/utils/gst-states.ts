// The two-digit GST state codes (the first two digits of a GSTIN, and the code a tax invoice
// prints beside each state: CGST Rule 46). Names as the address book writes them
// (app/features/addresses/shared.ts INDIAN_STATES). Andhra Pradesh is 37 since its division (28 was
// the undivided state); Dadra and Nagar Haveli and Daman and Diu is 26 since their merger (25 was
// Daman and Diu); 97 is "Other Territory".

export const GST_STATE_CODES = {
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
  'Other Territory': '97',
} as const

const fold = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]+/g, ' ')
    .trim()

const BY_NAME = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [fold(name), code]))
// Names still met in older addresses.
BY_NAME.set(fold('New Delhi'), '07')
BY_NAME.set(fold('NCT of Delhi'), '07')
BY_NAME.set(fold('Orissa'), '21')
BY_NAME.set(fold('Pondicherry'), '34')
BY_NAME.set(fold('Daman and Diu'), '26')
BY_NAME.set(fold('Dadra and Nagar Haveli'), '26')

/** The GST state code of a state's name (case, spacing and "&" ignored); null for a name it does not know. */
export function gstStateCode(state: string): string | null {
  return BY_NAME.get(fold(state)) ?? null
}

/** A state as a tax invoice prints it: "Maharashtra (State code 27)"; the name alone when its code is unknown. */
export function stateWithCode(state: string): string {
  const code = gstStateCode(state)
  return code ? `${state} (State code ${code})` : state
}
