import crypto from 'node:crypto'
import type { Database } from '#db/database'
import type { CompanyStatus, WebhookOwnerKind } from '#db/types'
import type { Executor } from '~/platform/executor'
import { lensEvent, type EventData, type WebhookAudience, type WebhookEventName } from './webhook-events'
import { signingSecrets, webhookHeaders } from './webhook-signature.server'
import type { WebhookFetch } from './webhook-address.server'

// Webhooks through the outbox (docs/domain.md "Webhooks (issue 40)"): an event is queued inside the
// transaction of the change that causes it (so only a change that commits is ever sent), as one
// delivery per matching subscription, its payload read through that subscription owner's lens then
// and there; a worker beside the e-mail outbox sends the deliveries that are due, each claimed with a
// conditional update (two processes never send one twice), and retries failures with backoff.

/** An event to queue: its type, the buyer and seller it concerns (whose subscriptions may hear of it), its facts. */
export interface WebhookEventInput {
  type: WebhookEventName
  buyerId: number | null
  sellerId: number | null
  data: EventData
  at?: Date
  /** Only to this subscription, whatever it subscribes to (the test event). */
  subscriptionId?: number
}

const audienceOf: Record<WebhookOwnerKind, WebhookAudience> = { buyer: 'buyer', seller: 'seller', platform: 'platform' }

// A company that is not active (waiting for approval, suspended) hears of nothing, as its API
// tokens are refused: its subscriptions are passed over when an event is queued, and a delivery
// queued before the company stopped being active is skipped when it falls due (docs/webhooks.md).

/** The subscription `s` with its owner company joined (`ob` the buyer, `os` the seller), to read the owner's status. */
const withOwner = (db: Executor) =>
  db
    .selectFrom('webhook_subscriptions as s')
    .leftJoin('buyers as ob', (join) => join.onRef('ob.id', '=', 's.buyer_id').on('s.owner_kind', '=', 'buyer'))
    .leftJoin('sellers as os', (join) => join.onRef('os.id', '=', 's.seller_id').on('s.owner_kind', '=', 'seller'))

/** Why a delivery of a company that is not active is not sent, in a line for the log. */
const SKIPPED_BECAUSE: Record<Exclude<CompanyStatus, 'active'>, string> = {
  suspended: 'Not sent: the company was suspended when it fell due. Replay it once the company is active again.',
  pending: 'Not sent: the company was waiting for approval when it fell due. Replay it once the company is active.',
}

/**
 * Whether any subscription is active at all: a step asks it before reading an event's facts, so a
 * platform nobody subscribes to pays one small read per event.
 */
export async function anyoneListening(trx: Executor): Promise<boolean> {
  const row = await trx
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** A Standard Webhooks message id: unique, the same on every retry and replay of the event. */
const newMessageId = () => `msg_${crypto.randomBytes(18).toString('base64url')}`

/**
 * Queues an event for the active subscriptions that may read it and subscribe to its type: the
 * platform's always, the buyer's and the seller's it concerns when their lens reads it at all. Call
 * it inside the transaction of the change. Writes nothing when nobody listens. Answers the number of
 * deliveries queued.
 */
export async function emitEvent(trx: Executor, event: WebhookEventInput): Promise<number> {
  const read = {
    buyer: event.buyerId === null ? null : lensEvent(event.type, 'buyer', event.data),
    seller: event.sellerId === null ? null : lensEvent(event.type, 'seller', event.data),
    platform: lensEvent(event.type, 'platform', event.data),
  }
  const candidates = await withOwner(trx)
    .select(['s.id', 's.owner_kind', 's.event_types'])
    .where('s.status', '=', 'active')
    // The platform, or an active company.
    .where((eb) =>
      eb.or([eb('s.owner_kind', '=', 'platform'), eb('ob.status', '=', 'active'), eb('os.status', '=', 'active')]),
    )
    .where((eb) =>
      eb.or([
        ...(read.platform ? [eb('s.owner_kind', '=', 'platform')] : []),
        ...(read.buyer ? [eb('s.buyer_id', '=', event.buyerId!)] : []),
        ...(read.seller ? [eb('s.seller_id', '=', event.sellerId!)] : []),
        // Nobody may read it: an always-false condition keeps the query valid.
        ...(read.platform || read.buyer || read.seller ? [] : [eb('s.id', '<', 0)]),
      ]),
    )
    .$if(event.subscriptionId !== undefined, (q) => q.where('s.id', '=', event.subscriptionId!))
    .orderBy('s.id')
    .execute()
  const listening = candidates.filter(
    (s) => event.subscriptionId !== undefined || (JSON.parse(s.event_types) as string[]).includes(event.type),
  )
  if (listening.length === 0) return 0
  const at = (event.at ?? new Date()).toISOString()
  const row = await trx
    .insertInto('webhook_events')
    .values({
      msg_id: newMessageId(),
      type: event.type,
      buyer_id: event.buyerId,
      seller_id: event.sellerId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('webhook_deliveries')
    .values(
      listening.map((s) => ({
        event_id: row.id,
        subscription_id: s.id,
        payload: JSON.stringify({ type: event.type, timestamp: at, data: read[audienceOf[s.owner_kind]] }),
        status: 'pending' as const,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute()
  return listening.length
}

/**
 * Waits after the 1st, 2nd, ... failure: the schedule of the Standard Webhooks guidance (Svix's):
 * 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, 10 hours; given up after the 8th attempt.
 */
export const WEBHOOK_RETRY_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
]
export const MAX_WEBHOOK_TRIES = WEBHOOK_RETRY_MS.length + 1
/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How long a worker holds a claimed delivery before another may take it over (well past the timeout). */
const LEASE_MS = 2 * 60_000
const BATCH = 20

/** The due deliveries of active subscriptions, oldest due first. */
async function dueDeliveries(db: Database, at: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('s.status', '=', 'active')
    .where((eb) => eb.or([eb('d.next_attempt_at', 'is', null), eb('d.next_attempt_at', '<=', at)]))
    .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', at)]))
    .orderBy('d.next_attempt_at')
    .orderBy('d.id')
    .limit(BATCH)
    .execute()
}

/** Takes a delivery for this worker, if nobody holds it and it is still waiting: of two workers, one gets it. */
async function claim(db: Database, id: number, workerId: string, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ claimed_by: workerId, claimed_until: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** Why an answer is not a success, in a line for the log. */
const answerProblem = (status: number, text: string) =>
  `HTTP ${status}${text.trim() ? `: ${text.trim().replace(/\s+/g, ' ').slice(0, 200)}` : ''}`

/**
 * One attempt of a claimed delivery: sent, signed, timed, and its outcome written (success, retry or
 * given up); skipped, unsent, when its owner company is no longer active.
 */
async function attempt(db: Database, fetchImpl: WebhookFetch, id: number, workerId: string, now: Date) {
  const delivery = await withOwner(db)
    .innerJoin('webhook_deliveries as d', 'd.subscription_id', 's.id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(['d.payload', 'd.tries', 'e.msg_id', 's.url', 's.secret', 's.previous_secret', 's.rotated_at'])
    .select(['s.owner_kind', 'ob.status as buyer_status', 'os.status as seller_status'])
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!delivery) return false
  const company = delivery.owner_kind === 'platform' ? 'active' : (delivery.buyer_status ?? delivery.seller_status)
  if (company !== 'active') {
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: 'skipped',
        next_attempt_at: null,
        last_error: SKIPPED_BECAUSE[company ?? 'suspended'],
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute()
    return false
  }
  const sentAt = new Date()
  const timestamp = Math.floor(sentAt.getTime() / 1000)
  const headers = webhookHeaders(signingSecrets(delivery, sentAt), delivery.msg_id, timestamp, delivery.payload)
  const started = performance.now()
  let statusCode: number | null = null
  let problem: string | null = null
  try {
    const response = await fetchImpl(delivery.url, {
      method: 'POST',
      headers,
      body: delivery.payload,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      redirect: 'manual',
    })
    statusCode = response.status
    const text = await response.text().catch(() => '')
    if (statusCode < 200 || statusCode > 299) problem = answerProblem(statusCode, text)
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
    problem =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`
        : `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 500)
  }
  const ms = Math.round(performance.now() - started)
  const tries = delivery.tries + 1
  const givingUp = problem !== null && tries >= MAX_WEBHOOK_TRIES
  const at = now.toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: id, at, status_code: statusCode, response_ms: ms, error: problem })
      .execute()
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        tries,
        status: problem === null ? 'succeeded' : givingUp ? 'failed' : 'pending',
        succeeded_at: problem === null ? at : null,
        next_attempt_at:
          problem === null || givingUp ? null : new Date(now.getTime() + WEBHOOK_RETRY_MS[tries - 1]!).toISOString(),
        last_attempt_at: at,
        last_status_code: statusCode,
        last_response_ms: ms,
        last_error: problem,
        claimed_by: null,
        claimed_until: null,
      }))
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute()
  })
  return problem === null
}

/**
 * Sends the webhook deliveries that are due (beside the outbox's deliverDue). Each is claimed with a
 * conditional update before it is sent, so two workers never send one delivery twice; a claim left
 * by a worker that died expires after the lease. The batch is sent side by side (a slow receiver
 * holds only its own delivery). `now` is the schedule's clock (tests move it forward); the
 * webhook-timestamp header is always the real time of sending. Answers how many succeeded.
 */
export async function deliverWebhooksDue(
  db: Database,
  fetchImpl: WebhookFetch,
  workerId: string,
  now = new Date(),
): Promise<number> {
  const due = await dueDeliveries(db, now.toISOString())
  const claimed: number[] = []
  for (const { id } of due) if (await claim(db, id, workerId, now)) claimed.push(id)
  const results = await Promise.all(claimed.map((id) => attempt(db, fetchImpl, id, workerId, now)))
  return results.filter(Boolean).length
}

/** Days a finished delivery (succeeded or given up) and its attempts are kept for the log. */
export const WEBHOOK_RETENTION_DAYS = 30

/** Deletes finished deliveries past their retention, then events nobody waits on any more. */
export async function purgeWebhooks(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000).toISOString()
  const deleted = await db
    .deleteFrom('webhook_deliveries')
    .where('status', '<>', 'pending')
    .where('created_at', '<=', before)
    .executeTakeFirst()
  await db
    .deleteFrom('webhook_events')
    .where('created_at', '<=', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries')
            .select('id')
            .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id'),
        ),
      ),
    )
    .execute()
  return Number(deleted.numDeletedRows)
}
