import { nameField, optionalDateField, optionalText, strictCalendarDate } from './fields'

describe('strict dates', () => {
  it.each(['2027-01-31', '2028-02-29', '2026-12-01'])('takes the real date %s', (value) => {
    expect(strictCalendarDate(value)).toBe(value)
    expect(optionalDateField().safeParse(value).success).toBe(true)
  })
  it.each([
    '2027-02-31',
    '2027-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-5',
    '31/01/2027',
    '2027-01-31T00:00',
    'tomorrow',
  ])('refuses %s instead of rolling it over', (value) => {
    expect(strictCalendarDate(value)).toBeNull()
    expect(optionalDateField().safeParse(value).success).toBe(false)
  })
})

describe('control characters', () => {
  it.each(['Acme\u0000Looms', 'Acme\nLooms', 'Acme\tLooms', 'Acme\u007fLooms', 'evil\u202Egnp.exe', 'x\u2066y'])(
    'a name refuses %j',
    (value) => {
      const result = nameField('the name').safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Remove the invisible control characters from this text')
    },
  )
  it('a name keeps letters of every script; notes keep their line breaks', () => {
    expect(nameField('the name').safeParse('Śrī Lakṣmī Textiles — कपड़ा').success).toBe(true)
    expect(optionalText(500).safeParse('First line\nSecond line\tindented').success).toBe(true)
    expect(optionalText(500).safeParse('bell\u0007').success).toBe(false)
  })
})
