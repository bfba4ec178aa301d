// The units of quantity (UQC) of the GST masters, as the e-invoice, the e-way bill and GSTR-1 write
// them, for the catalogue's units.

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
  kgs: 'KGS',
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
