import type { AppLoadContext } from '@remix-run/node'
import * as passwords from '~/auth/password.server'
import { getDb } from '~/db.server'
import { action } from '~/routes/_public+/signup'

// A sign-up must not tell whether its e-mail has an account: the same answer, the same work, the
// same time. The time is the password hash (0.6 s in production; the rest is a few statements), so
// what is proven here is the work, without a clock: one hash of the same password at the same cost
// either way, finished before the account is even looked up, then the same answer. How long each
// takes at production's cost is measured by the benchmark: `npm run bench -- sign-up`
// (tests/bench/signup.ts), whose ratio was a test here until a loaded machine missed it (issue 53).
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
  const response = (await action({ request, context, params: {} })) as Response
  return {
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

  it('hashes before it looks the e-mail up, so the answer waits for the whole hash either way', async () => {
    // What happens, in order: the hash begun and finished (its promise awaited), each table read,
    // the answer. A hash begun but not awaited before the lookup would show the lookup first.
    const db = getDb()
    const selectFrom = db.selectFrom.bind(db)
    const hashPassword = passwords.hashPassword
    let events: string[] = []
    const hash = vi.spyOn(passwords, 'hashPassword').mockImplementation(async (password) => {
      events.push(`hash ${passwords.hashCost()}`)
      const hashed = await hashPassword(password)
      events.push('hashed')
      return hashed
    })
    const read = vi.spyOn(db, 'selectFrom').mockImplementation(((from: string) => {
      events.push(`read ${from}`)
      return selectFrom(from as 'users')
    }) as typeof db.selectFrom)
    try {
      const orderOf = async (email: string) => {
        events = []
        const answer = await signUpAs(email)
        events.push(`answer ${answer.status} ${answer.location}`)
        // The steps up to the account's lookup, and the answer.
        return [...events.slice(0, events.indexOf('read users') + 1), events.at(-1)]
      }
      const expected = ['hash ' + passwords.hashCost(), 'hashed', 'read users', 'answer 302 /signup?sent=1']
      expect(await orderOf('seller@example.com')).toEqual(expected)
      expect(await orderOf('ordered.new@timing.example')).toEqual(expected)
      expect(hash.mock.calls).toEqual([['a-long-enough-secret-2026'], ['a-long-enough-secret-2026']])
    } finally {
      hash.mockRestore()
      read.mockRestore()
    }
  })
})
