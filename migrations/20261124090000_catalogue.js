// The catalogue and its prices (docs/domain.md "Catalogue and prices"): product lines, categories
// with their fulfilment workflow and QC conditions, product SKUs with indexed attribute values,
// seller SKUs, buyer SKUs with versions, price-change requests, sample SKUs, uploaded images and
// feature flags. Every list filter and sort has an index.
// Frozen in time: never import app code here.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)

  await db.schema
    .alterTable('products')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('product_lines')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('product_lines_name_uq', ['product_id', 'name'])
    .execute()

  await db.schema
    .createTable('images')
    .addColumn('id', idType, id)
    // File name under data/uploads/: random, never from the user.
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('original_name', 'text')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute()

  await db.schema
    .createTable('categories')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hsn_code', 'text', (c) => c.notNull())
    // GST rate in basis points: 500 = 5 %.
    .addColumn('gst_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('categories_name_uq', ['product_id', 'name'])
    .execute()

  await db.schema
    .createTable('workflow_stages')
    .addColumn('id', idType, id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expected_days', 'integer', (c) => c.notNull())
    .addColumn('qc_gate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('workflow_stages_category_idx')
    .on('workflow_stages')
    .columns(['category_id', 'position'])
    .execute()

  await db.schema
    .createTable('conditions')
    .addColumn('id', idType, id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('attribute_key', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    // Bounds as exact decimal text ("2.5"); values as a JSON array of strings (eq, in).
    .addColumn('min_value', 'text')
    .addColumn('max_value', 'text')
    .addColumn('values_json', 'text')
    .addColumn('unit', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema.createIndex('conditions_category_idx').on('conditions').column('category_id').execute()

  await db.schema
    .createTable('product_skus')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('product_line_id', 'integer', (c) => c.references('product_lines.id').onDelete('set null'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('attributes_json', 'text', (c) => c.notNull().defaultTo('{}'))
    // Quantities in thousandths of the product's unit.
    .addColumn('moq_milli', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  for (const sort of ['code', 'name', 'updated_at']) {
    await db.schema
      .createIndex(`product_skus_${sort}_idx`)
      .on('product_skus')
      .columns(['product_id', 'status', sort])
      .execute()
    await db.schema
      .createIndex(`product_skus_cat_${sort}_idx`)
      .on('product_skus')
      .columns(['category_id', 'status', sort])
      .execute()
  }
  await db.schema
    .createIndex('product_skus_line_idx')
    .on('product_skus')
    .columns(['product_line_id', 'status', 'code'])
    .execute()

  // One row per attribute value, so "weave = twill" is an index lookup instead of a JSON scan.
  await db.schema
    .createTable('product_sku_attributes')
    .addColumn('product_sku_id', 'integer', (c) => c.notNull().references('product_skus.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_sku_attributes_pk', ['product_sku_id', 'key'])
    .execute()
  await db.schema
    .createIndex('product_sku_attributes_value_idx')
    .on('product_sku_attributes')
    .columns(['key', 'value', 'product_sku_id'])
    .execute()

  await db.schema
    .createTable('product_sku_images')
    .addColumn('product_sku_id', 'integer', (c) => c.notNull().references('product_skus.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_sku_images_pk', ['product_sku_id', 'image_id'])
    .execute()

  await db.schema
    .createTable('seller_skus')
    .addColumn('id', idType, id)
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id'))
    .addColumn('product_sku_id', 'integer', (c) => c.notNull().references('product_skus.id'))
    .addColumn('seller_code', 'text')
    .addColumn('cost_minor', 'integer')
    .addColumn('moq_milli', 'integer')
    .addColumn('lead_time_days', 'integer')
    .addColumn('monthly_capacity_milli', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema.createIndex('seller_skus_status_idx').on('seller_skus').columns(['status', 'updated_at']).execute()
  await db.schema
    .createIndex('seller_skus_seller_idx')
    .on('seller_skus')
    .columns(['seller_id', 'status', 'updated_at'])
    .execute()
  await db.schema
    .createIndex('seller_skus_product_sku_idx')
    .on('seller_skus')
    .columns(['product_sku_id', 'status'])
    .execute()

  await db.schema
    .createTable('buyer_skus')
    .addColumn('id', idType, id)
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('buyers.id'))
    .addColumn('product_sku_id', 'integer', (c) => c.notNull().references('product_skus.id'))
    .addColumn('buyer_code', 'text', (c) => c.notNull())
    // The latest version's number; the version in force at a time is found by effective_from.
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('buyer_skus_code_uq', ['buyer_id', 'buyer_code'])
    .execute()
  await db.schema.createIndex('buyer_skus_updated_idx').on('buyer_skus').columns(['status', 'updated_at']).execute()
  await db.schema
    .createIndex('buyer_skus_buyer_idx')
    .on('buyer_skus')
    .columns(['buyer_id', 'status', 'updated_at'])
    .execute()
  await db.schema.createIndex('buyer_skus_product_sku_idx').on('buyer_skus').column('product_sku_id').execute()

  await db.schema
    .createTable('buyer_sku_versions')
    .addColumn('id', idType, id)
    .addColumn('buyer_sku_id', 'integer', (c) => c.notNull().references('buyer_skus.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('buyer_code', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('moq_milli', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    // In force from this instant (UTC ISO); a future date for an approved price change.
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('price_request_id', 'integer')
    .addColumn('created_at', 'text', now)
    .addUniqueConstraint('buyer_sku_versions_number_uq', ['buyer_sku_id', 'number'])
    .execute()
  await db.schema
    .createIndex('buyer_sku_versions_effective_idx')
    .on('buyer_sku_versions')
    .columns(['buyer_sku_id', 'effective_from', 'number'])
    .execute()

  await db.schema
    .createTable('price_change_requests')
    .addColumn('id', idType, id)
    .addColumn('buyer_sku_id', 'integer', (c) => c.notNull().references('buyer_skus.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id'))
    // The price in force when the request was made, and the proposal.
    .addColumn('current_price_minor', 'integer', (c) => c.notNull())
    .addColumn('proposed_price_minor', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('version_id', 'integer', (c) => c.references('buyer_sku_versions.id'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema
    .createIndex('price_change_requests_status_idx')
    .on('price_change_requests')
    .columns(['status', 'created_at'])
    .execute()
  await db.schema
    .createIndex('price_change_requests_requester_idx')
    .on('price_change_requests')
    .columns(['requested_by', 'status', 'created_at'])
    .execute()
  await db.schema
    .createIndex('price_change_requests_sku_idx')
    .on('price_change_requests')
    .columns(['buyer_sku_id', 'status'])
    .execute()

  await db.schema
    .createTable('sample_skus')
    .addColumn('id', idType, id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('product_sku_id', 'integer', (c) => c.references('product_skus.id').onDelete('set null'))
    .addColumn('charge_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute()
  await db.schema
    .createIndex('sample_skus_category_idx')
    .on('sample_skus')
    .columns(['category_id', 'active', 'code'])
    .execute()
  await db.schema.createIndex('sample_skus_active_idx').on('sample_skus').columns(['active', 'updated_at']).execute()

  await db.schema
    .createTable('flags')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of role keys it is on for; null = every role.
    .addColumn('roles_json', 'text')
    .addColumn('updated_at', 'text', now)
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  for (const table of [
    'flags',
    'sample_skus',
    'price_change_requests',
    'buyer_sku_versions',
    'buyer_skus',
    'seller_skus',
    'product_sku_images',
    'product_sku_attributes',
    'product_skus',
    'conditions',
    'workflow_stages',
    'categories',
    'images',
    'product_lines',
  ]) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('products').dropColumn('position').execute()
}
