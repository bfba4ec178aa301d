import { isUniqueViolation } from '#db/errors'
import type { Database } from '#db/database'
import { lockedRead } from '#db/locks'
import type { ConditionSeverity } from '#db/types'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextStamp } from '~/utils/version-stamp'
import { Refused, refusals, type Result } from './mutations.server'
import { isLengthUnit } from './qc-settings'
import type { DefectTypeInput } from './schema'

// A category's defect catalogue (issue 39): the kinds of defect an inspector counts in its lots,
// each in its class (critical, major, minor), a hole flag for fabric rolls (4 points whatever its
// size). Names are unique per category: the database's unique constraint (defect_types_name_uq) is
// the rule, caught and answered at the name field; a name differing only in case is refused in the
// same transaction too. Types are deactivated, never deleted: inspections keep pointing at them.
// Each change is one transaction with one audit entry on the category, told in its history.

interface DefectTypeRow {
  id: number
  name: string
  severity: ConditionSeverity
  is_hole: number
  active: number
  updated_at: string
}

const readable = (d: Pick<DefectTypeRow, 'name' | 'severity' | 'is_hole' | 'active'>) => ({
  defect_type: d.name,
  severity: d.severity,
  hole: d.is_hole ? 'yes' : 'no',
  active: d.active ? 'yes' : 'no',
})

const taken = (name: string) => new Refused('name', `This category already has a defect type named “${name}”`)

/** The category, locked for the change (a new type's position is read from its siblings). */
async function lockCategory(trx: Executor, categoryId: number) {
  const category = await lockedRead(
    trx,
    trx
      .selectFrom('categories')
      .innerJoin('products', 'products.id', 'categories.product_id')
      .select(['categories.id', 'products.unit'])
      .where('categories.id', '=', categoryId),
  ).executeTakeFirst()
  if (!category) throw Refused.notFound('This category no longer exists')
  return category
}

/** A hole is graded on fabric rolls only: a product not sold by length has no rolls. */
function checkHole(unit: string, isHole: boolean | undefined) {
  if (isHole && !isLengthUnit(unit))
    throw new Refused(
      'isHole',
      `A hole is graded on fabric rolls (4 points whatever its size), and this product is sold by ${unit}: leave it unticked`,
    )
}

/** A name differing only in case from another type's (the unique constraint sees "Stain" and "stain" as two). */
async function checkCaseTwin(trx: Executor, categoryId: number, name: string, exceptId: number) {
  const twin = await trx
    .selectFrom('defect_types')
    .select('name')
    .where('category_id', '=', categoryId)
    .where('id', '!=', exceptId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst()
  if (twin) throw taken(twin.name)
}

/** Runs a write that may meet the unique constraint on (category_id, name): answered at the name field. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'defect_types', ['category_id', 'name'])) throw taken(name)
    throw error
  }
}

export async function addDefectType(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: DefectTypeInput,
): Promise<Result<{ defectTypeId: number; note: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result } = await once(trx, input.idempotencyKey, 'defect_type.create', actorUserId, async () => {
        const category = await lockCategory(trx, categoryId)
        checkHole(category.unit, input.isHole)
        const last = await trx
          .selectFrom('defect_types')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('category_id', '=', categoryId)
          .executeTakeFirst()
        const stamp = nextStamp()
        const values = {
          category_id: categoryId,
          name: input.name,
          severity: input.severity,
          is_hole: input.isHole ? 1 : 0,
          position: Number(last?.position ?? 0) + 1,
          active: 1,
          created_at: stamp,
          updated_at: stamp,
        }
        const row = await uniqueName(input.name, () =>
          trx.insertInto('defect_types').values(values).returning('id').executeTakeFirstOrThrow(),
        )
        await checkCaseTwin(trx, categoryId, input.name, row.id)
        await audit(trx, {
          actorUserId,
          action: 'defect_type.created',
          entityType: 'category',
          entityId: categoryId,
          after: { id: row.id, ...readable(values) },
        })
        return row.id
      })
      return { ok: true as const, value: { defectTypeId: result, note: `Defect type “${input.name}” is added` } }
    }),
  )
}

async function defectTypeOf(trx: Executor, categoryId: number, defectTypeId: number): Promise<DefectTypeRow> {
  const row = await trx
    .selectFrom('defect_types')
    .select(['id', 'name', 'severity', 'is_hole', 'active', 'updated_at'])
    .where('id', '=', defectTypeId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst()
  if (!row) throw new Refused(undefined, 'This defect type is no longer in the catalogue: reload the page')
  return row
}

export async function editDefectType(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: DefectTypeInput & { defectTypeId: number; version: string },
): Promise<Result<{ note: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const category = await lockCategory(trx, categoryId)
      const current = await defectTypeOf(trx, categoryId, input.defectTypeId)
      if (current.updated_at !== input.version)
        throw new Refused(
          undefined,
          `Someone else changed “${current.name}” since you opened the form. Reload the page to see their change, then make yours again.`,
        )
      checkHole(category.unit, input.isHole)
      const next = { name: input.name, severity: input.severity, is_hole: input.isHole ? 1 : 0 }
      if (next.name === current.name && next.severity === current.severity && next.is_hole === current.is_hole)
        return { ok: true as const, value: { note: 'Nothing to save: no field was changed' } }
      await uniqueName(input.name, () =>
        trx
          .updateTable('defect_types')
          .set({ ...next, updated_at: nextStamp(current.updated_at) })
          .where('id', '=', current.id)
          .execute(),
      )
      if (next.name.toLowerCase() !== current.name.toLowerCase())
        await checkCaseTwin(trx, categoryId, next.name, current.id)
      const [before, after] = [readable(current), readable({ ...current, ...next })]
      const keys = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k])
      await audit(trx, {
        actorUserId,
        action: 'defect_type.updated',
        entityType: 'category',
        entityId: categoryId,
        before: { id: current.id, ...Object.fromEntries(keys.map((k) => [k, before[k]])) },
        after: { id: current.id, ...Object.fromEntries(keys.map((k) => [k, after[k]])) },
        // The history shows the changed fields only: the note says which type they belong to.
        note: `Defect type “${current.name}”`,
      })
      return { ok: true as const, value: { note: `Defect type “${next.name}” is saved` } }
    }),
  )
}

/** Deactivated, a type is no longer offered to inspectors; counts already made keep it. */
export async function setDefectTypeActive(
  db: Database,
  actorUserId: number,
  categoryId: number,
  defectTypeId: number,
  active: boolean,
): Promise<Result<{ note: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      await lockCategory(trx, categoryId)
      const current = await defectTypeOf(trx, categoryId, defectTypeId)
      if (Boolean(current.active) === active)
        throw new Refused(
          undefined,
          `“${current.name}” is already ${active ? 'active' : 'inactive'}: someone else changed it. Nothing was changed.`,
        )
      await trx
        .updateTable('defect_types')
        .set({ active: active ? 1 : 0, updated_at: nextStamp(current.updated_at) })
        .where('id', '=', current.id)
        .execute()
      await audit(trx, {
        actorUserId,
        action: active ? 'defect_type.reactivated' : 'defect_type.deactivated',
        entityType: 'category',
        entityId: categoryId,
        before: { id: current.id, defect_type: current.name, active: current.active ? 'yes' : 'no' },
        after: { id: current.id, defect_type: current.name, active: active ? 'yes' : 'no' },
      })
      return {
        ok: true as const,
        value: { note: `Defect type “${current.name}” is ${active ? 'reactivated' : 'deactivated'}` },
      }
    }),
  )
}
