// PostgreSQL's own plans for the lists at scale (docs/decisions/0015-postgresql-at-scale.md).
// SQLite needs none of these: its indexes already end in the rowid, and its plans stay as they were.
// Frozen in time: never import app code here (db/dialect.js is frozen like the migrations).
import { sql } from 'kysely'
import { isPostgres } from '../db/dialect.js'

/**
 * The list's sort ends in the id ((name, id)), which SQLite's indexes hold as their rowid. On
 * PostgreSQL an index ending in the id gives that order whole: "any status by name" merges the two
 * statuses' index walks and stops at the page instead of sorting the product's 54,000 yarn SKUs;
 * and a search matching thousands of SKUs ("cotton") is hash-joined with the SKUs read from the
 * index alone (454 pages for 74,000 fabric SKUs) instead of from the table (14,600).
 */
const INDEXES = [
  ['product_skus_code_id_idx', sql`product_skus (product_id, status, code, id)`],
  ['product_skus_name_id_idx', sql`product_skus (product_id, status, name, id)`],
  ['product_skus_updated_id_idx', sql`product_skus (product_id, status, updated_at, id)`],
  // A deep page of companies by name (page 1,000: 25,000 rows skipped) reads the index alone, not a
  // row of the table for each skipped one (25,000 pages).
  ['buyers_name_id_idx', sql`buyers (name, id)`],
  ['sellers_name_id_idx', sql`sellers (name, id)`],
  // A city's companies from the index alone: PostgreSQL reads an expression index without the
  // table only when the column under the expression is in the index too.
  ['addresses_city_buyer_cover_idx', sql`addresses (lower(city), buyer_id) include (city)`],
  ['addresses_city_seller_cover_idx', sql`addresses (lower(city), seller_id) include (city)`],
]

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  if (!isPostgres(db)) return
  for (const [name, on] of INDEXES) await sql`create index if not exists ${sql.id(name)} on ${on}`.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  if (!isPostgres(db)) return
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db)
}
