// Companies, users and addresses: company admins, invitations, idempotency keys, list indexes.
// Frozen in time: never import app code here.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // The company's own administrator may edit its details and invite colleagues.
  await db.schema
    .alterTable('users')
    .addColumn('is_company_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // A token either resets a password or accepts an invitation (a longer life, another e-mail).
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('reset'))
    .execute()

  // A create form carries a key made when the page rendered; a retry of the same submit finds it here.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  // List filters and sorts (buyers by KAM, sellers by agent, companies by city, users by name and e-mail).
  await db.schema.dropIndex('buyers_kam_idx').execute()
  await db.schema.dropIndex('sellers_agent_idx').execute()
  await db.schema.createIndex('buyers_kam_name_idx').on('buyers').columns(['kam_user_id', 'name']).execute()
  await db.schema.createIndex('sellers_agent_name_idx').on('sellers').columns(['agent_user_id', 'name']).execute()
  await db.schema.createIndex('buyers_created_idx').on('buyers').column('created_at').execute()
  await db.schema.createIndex('sellers_created_idx').on('sellers').column('created_at').execute()
  await db.schema.createIndex('addresses_city_buyer_idx').on('addresses').columns(['city', 'buyer_id']).execute()
  await db.schema.createIndex('addresses_city_seller_idx').on('addresses').columns(['city', 'seller_id']).execute()
  await db.schema.createIndex('users_name_idx').on('users').column('name').execute()
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const index of [
    'users_created_idx',
    'users_name_idx',
    'addresses_city_seller_idx',
    'addresses_city_buyer_idx',
    'sellers_created_idx',
    'buyers_created_idx',
    'sellers_agent_name_idx',
    'buyers_kam_name_idx',
  ]) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.createIndex('buyers_kam_idx').on('buyers').column('kam_user_id').execute()
  await db.schema.createIndex('sellers_agent_idx').on('sellers').column('agent_user_id').execute()
  await db.schema.dropTable('idempotency_keys').execute()
  await db.schema.alterTable('password_reset_tokens').dropColumn('purpose').execute()
  await db.schema.alterTable('users').dropColumn('is_company_admin').execute()
}
