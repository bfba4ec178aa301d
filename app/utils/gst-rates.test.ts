import { describe, expect, it } from 'vitest'
import { isPieceUnit, lineGstRateBp } from './gst-rates'

const garments = { gstRateBp: 500, slabAboveMinor: 2_500_00, rateAboveBp: 1800 }

describe('the GST rate of a line', () => {
  it('takes the lower rate up to the slab, ₹2,500.00 a piece exactly included, and the rate above beyond it', () => {
    expect(lineGstRateBp(garments, 2_500_00, 'pcs')).toBe(500)
    expect(lineGstRateBp(garments, 2_499_99, 'pcs')).toBe(500)
    expect(lineGstRateBp(garments, 2_500_01, 'pcs')).toBe(1800)
    expect(lineGstRateBp(garments, 12_000_00, 'Pieces')).toBe(1800)
    expect(lineGstRateBp(garments, 0, 'pcs')).toBe(500)
  })

  it('is the category rate without a slab, whatever the price', () => {
    const fabric = { gstRateBp: 500, slabAboveMinor: null, rateAboveBp: null }
    expect(lineGstRateBp(fabric, 99_999_00, 'm')).toBe(500)
    expect(lineGstRateBp({ ...fabric, slabAboveMinor: 1000 }, 99_999_00, 'pcs')).toBe(500)
  })

  it('never charges less than the rate above when a slab meets a line not counted in pieces', () => {
    expect(lineGstRateBp(garments, 100_00, 'm')).toBe(1800)
    expect(lineGstRateBp(garments, 100_00, 'kg')).toBe(1800)
  })

  it('counts pieces by the usual unit names', () => {
    expect(['pcs', 'PCS', ' pc ', 'piece', 'Nos.', 'units'].every(isPieceUnit)).toBe(true)
    expect(['m', 'kg', 'g/m²', '', null].some(isPieceUnit)).toBe(false)
  })
})
