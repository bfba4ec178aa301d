import type { AppLoadContext } from '@remix-run/node'
import * as passwords from '~/auth/password.server'
import { handleLogin } from '~/features/account/login.server'
import {
  ACCOUNT_FREE,
  ADDRESS_LIMIT,
  MAX_DELAY_SECONDS,
  beginLoginAttempt,
  FORM_LIMITS,
  formSubmitWait,
  loginFailed,
  loginSucceeded,
  PAIR_LIMIT,
  waitText,
} from './throttle.server'

/** One whole attempt as the sign-in action makes it: counted first, then the password. */
async function attempt(email: string, ip: string, right: boolean): Promise<number> {
  const wait = await beginLoginAttempt(email, ip)
  if (wait > 0) return wait
  if (right) await loginSucceeded(email, ip)
  else await loginFailed(email)
  return 0
}

describe('login throttle', () => {
  it('blocks an account from one address after repeated failures, and not from another beyond a short delay', async () => {
    const email = 'target@example.com'
    for (let i = 0; i < PAIR_LIMIT; i++) expect(await attempt(email, '10.0.0.1', false)).toBe(0)
    // The attacker's address is blocked for its 15 minutes...
    expect(await beginLoginAttempt(email, '10.0.0.1')).toBeGreaterThan(10 * 60_000)
    // ...while the owner elsewhere waits seconds at most, then gets in.
    const delay = await beginLoginAttempt(email, '10.0.0.2')
    expect(delay).toBeLessThanOrEqual(60_000)
  })

  it('slows an account attacked from many addresses with a short delay, never locking it for long', async () => {
    const email = 'spread@example.com'
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      const wait = await beginLoginAttempt(email, `198.51.100.${i}`)
      waits.push(wait)
      if (wait === 0) await loginFailed(email)
    }
    expect(waits.slice(0, ACCOUNT_FREE)).toEqual([0, 0, 0, 0, 0])
    for (const wait of waits.slice(ACCOUNT_FREE)) {
      expect(wait).toBeGreaterThanOrEqual(1000)
      expect(wait).toBeLessThanOrEqual(MAX_DELAY_SECONDS * 1000)
    }
  })

  it('blocks an address that fails across many accounts', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++) await attempt(`user${i}@example.com`, '192.0.2.7', false)
    expect(await beginLoginAttempt('fresh@example.com', '192.0.2.7')).toBeGreaterThan(0)
    expect(await beginLoginAttempt('fresh@example.com', '192.0.2.8')).toBe(0)
  })

  it('checks at most the limit of twenty parallel wrong passwords', async () => {
    const verify = vi.spyOn(passwords, 'verifyPassword')
    const context = { clientIp: '203.0.113.50', menus: {} } as AppLoadContext
    const post = (i: number) =>
      new Request('http://localhost/login', {
        method: 'POST',
        body: new URLSearchParams({ email: 'buyer@example.com', password: `wrong-guess-${i}` }),
      })
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => handleLogin(post(i), context)))
    const statuses = answers.map((a) =>
      a instanceof Response ? a.status : (a as { init: { status: number } }).init.status,
    )
    expect(verify.mock.calls.length).toBeLessThanOrEqual(PAIR_LIMIT)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - PAIR_LIMIT)
    verify.mockRestore()
  })

  it('checks at most ACCOUNT_FREE of 6 addresses x 5 parallel wrong passwords on one account, and brakes the right one after', async () => {
    const verify = vi.spyOn(passwords, 'verifyPassword')
    const email = 'seller@example.com'
    const post = (password: string) =>
      new Request('http://localhost/login', { method: 'POST', body: new URLSearchParams({ email, password }) })
    const from = (ip: string) => ({ clientIp: ip, menus: {} }) as AppLoadContext
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        handleLogin(post(`wrong-guess-${i}`), from(`198.18.${Math.floor(i / 5)}.1`)),
      ),
    )
    const statuses = answers.map((a) =>
      a instanceof Response ? a.status : (a as { init: { status: number } }).init.status,
    )
    expect(verify.mock.calls.length).toBeLessThanOrEqual(ACCOUNT_FREE)
    expect(statuses.filter((s) => s === 400).length).toBe(verify.mock.calls.length)
    expect(statuses.filter((s) => s === 429).length).toBe(30 - verify.mock.calls.length)
    // The right password from a seventh address is braked too, without being checked.
    verify.mockClear()
    const right = await handleLogin(post('demo-pass-2026'), from('198.18.9.1'))
    expect(right instanceof Response ? right.status : (right as { init: { status: number } }).init.status).toBe(429)
    expect(verify).not.toHaveBeenCalled()
    verify.mockRestore()
  })

  it('limits sign-up, forgot-password and reset submits per address', async () => {
    for (const form of Object.keys(FORM_LIMITS) as (keyof typeof FORM_LIMITS)[]) {
      for (let i = 0; i < FORM_LIMITS[form]; i++) expect(await formSubmitWait(form, '203.0.113.77')).toBe(0)
      expect(await formSubmitWait(form, '203.0.113.77')).toBeGreaterThan(0)
      expect(await formSubmitWait(form, '203.0.113.78')).toBe(0)
    }
  })

  it('says a wait in words', () => {
    expect(waitText(1500)).toBe('2 seconds')
    expect(waitText(14 * 60_000 + 1)).toBe('15 minutes')
  })
})
