import { describe, expect, it } from 'vitest'
import { INDIAN_STATES } from '~/features/addresses/shared'
import { GST_STATE_CODES, gstStateCode, stateWithCode } from './gst-states'

describe('GST state codes', () => {
  it('knows every state and union territory the address book offers, each with its own code', () => {
    const codes = INDIAN_STATES.map((s) => gstStateCode(s))
    expect(codes.every((c) => c !== null && /^\d{2}$/.test(c))).toBe(true)
    expect(new Set(codes).size).toBe(INDIAN_STATES.length)
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(Object.keys(GST_STATE_CODES).length)
  })

  it('reads names loosely and answers the codes a GSTIN starts with', () => {
    expect(gstStateCode('Maharashtra')).toBe('27')
    expect(gstStateCode('  tamil   nadu ')).toBe('33')
    expect(gstStateCode('Andhra Pradesh')).toBe('37')
    expect(gstStateCode('Jammu & Kashmir')).toBe('01')
    expect(gstStateCode('New Delhi')).toBe('07')
    expect(gstStateCode('Atlantis')).toBeNull()
    expect(stateWithCode('Karnataka')).toBe('Karnataka (State code 29)')
    expect(stateWithCode('Atlantis')).toBe('Atlantis')
  })
})
