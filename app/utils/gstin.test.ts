import { gstinCheckChar, isValidGstin, withGstinCheck } from './gstin'

describe('GSTIN', () => {
  it('accepts a real GSTIN and refuses a wrong check character', () => {
    // 27AAPFU0939F1ZV is a published sample GSTIN with a correct check character.
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V')
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true)
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true)
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false)
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false)
  })

  it('completes demo GSTINs so that they validate', () => {
    expect(isValidGstin(withGstinCheck('29AAKFS5678K1Z'))).toBe(true)
  })
})
