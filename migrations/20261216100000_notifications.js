// Issue 40, the in-app inbox (docs/domain.md "In-app inbox (issue 40)"): every e-mail queued for a
// user of the platform is also written here, in the same transaction, so the user reads it in the
// app (the bell's unread count on every page, the list at /inbox). `link` is a local path to the
// record (a /redirect/… helper or the reader's own page), or null. Frozen in time: never import app code.
import { sql } from 'kysely'
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  await db.schema
    .createTable('notifications')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The e-mail's kind (seller_order.approved, qc_inspection.assigned, …).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(utcNowDefault(db)))
    .addColumn('read_at', 'text')
    .execute()
  // The list, newest first (and a user's "all" page): a range of one user's ids.
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute()
  // The bell's count and the unread list on every page: only unread rows are in it, so it stays small
  // however many a user has read, and reading one takes it out.
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .columns(['user_id', 'id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute()
  // The hourly purge: those read long ago (a range of read_at), and those never read for a year
  // (read_at null, a range of created_at).
  await db.schema.createIndex('notifications_read_idx').on('notifications').columns(['read_at', 'created_at']).execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('notifications').execute()
}
