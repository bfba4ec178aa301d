import { ACCOUNT_LIMIT, loginWait, recordLoginFailure, recordLoginSuccess } from './throttle.server'

describe('login throttle', () => {
  it('blocks an account after repeated failures and frees it after a success', async () => {
    const email = 'target@example.com'
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) await recordLoginFailure(email, '10.0.0.1')
    expect(await loginWait(email, '10.0.0.2')).toBe(0)
    await recordLoginFailure(email, '10.0.0.1')
    const wait = await loginWait(email, '10.0.0.2')
    expect(wait).toBeGreaterThan(10 * 60_000)
    expect(await loginWait('someone-else@example.com', '10.0.0.2')).toBe(0)
    await recordLoginSuccess(email)
    expect(await loginWait(email, '10.0.0.2')).toBe(0)
  })

  it('blocks an address that fails across many accounts', async () => {
    for (let i = 0; i < 50; i++) await recordLoginFailure(`user${i}@example.com`, '192.0.2.7')
    expect(await loginWait('fresh@example.com', '192.0.2.7')).toBeGreaterThan(0)
    expect(await loginWait('fresh@example.com', '192.0.2.8')).toBe(0)
  })
})
