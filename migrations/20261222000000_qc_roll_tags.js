// Issue 51: a fabric roll is named by the tag the mill prints on it ("R1", "A-07", "24/3"), not only
// by a number. Expand-only: a nullable text column `roll_tag`, filled from `roll_no` for the rolls
// kept so far, and a unique index on the tag within a line whatever its letters' case. `roll_no`
// stays (and stays unique): the app now writes there the roll's place on the line (1, 2, 3...), so a
// previous release reading it during the rollout still finds one roll per number; a roll written by
// that release has no tag and is read by its number. Frozen in time: never import app code.
import { sql } from 'kysely'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  await db.schema.alterTable('qc_rolls').addColumn('roll_tag', 'text').execute()
  await db
    .updateTable('qc_rolls')
    .set({ roll_tag: sql`cast(roll_no as text)` })
    .where('roll_tag', 'is', null)
    .execute()
  await sql`create unique index qc_rolls_tag_uq on qc_rolls (inspection_id, sub_order_id, upper(roll_tag))`.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index qc_rolls_tag_uq`.execute(db)
  await db.schema.alterTable('qc_rolls').dropColumn('roll_tag').execute()
}
