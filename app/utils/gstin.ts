const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The 15th character of a GSTIN, computed from the first 14 (mod-36 checksum). */
export function gstinCheckChar(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return CHARS[(36 - (sum % 36)) % 36]
}

export function isValidGstin(value: string): boolean {
  const gstin = value.toUpperCase()
  return SHAPE.test(gstin) && gstinCheckChar(gstin.slice(0, 14)) === gstin[14]
}

/** Completes a 14-character GSTIN body with its check character (demo data). */
export const withGstinCheck = (first14: string) => first14 + gstinCheckChar(first14)
