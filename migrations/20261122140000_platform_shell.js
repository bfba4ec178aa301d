// Platform shell: people, companies, sessions, products, addresses, outbox, audit.
// Frozen in time: never import app code here.
import { dropReferencedTable, idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const now = utcNowDefault(db)

  await db.schema
    .createTable('roles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('id', idType, id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_login_at', 'text')
    .execute()

  const company = (table, assignee) =>
    db.schema
      .createTable(table)
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('legal_name', 'text')
      .addColumn('gstin', 'text')
      .addColumn('contact_email', 'text')
      .addColumn('contact_phone', 'text')
      .addColumn(assignee, 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))

  await company('buyers', 'kam_user_id')
    .addColumn('credit_limit_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute()
  await company('sellers', 'agent_user_id').execute()

  for (const table of ['buyers', 'sellers']) {
    await db.schema.createIndex(`${table}_status_name_idx`).on(table).columns(['status', 'name']).execute()
    await db.schema.createIndex(`${table}_name_idx`).on(table).column('name').execute()
  }
  await db.schema.createIndex('buyers_kam_idx').on('buyers').column('kam_user_id').execute()
  await db.schema.createIndex('sellers_agent_idx').on('sellers').column('agent_user_id').execute()

  // Added after the company tables so that the references are portable (no forward references).
  await db.schema
    .alterTable('users')
    .addColumn('buyer_id', 'integer', (c) => c.references('buyers.id'))
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id'))
    .execute()
  await db.schema.createIndex('users_buyer_idx').on('users').column('buyer_id').execute()
  await db.schema.createIndex('users_seller_idx').on('users').column('seller_id').execute()
  await db.schema.createIndex('users_status_name_idx').on('users').columns(['status', 'name']).execute()

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().references('roles.key'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute()
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').columns(['role', 'user_id']).execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute()
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute()

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()

  await db.schema
    .createTable('products')
    .addColumn('id', idType, id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('attribute_schema', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('addresses')
    .addColumn('id', idType, id)
    .addColumn('buyer_id', 'integer', (c) => c.references('buyers.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pin', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('IN'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('addresses_buyer_idx').on('addresses').column('buyer_id').execute()
  await db.schema.createIndex('addresses_seller_idx').on('addresses').column('seller_id').execute()
  await db.schema.createIndex('addresses_product_idx').on('addresses').column('product_id').execute()

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', idType, id)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  await db.schema.createIndex('outbox_unsent_idx').on('outbox_emails').columns(['sent_at', 'id']).execute()

  await db.schema
    .createTable('audit_events')
    .addColumn('id', idType, id)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('note', 'text')
    .execute()
  await db.schema
    .createIndex('audit_entity_idx')
    .on('audit_events')
    .columns(['entity_type', 'entity_id', 'id'])
    .execute()

  // Counters of failed sign-ins, in the layout rate-limiter-flexible reads and writes.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute()

  await db
    .insertInto('roles')
    .values(
      [
        ['buyer', 'Buyer'],
        ['seller', 'Seller'],
        ['admin', 'Admin'],
        ['dev_admin', 'Developer admin'],
        ['catalog_manager', 'Catalog manager'],
        ['demand_kam', 'Demand key-account manager'],
        ['biz_ops', 'Business operations'],
        ['biz_fin', 'Business finance'],
        ['logistics', 'Logistics'],
        ['field_operator', 'Field operator'],
        ['supplier_admin', 'Supplier team admin'],
        ['supplier_agent', 'Supplier team agent'],
        ['internal', 'Internal staff'],
      ].map(([key, label], position) => ({ key, label, position })),
    )
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of [
    'login_throttle',
    'audit_events',
    'outbox_emails',
    'addresses',
    'products',
    'password_reset_tokens',
    'sessions',
    'user_roles',
  ]) {
    await db.schema.dropTable(table).execute()
  }
  // users and the company tables refer to each other: PostgreSQL needs CASCADE, SQLite has no such word.
  await dropReferencedTable(db, 'users').execute()
  await db.schema.dropTable('sellers').execute()
  await db.schema.dropTable('buyers').execute()
  await db.schema.dropTable('roles').execute()
}
