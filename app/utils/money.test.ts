import { parseRupees, rupeesInput } from './money'

describe('parseRupees', () => {
  it('reads rupee amounts as paise, with Indian or plain grouping', () => {
    expect(parseRupees('500000')).toBe(50_000_000)
    expect(parseRupees('5,00,000.50')).toBe(50_000_050)
    expect(parseRupees('₹ 1,200.5')).toBe(120_050)
    expect(parseRupees('1,000,000')).toBe(100_000_000)
    expect(parseRupees('0')).toBe(0)
  })
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '12e3', '1,2', '.5']) expect(parseRupees(bad), bad).toBeNull()
  })
  it('writes paise back as the field shows them', () => {
    expect(rupeesInput(50_000_050)).toBe('500000.50')
  })
})
