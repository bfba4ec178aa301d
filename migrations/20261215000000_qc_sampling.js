// Issue 39, quality control by the book (docs/domain.md "QC by the book"): each category's way of
// inspecting (conditions only, an AQL sampling plan of ISO 2859-1, or the 4-point system for fabric
// rolls) with its inspection level, AQLs per defect class and points limit; a catalogue of defect
// types per category; conditions relative to the SKU's own attribute value (± % or ± units); and
// what an inspection found per line: the lot in units, the plan drawn (code letter, sample, severity
// of inspection, the class plans), defect counts, fabric rolls with their defects and points, the
// verdict; an approval against the verdict keeps its reason; and each seller's switching state per
// category (the lots it has run through, under a row lock). Frozen in time: never import app code.
import { idColumn, utcNowDefault } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  const [idType, id] = idColumn(db)
  const stamp = utcNowDefault(db)
  const now = (c) => c.notNull().defaultTo(stamp)

  // A category's way of inspecting: existing categories keep inspecting by their conditions alone.
  for (const [column, type, value] of [
    ['qc_method', 'text', 'none'],
    ['qc_level', 'text', 'II'],
    ['aql_critical', 'text', '0'],
    ['aql_major', 'text', '2.5'],
    ['aql_minor', 'text', '4.0'],
    ['points_limit', 'integer', 40],
  ]) {
    await db.schema
      .alterTable('categories')
      .addColumn(column, type, (c) => c.notNull().defaultTo(value))
      .execute()
  }

  await db.schema
    .createTable('defect_types')
    .addColumn('id', idType, id)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // critical, major, minor
    .addColumn('severity', 'text', (c) => c.notNull())
    // A hole or opening: 4 points on a fabric roll whatever its size.
    .addColumn('is_hole', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addUniqueConstraint('defect_types_name_uq', ['category_id', 'name'])
    .execute()

  // fixed: the bounds as typed; percent / units: min_value and max_value are the tolerance below and
  // above the SKU's own value of the attribute (e.g. 2 and 2 for ± 2 %).
  await db.schema
    .alterTable('conditions')
    .addColumn('tolerance', 'text', (c) => c.notNull().defaultTo('fixed'))
    .execute()

  for (const [column, type] of [
    // The lot in units (pieces, cones, bags, rolls): the line's quantity when counted in pieces.
    ['lot_units', 'integer'],
    ['code_letter', 'text'],
    ['sample_size', 'integer'],
    // normal, tightened, reduced: the seller's switching state when the inspection was sent
    ['inspection_severity', 'text'],
    // The class plans drawn (JSON: { critical, major, minor } each { aql, planLetter, sampleSize, acceptance, rejection })
    ['plan_json', 'text'],
    // accept or reject: computed from the counts (or the rolls) against the plan
    ['verdict', 'text'],
    // A fabric lot's points per 100 square yards, in hundredths
    ['points_per_100', 'integer'],
  ]) {
    await db.schema.alterTable('qc_inspection_lines').addColumn(column, type).execute()
  }

  await db.schema
    .createTable('qc_defect_counts')
    .addColumn('id', idType, id)
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('qc_inspections.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('defect_type_id', 'integer', (c) => c.references('defect_types.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addUniqueConstraint('qc_defect_counts_uq', ['inspection_id', 'sub_order_id', 'name'])
    .execute()
  await db.schema
    .createIndex('qc_defect_counts_type_idx')
    .on('qc_defect_counts')
    .columns(['defect_type_id', 'inspection_id'])
    .execute()

  await db.schema
    .createTable('qc_rolls')
    .addColumn('id', idType, id)
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('qc_inspections.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'integer', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('roll_no', 'integer', (c) => c.notNull())
    .addColumn('shade', 'text')
    // Length and cuttable width as measured, in millimetres.
    .addColumn('length_mm', 'integer', (c) => c.notNull())
    .addColumn('width_mm', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    // Points per 100 square yards, in hundredths.
    .addColumn('points_per_100', 'integer', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addUniqueConstraint('qc_rolls_uq', ['inspection_id', 'sub_order_id', 'roll_no'])
    .execute()

  await db.schema
    .createTable('qc_roll_defects')
    .addColumn('id', idType, id)
    .addColumn('roll_id', 'integer', (c) => c.notNull().references('qc_rolls.id').onDelete('cascade'))
    .addColumn('defect_type_id', 'integer', (c) => c.references('defect_types.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The defect's length in millimetres (null for a hole), where along the roll (mm, optional), its points.
    .addColumn('length_mm', 'integer')
    .addColumn('at_mm', 'integer')
    .addColumn('points', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('qc_roll_defects_roll_idx').on('qc_roll_defects').column('roll_id').execute()

  // A photo may show one defect type.
  await db.schema
    .alterTable('qc_photos')
    .addColumn('defect_type_id', 'integer', (c) => c.references('defect_types.id').onDelete('set null'))
    .execute()

  // Accepting a lot (or more of it) than the inspector's verdict: a deliberate override, with its reason.
  await db.schema.alterTable('qc_inspections').addColumn('override_reason', 'text').execute()

  // Each seller's switching state per category (ISO 2859-1 clause 9), from its lots in the order decided.
  await db.schema
    .createTable('qc_supplier_states')
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('sellers.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    // normal, tightened, reduced, discontinued
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    // The lots so far (JSON array, oldest first), as switching.ts reads them.
    .addColumn('lots_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('lots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', now)
    .addPrimaryKeyConstraint('qc_supplier_states_pk', ['seller_id', 'category_id'])
    .execute()
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable('qc_supplier_states').execute()
  await db.schema.alterTable('qc_inspections').dropColumn('override_reason').execute()
  await db.schema.alterTable('qc_photos').dropColumn('defect_type_id').execute()
  await db.schema.dropTable('qc_roll_defects').execute()
  await db.schema.dropTable('qc_rolls').execute()
  await db.schema.dropTable('qc_defect_counts').execute()
  for (const column of [
    'points_per_100',
    'verdict',
    'plan_json',
    'inspection_severity',
    'sample_size',
    'code_letter',
    'lot_units',
  ])
    await db.schema.alterTable('qc_inspection_lines').dropColumn(column).execute()
  await db.schema.alterTable('conditions').dropColumn('tolerance').execute()
  await db.schema.dropTable('defect_types').execute()
  for (const column of ['points_limit', 'aql_minor', 'aql_major', 'aql_critical', 'qc_level', 'qc_method'])
    await db.schema.alterTable('categories').dropColumn(column).execute()
}
