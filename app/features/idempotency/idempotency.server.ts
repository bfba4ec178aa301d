import crypto from 'node:crypto'
import type { Executor } from '../audit/audit.server'

/** A fresh key for a create form, rendered into a hidden `idempotencyKey` field. */
export const newIdempotencyKey = () => crypto.randomUUID()

/**
 * Runs `create` once per key: a retried submit (double click, a resend on a bad network) gets the
 * first result back instead of making a second record. Call it inside the create's transaction so
 * the key and the record commit together.
 */
export async function once<T extends string | number>(
  trx: Executor,
  key: string | undefined,
  scope: string,
  userId: number | null,
  create: () => Promise<T>,
): Promise<{ result: T; repeated: boolean }> {
  if (!key) return { result: await create(), repeated: false }
  // A key is the user's own: another user's identical key (guessed or copied from a page) never
  // finds this user's result, and the primary key keeps them apart.
  const scoped = `${scope}:${userId ?? 'anonymous'}:${key}`
  const seen = await trx
    .selectFrom('idempotency_keys')
    .select('result')
    .where('key', '=', scoped)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .executeTakeFirst()
  if (seen) return { result: JSON.parse(seen.result) as T, repeated: true }
  const result = await create()
  await trx
    .insertInto('idempotency_keys')
    .values({ key: scoped, user_id: userId, scope, result: JSON.stringify(result), created_at: new Date().toISOString() })
    .execute()
  return { result, repeated: false }
}
