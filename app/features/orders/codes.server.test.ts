import { getDb } from '~/db.server'
import { nextCode } from '~/platform/numbering.server'

describe('order codes', () => {
  it('numbers each kind per year from 1, six digits, in the platform time zone', async () => {
    const db = getDb()
    // 31 Dec 2027 20:00 UTC is already 1 Jan 2028 in Kolkata.
    const newYear = new Date('2027-12-31T20:00:00Z')
    expect(await db.transaction().execute((trx) => nextCode(trx, 'MO', newYear))).toBe('MO-2028-000001')
    expect(await db.transaction().execute((trx) => nextCode(trx, 'MO', newYear))).toBe('MO-2028-000002')
    expect(await db.transaction().execute((trx) => nextCode(trx, 'SO', newYear))).toBe('SO-2028-000001')
  })

  it('gives twenty transactions at once twenty different numbers, and a rolled-back one gives its number back', async () => {
    const db = getDb()
    const at = new Date('2029-06-01T00:00:00Z')
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => db.transaction().execute((trx) => nextCode(trx, 'SO', at))),
    )
    expect(new Set(codes).size).toBe(20)
    expect([...codes].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `SO-2029-${String(i + 1).padStart(6, '0')}`))
    await expect(
      db.transaction().execute(async (trx) => {
        await nextCode(trx, 'SO', at)
        throw new Error('the order failed')
      }),
    ).rejects.toThrow('the order failed')
    expect(await db.transaction().execute((trx) => nextCode(trx, 'SO', at))).toBe('SO-2029-000021')
  })
})
