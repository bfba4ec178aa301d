// Sign-up with a taken e-mail answers in the time of one with a new e-mail (issue 53, from the
// sign-up answer of docs/domain.md): nobody learns from the time whether an address has an account.
// On the production server (scrypt N=2^17), seven sign-ups of each, taken and new in turn; the
// fastest of each is what the work costs, least touched by other processes: the slower of the two
// over the faster must stay under 1.5.
//
// The test (app/features/account/signup-answer.server.test.ts) proves the work without a clock:
// one hash either way, finished before the address is looked up, and the same answer.
import { atMost } from './budgets'
import { startServer } from './server'

const ROUNDS = 7
const fmt = (n: number) => n.toFixed(0)

export async function benchSignup(): Promise<string[]> {
  // BENCH_PORT moves it off the benchmarks' port (another checkout's benchmark on the same machine).
  const server = await startServer({}, Number(process.env.BENCH_PORT ?? 3190))
  try {
    let n = 0
    const signUp = async (email: string) => {
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
      const started = performance.now()
      const res = await fetch(`${server.url}/signup`, { method: 'POST', body, redirect: 'manual' })
      await res.text()
      const ms = performance.now() - started
      if (res.status !== 302 || res.headers.get('Location') !== '/signup?sent=1')
        throw new Error(`a sign-up answered ${res.status} ${res.headers.get('Location')}`)
      return ms
    }
    const taken: number[] = []
    const fresh: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      taken.push(await signUp('seller@example.com'))
      fresh.push(await signUp(`new.${i}@timing.example`))
    }
    const [fastTaken, fastNew] = [Math.min(...taken), Math.min(...fresh)]
    const ratio = Math.max(fastTaken, fastNew) / Math.min(fastTaken, fastNew)
    atMost('sign-up time, taken e-mail against new (slower over faster, fastest of each)', ratio, 1.5, '×')
    return [
      `${ROUNDS} sign-ups of each at production's hash cost: taken e-mail fastest ${fmt(fastTaken)} ms, new e-mail fastest ${fmt(fastNew)} ms; ratio ${ratio.toFixed(2)}`,
    ]
  } finally {
    await server.stop()
  }
}
