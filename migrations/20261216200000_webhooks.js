// Issue 40, webhooks (docs/domain.md "Webhooks (issue 40)"): a company's (or the platform's)
// subscriptions to events, with their signing secret (Standard Webhooks: `whsec_…`) and the one it
// replaced for a day after a rotation; the events, queued inside the transaction of the change that
// caused them; one delivery per event and subscription, its payload already read through the
// subscription owner's lens, claimed by a worker with a lease; and every attempt, for the log.
// Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)
  const index = (table, name, columns) => db.schema.createIndex(name).on(table).columns(columns).execute()

  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', idType, id)
    // buyer, seller or platform (staff): whose lens reads the events, and who manages it
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'integer', (c) => c.references('buyers.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // A JSON array of event types (seller_order.approved, ...)
    .addColumn('event_types', 'text', (c) => c.notNull())
    // whsec_<base64 of 24 random bytes>; the one before a rotation signs too until a day after it
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('rotated_at', 'text')
    // active, disabled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await index('webhook_subscriptions', 'webhook_subscriptions_buyer_idx', ['buyer_id'])
  await index('webhook_subscriptions', 'webhook_subscriptions_seller_idx', ['seller_id'])
  await index('webhook_subscriptions', 'webhook_subscriptions_owner_idx', ['owner_kind', 'status'])

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', idType, id)
    // The Standard Webhooks message id (webhook-id): the same on every retry and replay
    .addColumn('msg_id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'integer', (c) => c.references('buyers.id').onDelete('set null'))
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await index('webhook_events', 'webhook_events_created_idx', ['created_at'])

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', idType, id)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('webhook_subscriptions.id').onDelete('cascade'),
    )
    // The JSON body sent, as the subscription's owner may read it
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending, succeeded, failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    // Every attempt made (the log's count) and those since it was queued or replayed (the backoff's)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_response_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('succeeded_at', 'text')
    .addColumn('created_at', 'text', now)
    .addUniqueConstraint('webhook_deliveries_uq', ['event_id', 'subscription_id'])
    .execute()
  await index('webhook_deliveries', 'webhook_deliveries_due_idx', ['status', 'next_attempt_at'])
  await index('webhook_deliveries', 'webhook_deliveries_log_idx', ['subscription_id', 'id'])

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', idType, id)
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    // null: no answer (refused, timed out, an address not allowed)
    .addColumn('status_code', 'integer')
    .addColumn('response_ms', 'integer')
    .addColumn('error', 'text')
    .execute()
  await index('webhook_attempts', 'webhook_attempts_delivery_idx', ['delivery_id', 'id'])
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_subscriptions'])
    await db.schema.dropTable(table).execute()
}
