import { checkLineQuantities, lotOutcome, monthWeeks, readMonth, shiftMonth, verdictOf } from './rules'

const rule = (
  operator: 'between' | 'min' | 'max' | 'eq' | 'in',
  o: { min?: string; max?: string; values?: string[] } = {},
) => ({
  operator,
  min_value: o.min ?? null,
  max_value: o.max ?? null,
  values_json: o.values ? JSON.stringify(o.values) : null,
})

describe('a measured value against its condition, at every boundary of every operator', () => {
  it.each([
    // between 114 and 126, inclusive
    [
      'between',
      rule('between', { min: '114', max: '126' }),
      [
        ['113.999', 'fail'],
        ['114', 'pass'],
        ['114.000', 'pass'],
        ['120', 'pass'],
        ['126', 'pass'],
        ['126.0', 'pass'],
        ['126.001', 'fail'],
      ],
    ],
    // at least 57
    [
      'min',
      rule('min', { min: '57' }),
      [
        ['56.999', 'fail'],
        ['57', 'pass'],
        ['57.0001', 'pass'],
        ['-57', 'fail'],
      ],
    ],
    // at most 30 (negative and zero are below it)
    [
      'max',
      rule('max', { max: '30' }),
      [
        ['30', 'pass'],
        ['30.000', 'pass'],
        ['30.001', 'fail'],
        ['0', 'pass'],
        ['-1', 'pass'],
      ],
    ],
    // equal to 180, as a number; equal to a word, ignoring case and spaces
    [
      'eq (number)',
      rule('eq', { values: ['180'] }),
      [
        ['180', 'pass'],
        ['180.00', 'pass'],
        ['179.99', 'fail'],
        ['180.01', 'fail'],
      ],
    ],
    [
      'eq (text)',
      rule('eq', { values: ['twill'] }),
      [
        ['twill', 'pass'],
        [' TWILL ', 'pass'],
        ['twills', 'fail'],
      ],
    ],
    [
      'in',
      rule('in', { values: ['plain', 'twill', '2.5'] }),
      [
        ['plain', 'pass'],
        ['Twill', 'pass'],
        ['2.50', 'pass'],
        ['satin', 'fail'],
        ['2.51', 'fail'],
      ],
    ],
  ] as const)('%s', (_name, condition, cases) => {
    for (const [value, verdict] of cases) expect([value, verdictOf(condition, value)]).toEqual([value, verdict])
  })

  it('nothing entered is no verdict; a word against a numeric rule fails', () => {
    expect(verdictOf(rule('min', { min: '1' }), '')).toBeNull()
    expect(verdictOf(rule('min', { min: '1' }), 'two')).toBe('fail')
  })
})

describe('lot arithmetic', () => {
  const line = (accepted: string, rejected: string, quantityMilli = 10_000) =>
    checkLineQuantities({ quantityMilli, accepted, rejected }, 'm')

  it('accepted and rejected add up to the line, one of them may be left for the rest', () => {
    expect(line('10', '')).toEqual({ ok: true, acceptedMilli: 10_000, rejectedMilli: 0 })
    expect(line('', '2.5')).toEqual({ ok: true, acceptedMilli: 7_500, rejectedMilli: 2_500 })
    expect(line('7.499', '2.501')).toEqual({ ok: true, acceptedMilli: 7_499, rejectedMilli: 2_501 })
    expect(line('0', '10')).toEqual({ ok: true, acceptedMilli: 0, rejectedMilli: 10_000 })
    expect(line('1,000', '', 1_000_000)).toEqual({ ok: true, acceptedMilli: 1_000_000, rejectedMilli: 0 })
  })

  it('refuses what does not add up, more than the line, negatives, too many decimals and words, at the field', () => {
    expect(line('8', '3')).toMatchObject({
      ok: false,
      field: 'rejected',
      message: 'Accepted and rejected must add up to the line’s 10 m',
    })
    expect(line('11', '')).toMatchObject({ ok: false, field: 'accepted' })
    expect(line('', '10.001')).toMatchObject({ ok: false, field: 'rejected' })
    expect(line('-1', '')).toMatchObject({ ok: false, field: 'accepted' })
    expect(line('1.0005', '')).toMatchObject({ ok: false, field: 'accepted' })
    expect(line('all', '')).toMatchObject({ ok: false, field: 'accepted' })
    expect(line('', '')).toMatchObject({
      ok: false,
      field: 'accepted',
      message: 'Enter how much is accepted (the line is 10 m)',
    })
  })

  it('a lot is accepted whole, not at all, or in part', () => {
    expect(
      lotOutcome([
        { acceptedMilli: 5, rejectedMilli: 0 },
        { acceptedMilli: 7, rejectedMilli: 0 },
      ]),
    ).toBe('all')
    expect(
      lotOutcome([
        { acceptedMilli: 0, rejectedMilli: 5 },
        { acceptedMilli: 0, rejectedMilli: 7 },
      ]),
    ).toBe('none')
    expect(
      lotOutcome([
        { acceptedMilli: 5, rejectedMilli: 0 },
        { acceptedMilli: 0, rejectedMilli: 7 },
      ]),
    ).toBe('part')
    expect(lotOutcome([{ acceptedMilli: 4, rejectedMilli: 1 }])).toBe('part')
  })
})

describe('the calendar month', () => {
  it('reads a month from the URL, falling back to the current one', () => {
    expect(readMonth('2027-02', '2026-11-26')).toBe('2027-02')
    expect(readMonth('2027-13', '2026-11-26')).toBe('2026-11')
    expect(readMonth('<script>', '2026-11-26')).toBe('2026-11')
    expect(readMonth(null, '2026-11-26')).toBe('2026-11')
  })

  it('moves across years and lays out weeks from Monday', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
    const weeks = monthWeeks('2026-11')
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01'])
    expect(weeks.flat().filter(Boolean)).toHaveLength(30)
    expect(weeks.every((w) => w.length === 7)).toBe(true)
    expect(monthWeeks('2028-02').flat().filter(Boolean)).toHaveLength(29)
  })
})
