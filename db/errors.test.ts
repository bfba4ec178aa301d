import { isUniqueViolation } from './errors'

describe('isUniqueViolation', () => {
  const sqlite = new Error('UNIQUE constraint failed: buyer_skus.buyer_id, buyer_skus.buyer_code')
  const postgres = Object.assign(new Error('duplicate key value violates unique constraint "buyer_skus_code"'), {
    code: '23505',
    table: 'buyer_skus',
    detail: 'Key (buyer_id, buyer_code)=(1, X) already exists.',
  })
  it.each([
    ['SQLite', sqlite],
    ['PostgreSQL', postgres],
  ])('recognises %s and narrows to one index', (_name, error) => {
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(error, 'buyer_skus', ['buyer_id', 'buyer_code'])).toBe(true)
    expect(isUniqueViolation(error, 'buyer_skus', ['buyer_code'])).toBe(false)
    expect(isUniqueViolation(error, 'sellers', ['gstin'])).toBe(false)
  })
  it('is false for other errors', () => {
    expect(isUniqueViolation(new Error('NOT NULL constraint failed: users.email'))).toBe(false)
    expect(isUniqueViolation('UNIQUE')).toBe(false)
  })
})
