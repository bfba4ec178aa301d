import type { Database } from '#db/database'
import { config } from '~/config.server'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { webhookUrlProblem, type WebhookUrlPolicy } from '~/platform/webhook-address.server'
import { subscribableEvents, type WebhookEventName } from '~/platform/webhook-events'
import { newWebhookSecret } from '~/platform/webhook-signature.server'
import { emitEvent } from '~/platform/webhooks.server'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { audienceOf, type WebhookOwner } from './shared'

// A company's (or the platform's) webhook subscriptions, changed by its administrators: each change
// one transaction with its audit entry (docs/domain.md "Webhooks (issue 40)"). A subscription of
// another owner is not found. Creating, rotating, replaying, testing and deleting are once per
// idempotency key (the page's), so a double submit does it once.

type Actor = { userId: number }

/** Subscriptions one owner may have: a receiver per system is plenty, and every event is fanned out to each. */
export const MAX_SUBSCRIPTIONS = 20

/** The address rules of this process: https in production; public addresses as WEBHOOK_ALLOW_PRIVATE says (config.server.ts). */
export const urlPolicy = (): WebhookUrlPolicy => ({
  httpsOnly: config().production,
  allowPrivate: config().webhookAllowPrivate,
})

/** The owner's columns of a subscription. */
const ownerColumns = (owner: WebhookOwner) => ({
  owner_kind: owner.kind,
  buyer_id: owner.kind === 'buyer' ? owner.id : null,
  seller_id: owner.kind === 'seller' ? owner.id : null,
})

/** The subscription, when it is the owner's: its row as a change reads it (else a refusal: not found). */
async function ownSubscription(trx: Executor, owner: WebhookOwner, id: number) {
  const row = await trx
    .selectFrom('webhook_subscriptions')
    .select(['id', 'url', 'status', 'secret', 'owner_kind', 'buyer_id', 'seller_id'])
    .where('id', '=', id)
    .where('owner_kind', '=', owner.kind)
    .$if(owner.kind === 'buyer', (q) => q.where('buyer_id', '=', owner.kind === 'buyer' ? owner.id : -1))
    .$if(owner.kind === 'seller', (q) => q.where('seller_id', '=', owner.kind === 'seller' ? owner.id : -1))
    .executeTakeFirst()
  if (!row) throw Refused.notFound('There is no such subscription.')
  return row
}

type OwnSubscription = Awaited<ReturnType<typeof ownSubscription>>

/** A change of one of the owner's subscriptions: one transaction, once per idempotency key. */
function onceOnSubscription(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: number,
  key: string | undefined,
  scope: string,
  change: (trx: Executor, subscription: OwnSubscription) => Promise<void>,
): Promise<Result<{ repeated: boolean }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const { repeated } = await once(trx, key, `${scope}:${id}`, actor.userId, async () => {
        await change(trx, await ownSubscription(trx, owner, id))
        return id
      })
      return { repeated }
    }),
  )
}

export interface SubscriptionInput {
  url: string
  description?: string
  events: string[]
}

/** Subscribes the owner to events at a URL, with a new signing secret. Once per idempotency key. */
export async function createSubscription(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  input: SubscriptionInput,
  key: string | undefined,
  policy = urlPolicy(),
): Promise<Result<{ id: number; repeated: boolean }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, key, 'webhook_subscription', actor.userId, async () => {
        const url = input.url.trim()
        const problem = webhookUrlProblem(url, policy)
        if (problem) throw new Refused('url', problem)
        const allowed = subscribableEvents(audienceOf(owner))
        const events = [...new Set(input.events)]
        if (events.length === 0 || events.some((e) => !allowed.includes(e as WebhookEventName)))
          throw new Refused('events', 'Choose at least one event from the list')
        const { n } = await trx
          .selectFrom('webhook_subscriptions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_kind', '=', owner.kind)
          .$if(owner.kind === 'buyer', (q) => q.where('buyer_id', '=', owner.kind === 'buyer' ? owner.id : -1))
          .$if(owner.kind === 'seller', (q) => q.where('seller_id', '=', owner.kind === 'seller' ? owner.id : -1))
          .executeTakeFirstOrThrow()
        if (Number(n) >= MAX_SUBSCRIPTIONS)
          throw new Refused(
            undefined,
            `There are already ${MAX_SUBSCRIPTIONS} subscriptions: delete one you no longer use first.`,
          )
        const at = new Date().toISOString()
        const row = await trx
          .insertInto('webhook_subscriptions')
          .values({
            ...ownerColumns(owner),
            url,
            description: input.description?.trim() ?? '',
            event_types: JSON.stringify(events),
            secret: newWebhookSecret(),
            created_by: actor.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        // Never the secret: the audit log is read by more people than the subscription's admins.
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'webhook_subscription.created',
          entityType: 'webhook_subscription',
          entityId: row.id,
          after: { url, description: input.description?.trim() || null, events, owner: owner.kind },
        })
        return row.id
      })
      return { id: result, repeated }
    }),
  )
}

/**
 * A new signing secret; the one it replaces still signs for a day (both signatures are sent), so the
 * receiver can switch without losing a delivery. A second rotation within that day drops the oldest.
 */
export async function rotateSecret(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: number,
  key: string | undefined,
): Promise<Result<{ repeated: boolean }>> {
  return onceOnSubscription(db, actor, owner, id, key, 'webhook_rotate', async (trx, subscription) => {
    const at = new Date().toISOString()
    await trx
      .updateTable('webhook_subscriptions')
      .set({ previous_secret: subscription.secret, secret: newWebhookSecret(), rotated_at: at, updated_at: at })
      .where('id', '=', id)
      .execute()
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'webhook_subscription.secret_rotated',
      entityType: 'webhook_subscription',
      entityId: id,
      after: { url: subscription.url },
    })
  })
}

/** Disables a subscription (nothing is sent, deliveries wait) or enables it again (waiting deliveries go out). */
export async function setSubscriptionStatus(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: number,
  status: 'active' | 'disabled',
): Promise<Result<{ changed: boolean }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const subscription = await ownSubscription(trx, owner, id)
      if (subscription.status === status) return { changed: false }
      const moved = await trx
        .updateTable('webhook_subscriptions')
        .set({ status, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('status', '=', subscription.status)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) return { changed: false }
      await audit(trx, {
        actorUserId: actor.userId,
        action: status === 'active' ? 'webhook_subscription.enabled' : 'webhook_subscription.disabled',
        entityType: 'webhook_subscription',
        entityId: id,
        before: { status: subscription.status },
        after: { status },
      })
      return { changed: true }
    }),
  )
}

/** Deletes a subscription with its deliveries and their log. Once per idempotency key. */
export async function deleteSubscription(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: number,
  key: string | undefined,
): Promise<Result<{ repeated: boolean }>> {
  return onceOnSubscription(db, actor, owner, id, key, 'webhook_delete', async (trx, subscription) => {
    await trx.deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'webhook_subscription.deleted',
      entityType: 'webhook_subscription',
      entityId: id,
      before: { url: subscription.url },
    })
  })
}

/**
 * Sends a delivery again: queued now as a new attempt with the retry schedule started afresh (the same
 * message id, so a receiver that already has it can tell). One waiting to be sent is left as it is.
 * Once per idempotency key.
 */
export async function replayDelivery(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  subscriptionId: number,
  deliveryId: number,
  key: string | undefined,
): Promise<Result<{ repeated: boolean; type: string }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      await ownSubscription(trx, owner, subscriptionId)
      const delivery = await trx
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .select(['d.id', 'd.status', 'e.type', 'e.msg_id'])
        .where('d.id', '=', deliveryId)
        .where('d.subscription_id', '=', subscriptionId)
        .executeTakeFirst()
      if (!delivery) throw Refused.notFound('There is no such delivery.')
      const { repeated } = await once(trx, key, `webhook_replay:${deliveryId}`, actor.userId, async () => {
        const at = new Date().toISOString()
        const queued = await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', tries: 0, next_attempt_at: at, claimed_by: null, claimed_until: null })
          .where('id', '=', deliveryId)
          .where('status', '<>', 'pending')
          .executeTakeFirst()
        if (Number(queued.numUpdatedRows) !== 1)
          throw new Refused(undefined, `This ${delivery.type} delivery is already waiting to be sent.`)
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'webhook_subscription.delivery_replayed',
          entityType: 'webhook_subscription',
          entityId: subscriptionId,
          after: { delivery: deliveryId, event: delivery.type, message: delivery.msg_id, was: delivery.status },
        })
        return deliveryId
      })
      return { repeated, type: delivery.type }
    }),
  )
}

/** Queues a `webhook.test` event to this subscription alone. Once per idempotency key. */
export async function sendTestEvent(
  db: Database,
  actor: Actor,
  owner: WebhookOwner,
  id: number,
  key: string | undefined,
): Promise<Result<{ repeated: boolean }>> {
  return onceOnSubscription(db, actor, owner, id, key, 'webhook_test', async (trx, subscription) => {
    if (subscription.status !== 'active')
      throw new Refused(undefined, 'This subscription is disabled: enable it to send it a test event.')
    await emitEvent(trx, {
      type: 'webhook.test',
      buyerId: subscription.buyer_id,
      sellerId: subscription.seller_id,
      subscriptionId: id,
      data: {
        subscription: { id },
        message: 'A test event: your endpoint received it and checked its signature.',
      },
    })
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'webhook_subscription.test_sent',
      entityType: 'webhook_subscription',
      entityId: id,
      after: { url: subscription.url },
    })
  })
}
