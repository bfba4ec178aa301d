// Security and durability rules (issue #9): uniqueness decided by the database on SQLite and
// PostgreSQL alike, sessions that expire when idle, and outbox rows a delivery worker can claim.
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Rules that only SQLite's single writer held until now: each becomes a unique (partial) index.
  await db.schema
    .createIndex('seller_skus_open_offer_unique')
    .on('seller_skus')
    .columns(['seller_id', 'product_sku_id'])
    .unique()
    .where(sql.ref('status'), '<>', 'archived')
    .execute()
  await db.schema
    .createIndex('price_change_requests_pending_unique')
    .on('price_change_requests')
    .column('buyer_sku_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute()
  for (const table of ['buyers', 'sellers']) {
    await db.schema
      .createIndex(`${table}_gstin_unique`)
      .on(table)
      .column('gstin')
      .unique()
      .where(sql.ref('gstin'), 'is not', null)
      .execute()
  }

  // Staff sessions end after 12 idle hours: when the session was last used (null: never since sign-in).
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute()

  // The delivery worker claims a row before sending it, retries later, and gives up in the end.
  await db.schema.alterTable('outbox_emails').addColumn('claimed_by', 'text').execute()
  await db.schema.alterTable('outbox_emails').addColumn('claimed_until', 'text').execute()
  await db.schema.alterTable('outbox_emails').addColumn('next_attempt_at', 'text').execute()
  await db.schema.alterTable('outbox_emails').addColumn('failed_at', 'text').execute()
  await db.schema
    .createIndex('outbox_due_idx')
    .on('outbox_emails')
    .columns(['sent_at', 'failed_at', 'next_attempt_at'])
    .execute()

  // Purges walk these by age.
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute()
  await db.schema
    .createIndex('password_reset_tokens_expires_idx')
    .on('password_reset_tokens')
    .column('expires_at')
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('password_reset_tokens_expires_idx').execute()
  await db.schema.dropIndex('idempotency_keys_created_idx').execute()
  await db.schema.dropIndex('outbox_due_idx').execute()
  for (const column of ['failed_at', 'next_attempt_at', 'claimed_until', 'claimed_by']) {
    await db.schema.alterTable('outbox_emails').dropColumn(column).execute()
  }
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute()
  for (const table of ['buyers', 'sellers']) await db.schema.dropIndex(`${table}_gstin_unique`).execute()
  await db.schema.dropIndex('price_change_requests_pending_unique').execute()
  await db.schema.dropIndex('seller_skus_open_offer_unique').execute()
}
