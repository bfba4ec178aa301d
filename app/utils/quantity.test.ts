import { formatQuantity, parseQuantity, quantityInput } from './quantity'

describe('quantities in thousandths', () => {
  it('reads what people type, exactly', () => {
    expect(parseQuantity('12')).toBe(12000)
    expect(parseQuantity('12.5')).toBe(12500)
    expect(parseQuantity('0.125')).toBe(125)
    expect(parseQuantity('1,200.75')).toBe(1200750)
    expect(parseQuantity(' 3 ')).toBe(3000)
  })

  it('refuses what is not a quantity', () => {
    for (const bad of ['', '-1', '1.2345', 'abc', '1e3', '1..2']) expect(parseQuantity(bad)).toBeNull()
  })

  it('shows thousandths back as typed and for reading', () => {
    expect(quantityInput(12500)).toBe('12.5')
    expect(quantityInput(12000)).toBe('12')
    expect(quantityInput(125)).toBe('0.125')
    expect(formatQuantity(1250500, 'm')).toBe('1,250.5 m')
    expect(formatQuantity(12000000)).toBe('12,000')
  })
})
