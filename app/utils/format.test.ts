import { countOf, formatDate, formatDateTime, formatMoney, possessive } from './format'

describe('formats', () => {
  it('shows paise as rupees with Indian digit grouping', () => {
    expect(formatMoney(12_345_678_90)).toBe('₹1,23,45,678.90')
    expect(formatMoney(5)).toBe('₹0.05')
    // A difference that comes to nothing is nothing, never "-₹0.00" (issue 51: the input-tax register).
    expect(formatMoney(-0)).toBe('₹0.00')
    expect(formatMoney(-5)).toBe('-₹0.05')
  })

  it('shows UTC times in Asia/Kolkata', () => {
    expect(formatDate('2026-11-21T20:00:00.000Z')).toBe('22 Nov 2026')
    expect(formatDateTime('2026-11-22T06:30:00.000Z')).toMatch(/22 Nov 2026, 12:00\s?pm/i)
  })

  it('shows a value that is not a date as it is, instead of breaking the page', () => {
    expect(formatDate('')).toBe('')
    expect(formatDateTime('soon')).toBe('soon')
  })
})

describe('possessive', () => {
  it('writes a name as an owner, with an apostrophe alone after a final s', () => {
    expect(possessive('Blue Lotus Fashions')).toBe('Blue Lotus Fashions’')
    expect(possessive('Indigo Threads Retail')).toBe('Indigo Threads Retail’s')
  })
})

describe('countOf', () => {
  it('puts the noun in the number of the count, with Indian grouping', () => {
    expect(countOf(1, 'day')).toBe('1 day')
    expect(countOf(0, 'day')).toBe('0 days')
    expect(countOf(120000, 'category', 'categories')).toBe('1,20,000 categories')
  })
})
