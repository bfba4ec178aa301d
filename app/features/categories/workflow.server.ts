import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { Refused, refusals, type Result } from './mutations.server'
import { stageVersion } from './schema'

// A category's fulfilment workflow: ordered stages with expected days and a QC-gate mark. Every
// change is one transaction that rewrites positions as 1..n (no gaps, no duplicates) and leaves
// one 'category.workflow_changed' audit entry with the stage list before and after.

interface Stage {
  id: number
  position: number
  name: string
  expected_days: number
  qc_gate: number
}

async function stagesOf(trx: Executor, categoryId: number): Promise<Stage[]> {
  return trx
    .selectFrom('workflow_stages')
    .select(['id', 'position', 'name', 'expected_days', 'qc_gate'])
    .where('category_id', '=', categoryId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** One stage in words for the history: "Weaving (12 days, QC gate)". */
const described = (s: Pick<Stage, 'name' | 'expected_days' | 'qc_gate'>) =>
  `${s.name} (${s.expected_days} day${s.expected_days === 1 ? '' : 's'}${s.qc_gate ? ', QC gate' : ''})`

/** Stage names are unique within a workflow, ignoring case. */
function checkName(stages: Stage[], name: string, exceptId?: number) {
  if (stages.some((s) => s.id !== exceptId && s.name.toLowerCase() === name.toLowerCase())) {
    throw new Refused('name', 'This workflow already has a stage with this name')
  }
}

/**
 * Runs one change on the ordered stage list: `change` returns the new order (existing rows keep
 * their ids; a row without an id is inserted), then positions are written as 1..n.
 */
async function changeWorkflow(
  db: Database,
  actorUserId: number,
  categoryId: number,
  change: (
    stages: Stage[],
    trx: Executor,
  ) => Promise<{ order: (Stage | Omit<Stage, 'id' | 'position'>)[]; note: string }>,
): Promise<Result<{ note: string; qcGates: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst()
      if (!exists) throw new Refused(undefined, 'This category no longer exists')
      const before = await stagesOf(trx, categoryId)
      const { order, note } = await change(before, trx)
      for (const [i, stage] of order.entries()) {
        const position = i + 1
        if ('id' in stage) {
          if (stage.position !== position)
            await trx.updateTable('workflow_stages').set({ position }).where('id', '=', stage.id).execute()
        } else {
          await trx
            .insertInto('workflow_stages')
            .values({
              category_id: categoryId,
              position,
              name: stage.name,
              expected_days: stage.expected_days,
              qc_gate: stage.qc_gate,
            })
            .execute()
        }
      }
      const after = await stagesOf(trx, categoryId)
      await audit(trx, {
        actorUserId,
        action: 'category.workflow_changed',
        entityType: 'category',
        entityId: categoryId,
        before: { stages: before.map(described) },
        after: { stages: after.map(described) },
        note,
      })
      return { ok: true as const, value: { note, qcGates: after.filter((s) => s.qc_gate).length } }
    }),
  )
}

const missing = () =>
  new Refused(
    undefined,
    'This stage is no longer in the workflow: someone else changed it. The page now shows the workflow as it is.',
  )

/** Adds a stage at the end, at the start (`after` 0) or after the stage with id `after`. */
export function addStage(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: { name: string; expectedDays: number; qcGate?: boolean; after?: number },
) {
  return changeWorkflow(db, actorUserId, categoryId, async (stages) => {
    checkName(stages, input.name)
    const stage = { name: input.name, expected_days: input.expectedDays, qc_gate: input.qcGate ? 1 : 0 }
    let at = stages.length
    if (input.after === 0) at = 0
    else if (input.after !== undefined) {
      const index = stages.findIndex((s) => s.id === input.after)
      if (index < 0)
        throw new Refused('after', 'That stage is no longer in the workflow: choose where to add this one again')
      at = index + 1
    }
    return { order: [...stages.slice(0, at), stage, ...stages.slice(at)], note: `Added “${input.name}”` }
  })
}

/** Changes a stage's name, days or QC-gate mark, unless someone changed the stage since `version`. */
export function editStage(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: { stageId: number; name: string; expectedDays: number; qcGate?: boolean; version: string },
) {
  return changeWorkflow(db, actorUserId, categoryId, async (stages, trx) => {
    const stage = stages.find((s) => s.id === input.stageId)
    if (!stage) throw missing()
    if (stageVersion(stage) !== input.version) {
      throw new Refused(
        undefined,
        'Someone else changed this stage since you opened the form. Reload the page to see their change, then make yours again.',
      )
    }
    checkName(stages, input.name, stage.id)
    const next = { name: input.name, expected_days: input.expectedDays, qc_gate: input.qcGate ? 1 : 0 }
    await trx.updateTable('workflow_stages').set(next).where('id', '=', stage.id).execute()
    return { order: stages, note: `Changed “${stage.name}”${stage.name === next.name ? '' : ` to “${next.name}”`}` }
  })
}

/** Swaps a stage with its neighbour; moving the first up or the last down changes nothing. */
export function moveStage(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: { stageId: number; direction: 'up' | 'down' },
) {
  return changeWorkflow(db, actorUserId, categoryId, async (stages) => {
    const index = stages.findIndex((s) => s.id === input.stageId)
    if (index < 0) throw missing()
    const other = input.direction === 'up' ? index - 1 : index + 1
    if (other < 0 || other >= stages.length)
      throw new Refused(
        undefined,
        `“${stages[index].name}” is already the ${input.direction === 'up' ? 'first' : 'last'} stage`,
      )
    const order = [...stages]
    ;[order[index], order[other]] = [order[other], order[index]]
    return { order, note: `Moved “${stages[index].name}” ${input.direction}` }
  })
}

/** Removes a stage; the last one stays (a category with orders needs a workflow). */
export function removeStage(db: Database, actorUserId: number, categoryId: number, input: { stageId: number }) {
  return changeWorkflow(db, actorUserId, categoryId, async (stages, trx) => {
    const stage = stages.find((s) => s.id === input.stageId)
    if (!stage) throw missing()
    if (stages.length === 1)
      throw new Refused(
        undefined,
        `“${stage.name}” is the only stage: a workflow needs at least one. Add another stage first, then remove this one.`,
      )
    await trx.deleteFrom('workflow_stages').where('id', '=', stage.id).execute()
    return { order: stages.filter((s) => s.id !== stage.id), note: `Removed “${stage.name}”` }
  })
}
