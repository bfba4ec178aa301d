import { describe, expect, it } from 'vitest'
import { amountInWords } from './amount-in-words'

describe('amounts in words', () => {
  it('reads rupees in lakh and crore, with paise', () => {
    expect(amountInWords(1_23_45_678_90)).toBe(
      'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Ninety Paise Only',
    )
    expect(amountInWords(66_864_00)).toBe('Sixty Six Thousand Eight Hundred Sixty Four Rupees Only')
    expect(amountInWords(10_01)).toBe('Ten Rupees And One Paisa Only')
    expect(amountInWords(12_34_567_07)).toContain('Twelve Lakh')
  })

  it('refuses what is not whole paise', () => {
    expect(() => amountInWords(1.5)).toThrow()
  })
})
