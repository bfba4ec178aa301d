import { RateLimiterSQLite, type RateLimiterRes } from 'rate-limiter-flexible'
import { getSqlite } from '~/db.server'

// Failed sign-ins: 5 in a row for one account, or 50 an hour from one address, block for 15 minutes.
export const ACCOUNT_LIMIT = 5
export const ADDRESS_LIMIT = 50
const BLOCK_SECONDS = 15 * 60

function limiters() {
  const common = { storeClient: getSqlite(), storeType: 'better-sqlite3', tableName: 'login_throttle', tableCreated: true }
  return {
    account: new RateLimiterSQLite({
      ...common,
      keyPrefix: 'acct',
      points: ACCOUNT_LIMIT,
      duration: BLOCK_SECONDS,
      blockDuration: BLOCK_SECONDS,
    }),
    address: new RateLimiterSQLite({
      ...common,
      keyPrefix: 'ip',
      points: ADDRESS_LIMIT,
      duration: 60 * 60,
      blockDuration: BLOCK_SECONDS,
    }),
  }
}
let cached: ReturnType<typeof limiters> | undefined
const get = () => (cached ??= limiters())

/** Milliseconds until another attempt is allowed, or 0 when sign-in may be tried now. */
export async function loginWait(email: string, ip: string): Promise<number> {
  const { account, address } = get()
  const [byAccount, byAddress] = await Promise.all([account.get(email), address.get(ip)])
  const wait = (res: RateLimiterRes | null, limit: number) =>
    res && res.consumedPoints >= limit ? Math.max(res.msBeforeNext, 1000) : 0
  return Math.max(wait(byAccount, ACCOUNT_LIMIT), wait(byAddress, ADDRESS_LIMIT))
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const { account, address } = get()
  // A rejected consume only means the key is already blocked: that is the point.
  await Promise.allSettled([account.consume(email), address.consume(ip)])
}

export async function recordLoginSuccess(email: string): Promise<void> {
  await get().account.delete(email)
}
