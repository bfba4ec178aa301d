// Issue 40, the integration API (docs/api.md, docs/domain.md "Integration API"): tokens that act as
// the user who made them, with scopes and an expiry, kept only as a hash; the Idempotency-Key of
// every POST, per token, with the first answer kept for a retry; and, on each audit entry, the token
// a change came through. Frozen in time: never import app code.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', idType, id)
    // The token acts as this user, through its roles, company and lenses, and no further than its scopes.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the whole token (base64url): the token itself is shown once and never kept.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The token's first characters, shown in lists so a person can tell tokens apart.
    .addColumn('prefix', 'text', (c) => c.notNull())
    // A JSON array of scope keys (app/auth/api-scopes.ts).
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(stamp))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('api_idempotency')
    .addColumn('token_id', 'integer', (c) => c.notNull().references('api_tokens.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // The method, path and SHA-256 of the body: the same key with another request is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Null while the first request is still being answered.
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_location', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(stamp))
    // A claim whose request never answered (the process died) may be taken again after this.
    .addColumn('locked_until', 'text')
    .addPrimaryKeyConstraint('api_idempotency_pk', ['token_id', 'key'])
    .execute()
  await db.schema.createIndex('api_idempotency_created_idx').on('api_idempotency').column('created_at').execute()

  // The token an audited change came through (null: a person at a page, a seed, a worker).
  await db.schema
    .alterTable('audit_events')
    .addColumn('api_token_id', 'integer', (c) => c.references('api_tokens.id').onDelete('set null'))
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.alterTable('audit_events').dropColumn('api_token_id').execute()
  await db.schema.dropTable('api_idempotency').execute()
  await db.schema.dropTable('api_tokens').execute()
}
