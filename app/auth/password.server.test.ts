import { hashCost, hashPassword, verifyPassword } from './password.server'

describe('password hashing', () => {
  it('uses scrypt with N >= 2^17, r 8, p 1 and a random salt', async () => {
    const cost = process.env.PASSWORD_HASH_COST
    // The suites run with a lower cost (vitest.config.ts): this hash is made as production makes it.
    delete process.env.PASSWORD_HASH_COST
    try {
      const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')])
      const [scheme, n, r, p] = a.split('$')
      expect(scheme).toBe('scrypt')
      expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17)
      expect([Number(r), Number(p)]).toEqual([8, 1])
      expect(a).not.toBe(b)
      expect(await verifyPassword('correct horse battery', a)).toBe(true)
    } finally {
      if (cost !== undefined) process.env.PASSWORD_HASH_COST = cost
    }
  })

  it('takes a lower cost only outside production, and only a valid one', () => {
    expect(hashCost({ NODE_ENV: 'production', PASSWORD_HASH_COST: '1024' })).toBe(2 ** 17)
    expect(hashCost({ NODE_ENV: 'test', PASSWORD_HASH_COST: '1024' })).toBe(1024)
    expect(hashCost({ NODE_ENV: 'development' })).toBe(2 ** 17)
    for (const bad of ['1000', '512', 'cheap', '-1024', String(2 ** 18)])
      expect(hashCost({ PASSWORD_HASH_COST: bad })).toBe(2 ** 17)
  })

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false)
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false)
  })
})
