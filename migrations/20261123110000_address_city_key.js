// The city filter of the company lists ignores case: index lower(city) so that it is an index
// range scan, not a walk of every address (both SQLite and PostgreSQL index expressions).
// Frozen in time: never import app code here.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.dropIndex('addresses_city_buyer_idx').execute()
  await db.schema.dropIndex('addresses_city_seller_idx').execute()
  await db.schema
    .createIndex('addresses_city_key_buyer_idx')
    .on('addresses')
    .expression(sql`lower(city), buyer_id`)
    .execute()
  await db.schema
    .createIndex('addresses_city_key_seller_idx')
    .on('addresses')
    .expression(sql`lower(city), seller_id`)
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('addresses_city_key_seller_idx').execute()
  await db.schema.dropIndex('addresses_city_key_buyer_idx').execute()
  await db.schema.createIndex('addresses_city_buyer_idx').on('addresses').columns(['city', 'buyer_id']).execute()
  await db.schema.createIndex('addresses_city_seller_idx').on('addresses').columns(['city', 'seller_id']).execute()
}
