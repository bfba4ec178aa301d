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

  it('checks published GSTINs and the platform registrations (issue 52)', () => {
    // 29AAGCB7383J1Z4 is published with a correct check character; 27AABCS1429B1ZU is the platform's
    // home GSTIN (valid), 33AABCS1429B1Z1 its Tamil Nadu registration on the same PAN.
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true)
    expect(isValidGstin('29AAGCB7383J1Z5')).toBe(false)
    expect(isValidGstin('27AABCS1429B1ZU')).toBe(true)
    expect(gstinCheckChar('33AABCS1429B1Z')).toBe('1')
    expect(isValidGstin('33AABCS1429B1ZU')).toBe(false)
  })

  it('completes demo GSTINs so that they validate', () => {
    expect(isValidGstin(withGstinCheck('29AAKFS5678K1Z'))).toBe(true)
  })
})
