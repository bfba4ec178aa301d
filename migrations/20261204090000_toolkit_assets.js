// The toolkit and the asset uploader (issue #16, docs/domain.md "Toolkit and assets"): UTM links
// with their short codes and click counts, the image playground's uploads (each user's own), and
// uploaded assets served by an unguessable link. Files live under the uploads directory; the rows
// say what they are (checked from the bytes). A short code, a file's key are unique by index.
// Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const now = (c) => c.notNull().defaultTo(utcNowDefault(db))
  const index = (table, name, columns) => db.schema.createIndex(name).on(table).columns(columns).execute()

  await db.schema
    .createTable('utm_links')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The short link's code (/u/:code): random, never reused.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('utm_medium', 'text', (c) => c.notNull())
    .addColumn('utm_campaign', 'text', (c) => c.notNull())
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_clicked_at', 'text')
    .addColumn('created_at', 'text', now)
    .execute()
  await index('utm_links', 'utm_links_user_idx', ['user_id', 'id'])

  await db.schema
    .createTable('playground_images')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    // jpeg, png, webp, avif, gif, tiff
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .execute()
  await index('playground_images', 'playground_images_user_idx', ['user_id', 'id'])

  await db.schema
    .createTable('assets')
    .addColumn('id', idType, id)
    // The link's key (/assets/:key/:name) and the stored file's name: random, unguessable.
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // The name folded to lower case, searched by substring.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    // image, document, spreadsheet, archive, video
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()
  await index('assets', 'assets_recent_idx', ['created_at', 'id'])
  await index('assets', 'assets_kind_idx', ['kind', 'created_at', 'id'])
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of ['assets', 'playground_images', 'utm_links']) await db.schema.dropTable(table).execute()
}
