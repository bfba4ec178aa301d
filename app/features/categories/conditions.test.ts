import { compareDecimals, describeCondition, evaluateCondition, type ConditionRule } from './conditions'

const rule = (
  operator: ConditionRule['operator'],
  options: { min?: string; max?: string; values?: string[]; unit?: string } = {},
): ConditionRule => ({
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
