import { compareDecimals, describeCondition, evaluateCondition, relativeBounds, type ConditionRule } from './conditions'

const rule = (
  operator: ConditionRule['operator'],
  options: { min?: string; max?: string; values?: string[]; unit?: string; tolerance?: 'percent' | 'units' } = {},
): ConditionRule => ({
  tolerance: options.tolerance ?? 'fixed',
  operator,
  min_value: options.min ?? null,
  max_value: options.max ?? null,
  values_json: options.values ? JSON.stringify(options.values) : null,
  unit: options.unit ?? null,
})

describe('compareDecimals', () => {
  it('compares exact decimals of any scale without floating-point error', () => {
    expect(compareDecimals('0.3', '0.30')).toBe(0)
    expect(compareDecimals('0.1', '0.3')).toBe(-1)
    expect(compareDecimals('126.0000001', '126')).toBe(1)
    expect(compareDecimals('-2.5', '-2.45')).toBe(-1)
    expect(compareDecimals('-0.5', '0.1')).toBe(-1)
    expect(compareDecimals('12345678901234567890.5', '12345678901234567890.4')).toBe(1)
  })
})

describe('evaluateCondition', () => {
  it('between: both bounds inclusive', () => {
    const gsm = rule('between', { min: '114', max: '126' })
    expect(evaluateCondition(gsm, '114')).toBe('pass')
    expect(evaluateCondition(gsm, '126.0')).toBe('pass')
    expect(evaluateCondition(gsm, 120)).toBe('pass')
    expect(evaluateCondition(gsm, '113.99')).toBe('fail')
    expect(evaluateCondition(gsm, '126.001')).toBe('fail')
  })

  it('min and max: one bound, decimals exact (0.1 + 0.2 is not above 0.3)', () => {
    expect(evaluateCondition(rule('min', { min: '57' }), '57')).toBe('pass')
    expect(evaluateCondition(rule('min', { min: '57' }), '56.9')).toBe('fail')
    expect(evaluateCondition(rule('max', { max: '0.3' }), String(0.1 + 0.2).slice(0, 3))).toBe('pass')
    expect(evaluateCondition(rule('max', { max: '0.3' }), '0.30000000000000004')).toBe('fail')
    expect(evaluateCondition(rule('max', { max: '30' }), '1,000')).toBe('fail')
    expect(evaluateCondition(rule('max', { max: '30' }), '-5')).toBe('pass')
  })

  it('a numeric rule fails a value that is not a number', () => {
    expect(evaluateCondition(rule('min', { min: '2' }), 'two')).toBe('fail')
  })

  it('eq and in: numbers by value, text ignoring case and spaces', () => {
    expect(evaluateCondition(rule('eq', { values: ['twill'] }), ' Twill ')).toBe('pass')
    expect(evaluateCondition(rule('eq', { values: ['twill'] }), 'plain')).toBe('fail')
    expect(evaluateCondition(rule('eq', { values: ['180'] }), '180.00')).toBe('pass')
    const weave = rule('in', { values: ['plain', 'twill', 'dobby'] })
    expect(evaluateCondition(weave, 'dobby')).toBe('pass')
    expect(evaluateCondition(weave, 'satin')).toBe('fail')
  })

  it('no value is missing, not a failure', () => {
    const gsm = rule('between', { min: '114', max: '126' })
    expect(evaluateCondition(gsm, null)).toBe('missing')
    expect(evaluateCondition(gsm, undefined)).toBe('missing')
    expect(evaluateCondition(gsm, '  ')).toBe('missing')
    expect(evaluateCondition(rule('in', { values: ['a'] }), '')).toBe('missing')
  })
})

describe('describeCondition', () => {
  it('says the rule in words with its unit', () => {
    expect(describeCondition(rule('between', { min: '114', max: '126', unit: 'g/m²' }))).toBe(
      'between 114 and 126 g/m²',
    )
    expect(describeCondition(rule('min', { min: '57', unit: 'in' }))).toBe('at least 57 in')
    expect(describeCondition(rule('max', { max: '30', unit: 'Ne' }))).toBe('at most 30 Ne')
    expect(describeCondition(rule('eq', { values: ['twill'] }))).toBe('equal to twill')
    expect(describeCondition(rule('in', { values: ['plain', 'twill'] }))).toBe('one of plain, twill')
  })
})

describe('conditions relative to the SKU’s own value', () => {
  const percent = (operator: ConditionRule['operator'], min?: string, max?: string) =>
    rule(operator, { min, max, unit: 'Ne', tolerance: 'percent' })
  const units = (operator: ConditionRule['operator'], min?: string, max?: string) =>
    rule(operator, { min, max, unit: 'Ne', tolerance: 'units' })

  it('makes the bounds around the SKU’s value exactly, with no floating point', () => {
    const bounds = (r: ConditionRule, sku: string) => {
      const fixed = relativeBounds(r, sku)
      return fixed && [fixed.min_value, fixed.max_value]
    }
    expect(bounds(percent('between', '2', '2'), '60')).toEqual(['58.8', '61.2'])
    expect(bounds(percent('between', '5', '5'), '180')).toEqual(['171', '189'])
    expect(bounds(percent('between', '0.5', '1.25'), '40.4')).toEqual(['40.198', '40.905'])
    expect(bounds(percent('min', '2.5'), '0.3')).toEqual(['0.2925', null])
    expect(bounds(percent('max', undefined, '10'), '1,000')).toEqual([null, '1100'])
    expect(bounds(units('between', '0', '0'), '2')).toEqual(['2', '2'])
    expect(bounds(units('between', '0.1', '0.25'), '30')).toEqual(['29.9', '30.25'])
    expect(bounds(units('min', '1.5'), '1')).toEqual(['-0.5', null])
    expect(relativeBounds(percent('between', '2', '2'), 'sixty')).toBeNull()
    expect(relativeBounds(percent('between', '2', '2'), null)).toBeNull()
    const fixed = rule('between', { min: '1', max: '2' })
    expect(relativeBounds(fixed, '100')).toBe(fixed)
  })

  it('judges a value against the SKU’s own value; without one there is nothing to judge against', () => {
    const count = percent('between', '2', '2')
    expect(evaluateCondition(count, '58.8', '60')).toBe('pass')
    expect(evaluateCondition(count, '61.2', '60')).toBe('pass')
    expect(evaluateCondition(count, '61.21', '60')).toBe('fail')
    expect(evaluateCondition(count, '40', '40')).toBe('pass')
    expect(evaluateCondition(count, '40', null)).toBe('missing')
    expect(evaluateCondition(count, '', '60')).toBe('missing')
    const ply = units('between', '0', '0')
    expect(evaluateCondition(ply, '2', '2')).toBe('pass')
    expect(evaluateCondition(ply, '1', '2')).toBe('fail')
    expect(evaluateCondition(ply, '1', '1')).toBe('pass')
    // Stored tolerances are never read as fixed bounds: ± 2 % of 60 is not "between 2 and 2".
    expect(evaluateCondition(count, '2')).toBe('missing')
  })

  it('says the rule in words', () => {
    expect(describeCondition(percent('between', '2', '2'))).toBe('SKU value ± 2 %')
    expect(describeCondition(percent('between', '1', '3'))).toBe('SKU value − 1 % to + 3 %')
    expect(describeCondition(units('between', '0.5', '0.5'))).toBe('SKU value ± 0.5 Ne')
    expect(describeCondition(rule('between', { min: '2', max: '2', tolerance: 'units' }))).toBe('SKU value ± 2')
    expect(describeCondition(units('between', '0', '0'))).toBe('the SKU value exactly')
    expect(describeCondition(percent('min', '5'))).toBe('at least SKU value − 5 %')
    expect(describeCondition(units('min', '0'))).toBe('at least the SKU value')
    expect(describeCondition(units('max', undefined, '1'))).toBe('at most SKU value + 1 Ne')
  })
})
