import crypto from 'node:crypto'
import type { Executor } from '~/platform/executor'

/** A fresh key for a create form, rendered into a hidden `idempotencyKey` field. */
export const newIdempotencyKey = () => crypto.randomUUID()

/** The result of a key whose create has not committed yet (never valid JSON). */
const CLAIMED = ''

/**
 * Runs `create` once per key: a retried submit (double click, a resend on a bad network) gets the
 * first result back instead of making a second record. Call it inside the create's transaction so
 * the key and the record commit together.
 *
 * The key is claimed first (an insert that does nothing on conflict). When two submits with one key
 * run at once (PostgreSQL), the second's claim waits on the first's uncommitted row; once the first
 * commits, the second finds its result and answers with it. Should the first roll back, the
 * second's claim succeeds and it creates.
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
  const claim = await trx
    .insertInto('idempotency_keys')
    .values({ key: scoped, user_id: userId, scope, result: CLAIMED, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) {
    const seen = await trx.selectFrom('idempotency_keys').select('result').where('key', '=', scoped).executeTakeFirst()
    if (!seen || seen.result === CLAIMED) throw new Error(`idempotency key ${scope} was claimed but holds no result`)
    return { result: JSON.parse(seen.result) as T, repeated: true }
  }
  const result = await create()
  await trx
    .updateTable('idempotency_keys')
    .set({ result: JSON.stringify(result) })
    .where('key', '=', scoped)
    .execute()
  return { result, repeated: false }
}
