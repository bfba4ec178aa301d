import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

// OWASP's scrypt floor is N=2^17, r=8, p=1; it needs 128 MiB, so maxmem is raised.
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
const KEY_LENGTH = 32

/**
 * The cost of new hashes: OWASP's floor, always in production. Outside production the test suites
 * lower it with PASSWORD_HASH_COST (a power of two from 1024): a hash is then milliseconds, not
 * 0.6 s, and the suites sign in, sign up and fuzz the password forms hundreds of times. Nothing
 * else about a check changes, and each hash keeps its own N, so any stored hash still verifies.
 */
export function hashCost(env: Record<string, string | undefined> = process.env): number {
  if (env.NODE_ENV === 'production' || !env.PASSWORD_HASH_COST) return PARAMS.N
  const n = Number(env.PASSWORD_HASH_COST)
  return Number.isInteger(n) && n >= 1024 && n <= PARAMS.N && (n & (n - 1)) === 0 ? n : PARAMS.N
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const N = hashCost()
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, N })
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const N = Number(n)
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: Math.max(PARAMS.maxmem, 256 * N * Number(r)),
  })
  return crypto.timingSafeEqual(key, expected)
}

/** A hash that never matches, used to spend the same time when the account does not exist. */
let decoy: Promise<string> | undefined
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  return decoy
}
