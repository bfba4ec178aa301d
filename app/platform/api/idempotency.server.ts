import crypto from 'node:crypto'
import type { Database } from '#db/database'
import { ApiProblem } from './problem'

// Idempotency-Key for the API's writes (docs/api.md "Idempotency", after the IETF
// draft-ietf-httpapi-idempotency-key-header): every POST carries a key; a retry with the same key
// and the same request gets the first answer again (and nothing is done twice); the same key with
// another request is refused (422); a retry while the first is still being answered is told so
// (409). Keys are per token and kept 24 hours. The claim is a row keyed by (token, key): on
// PostgreSQL a second process's claim conflicts on the primary key, so only one runs the request.

export const IDEMPOTENCY_HOURS = 24
/** A claim whose request never answered (the process died) may be taken over after this. */
const CLAIM_MS = 60_000
export const IDEMPOTENCY_KEY_MAX = 255

export interface StoredAnswer {
  status: number
  body: string
  location: string | null
}

export const requestHashOf = (method: string, path: string, body: string) =>
  crypto.createHash('sha256').update(`${method} ${path}\n${body}`).digest('base64url')

/**
 * Runs `answer` once per (token, key): the first answer (unless it failed on our side, 5xx) is kept
 * and returned to every retry with `replayed: true`.
 */
export async function onceForKey(
  db: Database,
  tokenId: number,
  key: string,
  requestHash: string,
  answer: () => Promise<StoredAnswer>,
  now = new Date(),
): Promise<StoredAnswer & { replayed: boolean }> {
  const lockedUntil = new Date(now.getTime() + CLAIM_MS).toISOString()
  const claimed = await db
    .insertInto('api_idempotency')
    .values({
      token_id: tokenId,
      key,
      request_hash: requestHash,
      locked_until: lockedUntil,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['token_id', 'key']).doNothing())
    .executeTakeFirst()
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
    const seen = await db
      .selectFrom('api_idempotency')
      .select(['request_hash', 'response_status', 'response_body', 'response_location', 'locked_until', 'created_at'])
      .where('token_id', '=', tokenId)
      .where('key', '=', key)
      .executeTakeFirst()
    // Gone between the two statements (purged, or its request failed and let go): a fresh claim.
    if (!seen) return onceForKey(db, tokenId, key, requestHash, answer, now)
    if (seen.request_hash !== requestHash) {
      throw ApiProblem.of(
        'idempotency-key-reused',
        `This Idempotency-Key was first used on ${seen.created_at.slice(0, 19).replace('T', ' ')} UTC for another request. Use a new key for a new request.`,
      )
    }
    if (seen.response_status != null && seen.response_body != null) {
      return {
        status: seen.response_status,
        body: seen.response_body,
        location: seen.response_location,
        replayed: true,
      }
    }
    // Still being answered, unless its claim has lapsed: then this retry takes it over (one winner).
    const takeover = await db
      .updateTable('api_idempotency')
      .set({ locked_until: lockedUntil })
      .where('token_id', '=', tokenId)
      .where('key', '=', key)
      .where('response_status', 'is', null)
      .where('locked_until', '<', now.toISOString())
      .executeTakeFirst()
    if (Number(takeover.numUpdatedRows) !== 1) {
      throw ApiProblem.of(
        'idempotency-in-progress',
        'A request with this Idempotency-Key is still being answered. Retry it in a few seconds to read its answer.',
      )
    }
  }
  let result: StoredAnswer
  try {
    result = await answer()
  } catch (error) {
    await release(db, tokenId, key)
    throw error
  }
  if (result.status >= 500) {
    await release(db, tokenId, key)
    return { ...result, replayed: false }
  }
  await db
    .updateTable('api_idempotency')
    .set({
      response_status: result.status,
      response_body: result.body,
      response_location: result.location,
      locked_until: null,
    })
    .where('token_id', '=', tokenId)
    .where('key', '=', key)
    .execute()
  return { ...result, replayed: false }
}

/** A request that failed on our side lets its key go, so a retry runs it again. */
async function release(db: Database, tokenId: number, key: string) {
  await db
    .deleteFrom('api_idempotency')
    .where('token_id', '=', tokenId)
    .where('key', '=', key)
    .where('response_status', 'is', null)
    .execute()
}
