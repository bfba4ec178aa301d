import crypto from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Database } from '#db/database'
import { safeRedirect } from '~/auth/redirect'
import type { Executor } from '~/platform/executor'
import type { WebhookFetch } from './webhook-address.server'
import { deliverWebhooksDue, purgeWebhooks } from './webhooks.server'

export interface Email {
  to: string
  subject: string
  text: string
  kind: string
  /**
   * The record the mail is about, as a local path (a `/redirect/…` helper, or the reader's own page
   * where none exists): the "Open" of its copy in the recipient's in-app inbox. Anything but a local
   * path is dropped.
   */
  link?: string
}

/**
 * Puts an e-mail in the outbox, inside the caller's transaction: it is sent only if the change commits.
 * When the recipient is an active user, the same mail lands in that user's in-app inbox (the
 * `notifications` table) in the same transaction: every e-mail the platform sends goes through here,
 * so none is missed (docs/domain.md "In-app inbox (issue 40)").
 */
export async function queueEmail(db: Executor, email: Email): Promise<void> {
  const createdAt = new Date().toISOString()
  await db
    .insertInto('outbox_emails')
    .values({
      to_address: email.to,
      subject: email.subject,
      body_text: email.text,
      kind: email.kind,
      created_at: createdAt,
    })
    .execute()
  // Users' addresses are stored in lower case (the e-mail field lowers what is typed): one indexed look-up.
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.to.trim().toLowerCase())
    .where('status', '=', 'active')
    .executeTakeFirst()
  if (!user) return
  // A one-time link (a password reset, an invitation) is never copied: the inbox says it was e-mailed.
  const secret = SECRET_KINDS.has(email.kind)
  await db
    .insertInto('notifications')
    .values({
      user_id: user.id,
      kind: email.kind,
      subject: email.subject,
      body_text: secret ? SECRET_NOTICE : email.text,
      link: secret ? null : localLink(email.link),
      created_at: createdAt,
    })
    .execute()
}

/** A notification's link: a local path that stays one once normalised (safeRedirect), else none. */
function localLink(link: string | undefined): string | null {
  if (!link) return null
  const safe = safeRedirect(link, '')
  return safe === '' ? null : safe
}

/** Kinds whose body holds a secret link: once sent, the stored copy is redacted. */
export const SECRET_KINDS = new Set(['password_reset', 'invitation'])
export const REDACTED_BODY = '(Removed after sending: this e-mail held a one-time link.)'
/** The in-app copy of such a mail: its subject, and this instead of its body. */
export const SECRET_NOTICE =
  'This e-mail holds a one-time link, so it is not shown here: open it in your e-mail. If you did not expect it, you need not do anything.'

/** Attempts before a mail is given up (marked failed, kept for a person to read). */
export const MAX_ATTEMPTS = 6
/** How long a worker may hold a claimed row before another may take it over. */
const LEASE_MS = 2 * 60_000
const BATCH = 20

/** Minutes until the next attempt after `attempts` failures: 1, 2, 4, 8, 16 ... capped at an hour. */
export const backoffMinutes = (attempts: number) => Math.min(2 ** (attempts - 1), 60)

export interface Mailer {
  send(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>
  close?(): void
}

/** A nodemailer transport (SMTP_URL, or any nodemailer transport options) as a Mailer. */
export function nodemailerMailer(options: Parameters<typeof nodemailer.createTransport>[0]): Mailer {
  const transport = nodemailer.createTransport(options)
  return { send: (mail) => transport.sendMail(mail), close: () => transport.close() }
}

/**
 * Sends the mails that are due. Each row is claimed with a conditional update before it is sent,
 * so two workers (two processes, or two overlapping ticks) never send one mail twice; a claim left
 * by a worker that died expires after the lease. A failure is recorded and retried with backoff,
 * and given up after MAX_ATTEMPTS. Returns how many were sent.
 */
export async function deliverDue(
  db: Database,
  mailer: Mailer,
  from: string,
  workerId: string,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString()
  const due = await db
    .selectFrom('outbox_emails')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', at)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('id')
    .limit(BATCH)
    .execute()
  let sent = 0
  for (const { id } of due) {
    const claimed = await db
      .updateTable('outbox_emails')
      .set({ claimed_by: workerId, claimed_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) continue
    const mail = await db
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject', 'body_text', 'kind', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const attempts = mail.attempts + 1
    try {
      await mailer.send({ from, to: mail.to_address, subject: mail.subject, text: mail.body_text })
      await db
        .updateTable('outbox_emails')
        .set({
          sent_at: new Date().toISOString(),
          attempts,
          last_error: null,
          claimed_by: null,
          claimed_until: null,
          ...(SECRET_KINDS.has(mail.kind) ? { body_text: REDACTED_BODY } : {}),
        })
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .execute()
      sent++
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
      const givingUp = attempts >= MAX_ATTEMPTS
      if (givingUp)
        console.error(`Outbox: gave up on e-mail #${id} to ${mail.to_address} after ${attempts} attempts: ${message}`)
      await db
        .updateTable('outbox_emails')
        .set({
          attempts,
          last_error: message,
          claimed_by: null,
          claimed_until: null,
          next_attempt_at: new Date(now.getTime() + backoffMinutes(attempts) * 60_000).toISOString(),
          failed_at: givingUp ? new Date().toISOString() : null,
        })
        .where('id', '=', id)
        .where('claimed_by', '=', workerId)
        .execute()
    }
  }
  return sent
}

/** Retentions of the housekeeping purge (docs/domain.md). */
export const RETENTION = {
  idempotencyKeyDays: 7,
  sentMailDays: 30,
  usedTokenDays: 1,
  /** In-app notifications, counted from when they were read. */
  readNotificationDays: 90,
  /** Notifications never read (a user who never signs in): their records stay, the reminder goes. */
  unreadNotificationDays: 365,
}

/**
 * Deletes what has outlived its use: expired sessions, used or expired reset and invitation
 * tokens, old idempotency keys, sent mail past its retention, in-app notifications read long ago
 * (or never read for a year), expired throttle counters, and finished webhook deliveries past
 * their retention. Unsent and failed mail is kept for a person to read.
 */
export async function purgeExpired(db: Database, now = new Date()): Promise<Record<string, number>> {
  const at = now.toISOString()
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows)
  return {
    sessions: count(await db.deleteFrom('sessions').where('expires_at', '<=', at).executeTakeFirst()),
    tokens: count(
      await db
        .deleteFrom('password_reset_tokens')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', daysAgo(RETENTION.usedTokenDays)),
            eb('used_at', '<=', daysAgo(RETENTION.usedTokenDays)),
          ]),
        )
        .executeTakeFirst(),
    ),
    idempotencyKeys: count(
      await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<=', daysAgo(RETENTION.idempotencyKeyDays))
        .executeTakeFirst(),
    ),
    // The integration API's Idempotency-Keys are kept a day (docs/api.md).
    apiIdempotencyKeys: count(
      await db.deleteFrom('api_idempotency').where('created_at', '<=', daysAgo(1)).executeTakeFirst(),
    ),
    sentMail: count(
      await db.deleteFrom('outbox_emails').where('sent_at', '<=', daysAgo(RETENTION.sentMailDays)).executeTakeFirst(),
    ),
    // Two statements, so each is one range of the (read_at, created_at) index.
    notifications:
      count(
        await db
          .deleteFrom('notifications')
          .where('read_at', '<=', daysAgo(RETENTION.readNotificationDays))
          .executeTakeFirst(),
      ) +
      count(
        await db
          .deleteFrom('notifications')
          .where('read_at', 'is', null)
          .where('created_at', '<=', daysAgo(RETENTION.unreadNotificationDays))
          .executeTakeFirst(),
      ),
    // rate-limiter-flexible keeps `expire` in milliseconds since the epoch.
    throttle: count(await db.deleteFrom('login_throttle').where('expire', '<=', now.getTime()).executeTakeFirst()),
    webhookDeliveries: await purgeWebhooks(db, now),
  }
}

export interface WorkerOptions {
  db: () => Database
  /** Null: no transport (the demo): mail waits in the outbox, the purge still runs. */
  mailer: Mailer | null
  from: string
  /** The HTTP client webhook deliveries go out through (webhook-address.server.ts); none: webhooks wait. */
  webhooks?: WebhookFetch | null
  deliverEveryMs?: number
  purgeEveryMs?: number
  /** Sweeps files whose rows are gone (app/features/housekeeping): at start-up, then daily. */
  sweep?: () => Promise<unknown>
  sweepEveryMs?: number
  log?: (line: string) => void
}

export interface Worker {
  /** Deliver now (after a change that queued a mail someone is waiting for). */
  kick(): void
  stop(): Promise<void>
}

let running: Worker | null = null

/**
 * The background worker of the server process: delivers the outbox and the webhooks every few
 * seconds and purges once an hour. One per process; with several processes, each may run one
 * (claims keep them apart). Webhooks have their own line of work, so a slow receiver never holds up mail.
 */
export function startWorker(options: WorkerOptions): Worker {
  const workerId = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`
  const log = options.log ?? console.error
  let ticking: Promise<unknown> = Promise.resolve()
  let stopped = false
  const tick = (what: 'deliver' | 'purge' | 'sweep') => {
    if (stopped) return
    ticking = ticking
      .then(async () => {
        if (what === 'purge') await purgeExpired(options.db())
        else if (what === 'sweep') await options.sweep?.()
        else if (options.mailer) await deliverDue(options.db(), options.mailer, options.from, workerId)
      })
      .catch((error) => log(`Background ${what} failed: ${error instanceof Error ? error.message : String(error)}`))
  }
  let hooking: Promise<unknown> = Promise.resolve()
  let hookQueued = false
  const tickWebhooks = () => {
    const client = options.webhooks
    // One tick waiting behind the running one is enough: kicks meanwhile join it.
    if (stopped || !client || hookQueued) return
    hookQueued = true
    hooking = hooking
      .then(async () => {
        hookQueued = false
        await deliverWebhooksDue(options.db(), client, workerId)
      })
      .catch((error) => log(`Background webhooks failed: ${error instanceof Error ? error.message : String(error)}`))
  }
  const deliver = setInterval(() => {
    tick('deliver')
    tickWebhooks()
  }, options.deliverEveryMs ?? 5_000)
  const purge = setInterval(() => tick('purge'), options.purgeEveryMs ?? 60 * 60_000)
  const sweep = setInterval(() => tick('sweep'), options.sweepEveryMs ?? 24 * 60 * 60_000)
  deliver.unref()
  purge.unref()
  sweep.unref()
  tick('purge')
  tick('sweep')
  tick('deliver')
  tickWebhooks()
  running = {
    kick: () => {
      tick('deliver')
      tickWebhooks()
    },
    stop: async () => {
      stopped = true
      clearInterval(deliver)
      clearInterval(purge)
      clearInterval(sweep)
      await ticking
      await hooking
      options.mailer?.close?.()
      running = null
    },
  }
  return running
}

/** Asks this process's worker, if it runs one, to deliver now. */
export function kickWorker(): void {
  running?.kick()
}
