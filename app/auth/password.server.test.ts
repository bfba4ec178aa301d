import { hashPassword, verifyPassword } from './password.server'

describe('password hashing', () => {
  it('uses scrypt with N >= 2^17, r 8, p 1 and a random salt', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')])
    const [scheme, n, r, p] = a.split('$')
    expect(scheme).toBe('scrypt')
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17)
    expect([Number(r), Number(p)]).toEqual([8, 1])
    expect(a).not.toBe(b)
  })

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false)
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false)
  })
})
