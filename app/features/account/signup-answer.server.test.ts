import type { AppLoadContext } from '@remix-run/node'
import * as passwords from '~/auth/password.server'
import { getDb } from '~/db.server'
import { action } from '~/routes/_public+/signup'

/** A sign-up must not tell whether its e-mail has an account: the same answer, the same work, the same time. */
let n = 0
async function signUpAs(email: string) {
  n += 1
  const body = new URLSearchParams({
    companyKind: 'buyer',
    companyName: `Timing Traders ${n}`,
    name: 'Tara Timing',
    email,
    phone: '9876501234',
    password: 'a-long-enough-secret-2026',
    confirmPassword: 'a-long-enough-secret-2026',
  })
  const request = new Request('http://localhost/signup', { method: 'POST', body })
  // One address per submit: the per-address sign-up limit is not what is measured here.
  const context = { clientIp: `198.51.100.${n}`, menus: {} } as AppLoadContext
  const started = performance.now()
  const response = (await action({ request, context, params: {} })) as Response
  return {
    ms: performance.now() - started,
    status: response.status,
    location: response.headers.get('Location'),
    cookie: response.headers.get('Set-Cookie'),
  }
}

describe('sign-up with a known or a new e-mail', () => {
  it('hashes the password exactly once either way and answers alike', async () => {
    const hash = vi.spyOn(passwords, 'hashPassword')
    const known = await signUpAs('buyer@example.com')
    expect(hash).toHaveBeenCalledTimes(1)
    const fresh = await signUpAs('someone.new@timing.example')
    expect(hash).toHaveBeenCalledTimes(2)
    hash.mockRestore()
    const answer = ({ status, location, cookie }: typeof known) => ({ status, location, cookie })
    expect(answer(known)).toEqual(answer(fresh))
    expect(answer(known)).toEqual({ status: 302, location: '/signup?sent=1', cookie: null })
    // The owner of the known address is told, the new one welcomed.
    const kinds = await getDb()
      .selectFrom('outbox_emails')
      .select(['to_address', 'kind'])
      .where('to_address', 'in', ['buyer@example.com', 'someone.new@timing.example'])
      .execute()
    expect(kinds).toEqual(
      expect.arrayContaining([
        { to_address: 'buyer@example.com', kind: 'signup_existing' },
        { to_address: 'someone.new@timing.example', kind: 'signup_welcome' },
      ]),
    )
  })

  it('takes about the same time at a real hash cost', async () => {
    // The suites hash at 2^10 (a millisecond); the difference a hash makes shows at a real cost
    // (production is 2^17, where the new account's inserts are a smaller share still).
    const suiteCost = process.env.PASSWORD_HASH_COST
    process.env.PASSWORD_HASH_COST = String(2 ** 15)
    try {
      const known: number[] = []
      const fresh: number[] = []
      for (let i = 0; i < 7; i++) {
        known.push((await signUpAs('seller@example.com')).ms)
        fresh.push((await signUpAs(`new.${i}@timing.example`)).ms)
      }
      // The fastest of each: what the work itself costs, least touched by other processes on the machine.
      const ratio = Math.max(Math.min(...known), Math.min(...fresh)) / Math.min(Math.min(...known), Math.min(...fresh))
      expect(ratio).toBeLessThan(1.5)
    } finally {
      process.env.PASSWORD_HASH_COST = suiteCost
    }
  })
})
