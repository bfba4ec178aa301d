import type { Pool } from 'pg'
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible'
import { getDatabase } from '~/db.server'
import { countOf } from '~/utils/format'

/**
 * Every limit on the public forms, in one place (docs/domain.md, "Sign-in and sessions").
 *
 * Sign-in: an attempt is counted *before* its password is checked (a success gives it back), so
 * parallel guesses cannot all be checked before any is counted: however many arrive at once, at
 * most ACCOUNT_FREE of one account's are checked (from any number of addresses).
 * - account + address: 5 failures block that pair for 15 minutes (the hard block);
 * - account, from anywhere: past 5 failures in an hour each further failure makes the next attempt
 *   wait 2, 4, 8 … up to 60 seconds: a brake on guessing that nobody can turn into a lock-out;
 * - address: 50 failures an hour block it for 15 minutes.
 * Sign-up, "forgot password" and reset: a number of submits an hour per address.
 */
export const PAIR_LIMIT = 5
export const ACCOUNT_FREE = 5
export const ADDRESS_LIMIT = 50
export const MAX_DELAY_SECONDS = 60
const BLOCK_SECONDS = 15 * 60
const HOUR = 60 * 60

/** Requests a minute one API token may make (API_RATE_PER_MINUTE overrides it; docs/api.md). */
export const API_RATE_PER_MINUTE = 600
const apiRate = () => {
  const text = process.env.API_RATE_PER_MINUTE?.trim()
  const n = text ? Number(text) : NaN
  return Number.isInteger(n) && n > 0 ? n : API_RATE_PER_MINUTE
}

export const FORM_LIMITS = { signup: 20, forgot_password: 20, reset_password: 20 } as const
export type LimitedForm = keyof typeof FORM_LIMITS

type Limiter = RateLimiterSQLite | RateLimiterPostgres

/**
 * The pool as the PostgreSQL store sees it, its statements unnamed. The store names every statement
 * (`login_throttle:rlflx-get`), and a named statement lives in one server connection's session: behind
 * PgBouncer in transaction pooling mode the next query may reach another connection, where it is
 * missing or already exists, and every sign-in failed (docs/operations.md "PgBouncer"). The store
 * only ever calls `query` of a pool (storeType 'pool'), with the statement's text and values.
 */
const unnamedStatements = (pool: Pool) => ({
  query: ({ text, values }: { text: string; values?: unknown[] }) => pool.query({ text, values }),
})

function limiters() {
  // The counters live in the app's database (table login_throttle, made by a migration), so every
  // process serving it shares them; expired rows are purged by the housekeeping worker.
  const database = getDatabase()
  const common = { tableName: 'login_throttle', tableCreated: true, clearExpiredByTimeout: false }
  const limiter = (keyPrefix: string, points: number, duration: number, blockDuration = 0): Limiter =>
    database.kind === 'postgres'
      ? new RateLimiterPostgres({
          ...common,
          storeClient: unnamedStatements(database.pool),
          storeType: 'pool',
          keyPrefix,
          points,
          duration,
          blockDuration,
        })
      : new RateLimiterSQLite({
          ...common,
          storeClient: database.sqlite,
          storeType: 'better-sqlite3',
          keyPrefix,
          points,
          duration,
          blockDuration,
        })
  return {
    pair: limiter('pair', PAIR_LIMIT, BLOCK_SECONDS, BLOCK_SECONDS),
    account: limiter('acct', 1_000_000, HOUR),
    pace: limiter('pace', 1, MAX_DELAY_SECONDS),
    address: limiter('ip', ADDRESS_LIMIT, HOUR, BLOCK_SECONDS),
    api: limiter('api', apiRate(), 60),
    forms: Object.fromEntries(
      Object.entries(FORM_LIMITS).map(([form, points]) => [form, limiter(`form-${form}`, points, HOUR)]),
    ) as Record<LimitedForm, Limiter>,
  }
}
// One set per database handle: the counters' store is the handle's connection.
const cached = new WeakMap<object, ReturnType<typeof limiters>>()
const get = () => {
  const database = getDatabase()
  let set = cached.get(database)
  if (!set) cached.set(database, (set = limiters()))
  return set
}

const waitOf = (error: unknown) => {
  if (error instanceof RateLimiterRes) return Math.max(error.msBeforeNext, 1000)
  throw error
}

/**
 * Counts a sign-in attempt before its password is checked. Answers 0 when the password may be
 * checked now, else the milliseconds to wait (nothing is checked then).
 */
export async function beginLoginAttempt(email: string, ip: string): Promise<number> {
  const { pair, pace, address, account } = get()
  const pairKey = `${email}|${ip}`
  // Waits first, so a blocked client does not use up its own later attempts.
  const [pairNow, paceNow, addressNow] = await Promise.all([pair.get(pairKey), pace.get(email), address.get(ip)])
  const waiting = (res: RateLimiterRes | null, limit: number) =>
    res && res.consumedPoints >= limit ? Math.max(res.msBeforeNext, 1000) : 0
  const wait = Math.max(waiting(pairNow, PAIR_LIMIT), waiting(paceNow, 1), waiting(addressNow, ADDRESS_LIMIT))
  if (wait > 0) return wait
  // Each consume is one atomic update of its row (an upsert in the shared table, so it holds across
  // processes): of parallel attempts only the first few pass, and an attempt turned away here is
  // given back, since nothing was checked.
  try {
    await pair.consume(pairKey)
  } catch (error) {
    return waitOf(error)
  }
  try {
    await address.consume(ip)
  } catch (error) {
    await pair.reward(pairKey)
    return waitOf(error)
  }
  // The account's point is taken before the password is checked: the attempt's number since the
  // last success decides. The first ACCOUNT_FREE - 1 go on freely; from the last free one on, an
  // attempt must also hold the account's single pace point, so of a burst at most ACCOUNT_FREE are
  // checked, and after a failure the next one waits for the delay loginFailed sets.
  const attemptNumber = (await account.consume(email)).consumedPoints
  if (attemptNumber < ACCOUNT_FREE) return 0
  try {
    await pace.consume(email)
    return 0
  } catch (error) {
    await Promise.all([pair.reward(pairKey), address.reward(ip), account.reward(email)])
    return waitOf(error)
  }
}

/** The password was wrong: the attempt stays counted, and past the free ones the account slows down. */
export async function loginFailed(email: string): Promise<void> {
  const { account, pace } = get()
  const failures = (await account.get(email))?.consumedPoints ?? 0
  if (failures >= ACCOUNT_FREE) await pace.block(email, Math.min(2 ** (failures - ACCOUNT_FREE + 1), MAX_DELAY_SECONDS))
}

/** The password was right: the attempt is given back and the account's and pair's counts cleared. */
export async function loginSucceeded(email: string, ip: string): Promise<void> {
  const { pair, account, pace, address } = get()
  await Promise.all([pair.delete(`${email}|${ip}`), account.delete(email), pace.delete(email), address.reward(ip)])
}

/** Counts one submit of a public form from an address: 0 when it may go on, else the milliseconds to wait. */
export async function formSubmitWait(form: LimitedForm, ip: string): Promise<number> {
  try {
    await get().forms[form].consume(ip)
    return 0
  } catch (error) {
    return waitOf(error)
  }
}

/**
 * Counts one API request of a token (a fixed minute window in the shared table, so it holds across
 * processes): its limit, what is left and when the window ends; `retryAfterMs` when refused.
 */
export async function apiRequestAllowance(
  tokenId: number,
): Promise<{ limit: number; remaining: number; resetMs: number; retryAfterMs: number | null }> {
  const limiter = get().api
  try {
    const res = await limiter.consume(String(tokenId))
    return { limit: limiter.points, remaining: res.remainingPoints, resetMs: res.msBeforeNext, retryAfterMs: null }
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error
    const wait = Math.max(error.msBeforeNext, 1000)
    return { limit: limiter.points, remaining: 0, resetMs: error.msBeforeNext, retryAfterMs: wait }
  }
}

/** "3 minutes", "45 seconds": how a wait reads in a message. */
export function waitText(ms: number): string {
  if (ms < 60_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    return countOf(seconds, 'second')
  }
  const minutes = Math.ceil(ms / 60_000)
  return countOf(minutes, 'minute')
}
