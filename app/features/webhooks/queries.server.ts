import type { Database } from '#db/database'
import type { WebhookDeliveryStatus } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import type { Executor } from '~/platform/executor'
import { ROTATION_OVERLAP_MS } from '~/platform/webhook-signature.server'
import { isWebhookEventName, subscribableEvents, WEBHOOK_EVENTS } from '~/platform/webhook-events'
import { readId } from '~/utils/list-params'
import { isCompanyAdmin } from '../own-company/queries.server'
import { audienceOf, LOG_PAGE, type WebhookOwner, type WebhookPortal } from './shared'

// What a webhook page reads: the owner's subscriptions, one subscription with its delivery log. Every
// read is scoped to the owner (another owner's subscription is not found), and only its
// administrators read them at all: a subscription's URL may carry a credential, and its page the secret.

/** Whose subscriptions a portal's pages manage for this viewer, and whether it may (company admins; staff of /dev_admin). */
export async function webhookOwnerOf(
  db: Executor,
  viewer: Viewer,
  portal: WebhookPortal,
): Promise<{ owner: WebhookOwner; mayManage: boolean } | null> {
  if (portal === 'dev_admin') return { owner: { kind: 'platform' }, mayManage: true }
  const company = viewer.company
  if (!company || company.kind !== portal) return null
  const owner: WebhookOwner = { kind: company.kind, id: company.id }
  return {
    owner,
    mayManage: await isCompanyAdmin(db, viewer.userId, { kind: company.kind, id: company.id, name: company.name }),
  }
}

/** The owner's subscriptions (a query's condition). */
function ofOwner(db: Executor, owner: WebhookOwner) {
  return db
    .selectFrom('webhook_subscriptions as s')
    .where('s.owner_kind', '=', owner.kind)
    .$if(owner.kind === 'buyer', (q) => q.where('s.buyer_id', '=', owner.kind === 'buyer' ? owner.id : -1))
    .$if(owner.kind === 'seller', (q) => q.where('s.seller_id', '=', owner.kind === 'seller' ? owner.id : -1))
}

/** Whether the subscription is the owner's. */
export async function isOwnSubscription(db: Executor, owner: WebhookOwner, id: number): Promise<boolean> {
  return (await ofOwner(db, owner).select('s.id').where('s.id', '=', id).executeTakeFirst()) !== undefined
}

/** An event type with its words, for lists and the form. */
const eventWords = (type: string) => ({
  type,
  label: isWebhookEventName(type) ? WEBHOOK_EVENTS[type].label : type,
})

/** The events an owner may choose, with what each is. */
export const eventChoices = (owner: WebhookOwner) =>
  subscribableEvents(audienceOf(owner)).map((type) => ({
    type,
    label: WEBHOOK_EVENTS[type].label,
    describe: WEBHOOK_EVENTS[type].describe,
  }))

/** The owner's subscriptions, newest first, each with its deliveries waiting and given up. */
export async function subscriptionList(db: Database, owner: WebhookOwner) {
  const rows = await ofOwner(db, owner)
    .select(['s.id', 's.url', 's.description', 's.status', 's.event_types', 's.created_at'])
    .select((eb) => [
      eb
        .selectFrom('webhook_deliveries as d')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('d.subscription_id', '=', 's.id')
        .where('d.status', '=', 'pending')
        .as('waiting'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('d.subscription_id', '=', 's.id')
        .where('d.status', '=', 'failed')
        .as('failed'),
    ])
    .orderBy('s.id', 'desc')
    .execute()
  return rows.map(({ event_types, ...row }) => ({
    ...row,
    waiting: Number(row.waiting ?? 0),
    failed: Number(row.failed ?? 0),
    events: (JSON.parse(event_types) as string[]).map(eventWords),
  }))
}
export type SubscriptionRow = Awaited<ReturnType<typeof subscriptionList>>[number]

const DELIVERY_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'skipped',
] as const satisfies readonly WebhookDeliveryStatus[]

/** The log's filter: one status (or all), and where the page starts (deliveries before this id). */
export function readLogFilter(url: URL) {
  const status = url.searchParams.get('status')
  return {
    status: (DELIVERY_STATUSES as readonly string[]).includes(status ?? '') ? (status as WebhookDeliveryStatus) : null,
    before: readId(url.searchParams.get('before')),
  }
}

/**
 * One subscription of the owner with its secret (the page is its administrators') and a page of its
 * delivery log, newest first: event, status, attempts, the last answer and how long it took, and
 * every attempt of the deliveries shown. Null when the subscription is not the owner's.
 */
export async function subscriptionDetail(db: Database, owner: WebhookOwner, id: number, url: URL, now = new Date()) {
  const subscription = await ofOwner(db, owner)
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select([
      's.id',
      's.url',
      's.description',
      's.status',
      's.event_types',
      's.secret',
      's.previous_secret',
      's.rotated_at',
      's.created_at',
      's.updated_at',
      'u.name as created_by',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst()
  if (!subscription) return null
  const filter = readLogFilter(url)
  const deliveries = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_attempt_at',
      'd.last_status_code',
      'd.last_response_ms',
      'd.last_error',
      'd.created_at',
      'e.type',
      'e.msg_id',
    ])
    .where('d.subscription_id', '=', id)
    .$if(filter.status !== null, (q) => q.where('d.status', '=', filter.status!))
    .$if(filter.before !== null, (q) => q.where('d.id', '<', filter.before!))
    .orderBy('d.id', 'desc')
    .limit(LOG_PAGE + 1)
    .execute()
  const shown = deliveries.slice(0, LOG_PAGE)
  const attempts = shown.length
    ? await db
        .selectFrom('webhook_attempts')
        .select(['id', 'delivery_id', 'at', 'status_code', 'response_ms', 'error'])
        .where(
          'delivery_id',
          'in',
          shown.map((d) => d.id),
        )
        .orderBy('id')
        .execute()
    : []
  const { event_types, previous_secret, rotated_at, ...rest } = subscription
  const previousUntil =
    previous_secret && rotated_at ? new Date(new Date(rotated_at).getTime() + ROTATION_OVERLAP_MS) : null
  return {
    subscription: {
      ...rest,
      rotated_at,
      events: (JSON.parse(event_types) as string[]).map(eventWords),
      // The secret before the rotation, while it still signs: the receiver may still hold it.
      previousSignsUntil: previousUntil && previousUntil > now ? previousUntil.toISOString() : null,
    },
    filter,
    deliveries: shown.map((d) => ({
      ...d,
      label: eventWords(d.type).label,
      log: attempts.filter((a) => a.delivery_id === d.id),
    })),
    older: deliveries.length > LOG_PAGE ? shown.at(-1)!.id : null,
  }
}
export type SubscriptionDetail = NonNullable<Awaited<ReturnType<typeof subscriptionDetail>>>
