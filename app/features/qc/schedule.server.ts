import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { config } from '~/config.server'
import { formatDate, kolkataDay } from '~/utils/format'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { strictCalendarDate } from '~/utils/fields'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { activeUserWithRole } from '../companies/queries.server'
import { queueEmail } from '~/platform/outbox.server'
import { nextCode } from '~/platform/numbering.server'
import { takeStep } from '~/platform/steps.server'
import { OPEN_INSPECTION, SLOT_KEYS, slotLabel } from './rules'
import { inspectionMachine } from './states'

type Actor = { userId: number }

export interface SlotInput {
  day: string
  slot: string
  operatorId: number | null
}

/** The day, slot and operator of a schedule or move form, checked; refuses at the field. */
async function checkSlot(
  trx: Executor,
  input: SlotInput,
): Promise<{ day: string; slot: string; operator: { id: number; name: string; email: string } }> {
  const fields: Record<string, string> = {}
  const day = strictCalendarDate(input.day.trim())
  if (!input.day.trim()) fields.day = 'Choose the day'
  else if (!day) fields.day = 'Enter a real date, like 2027-01-31'
  else if (day < kolkataDay()) fields.day = 'Choose today or a later day'
  if (!SLOT_KEYS.includes(input.slot)) fields.slot = 'Choose a time slot'
  const operator =
    input.operatorId === null ? undefined : await activeUserWithRole(trx, 'field_operator', input.operatorId)
  if (!operator) fields.operator = 'Choose a field operator'
  if (Object.keys(fields).length) throw new Refused(fields)
  return { day: day!, slot: input.slot, operator: operator! }
}

/** Refuses when the operator already holds the slot (read first, for a message that names the inspection). */
async function refuseTakenSlot(
  trx: Executor,
  input: { day: string; slot: string; operator: { id: number; name: string } },
  except?: number,
): Promise<void> {
  let query = trx
    .selectFrom('qc_inspections')
    .select('code')
    .where('operator_id', '=', input.operator.id)
    .where('scheduled_on', '=', input.day)
    .where('slot', '=', input.slot)
    .where('status', '<>', 'cancelled')
  if (except !== undefined) query = query.where('id', '<>', except)
  const holder = await query.executeTakeFirst()
  if (holder)
    throw new Refused(
      'slot',
      `${input.operator.name} already has ${holder.code} on ${formatDate(`${input.day}T12:00:00Z`)}, ${slotLabel(input.slot)}: choose another slot or operator`,
    )
}

/**
 * The refusal when the unique index decided a race the read could not see (two bookings of one slot
 * at once). On PostgreSQL the failed insert aborted the transaction, so nothing more is read.
 */
const slotJustTaken = (checked: { operator: { name: string } }) =>
  new Refused(
    'slot',
    `${checked.operator.name} has just been booked in that slot by someone else: choose another slot or operator`,
  )

const slotIndex = ['operator_id', 'scheduled_on', 'slot']

/** Tells the operator of an inspection given to them or moved. */
async function notifyOperator(
  trx: Executor,
  inspection: { id: number; code: string },
  operator: { email: string },
  day: string,
  slot: string,
  moved: boolean,
) {
  const order = await trx
    .selectFrom('qc_inspections')
    .innerJoin('seller_orders', 'seller_orders.id', 'qc_inspections.seller_order_id')
    .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
    .select(['seller_orders.code', 'sellers.name as seller'])
    .where('qc_inspections.id', '=', inspection.id)
    .executeTakeFirstOrThrow()
  const when = `${formatDate(`${day}T12:00:00Z`)}, ${slotLabel(slot)}`
  await queueEmail(trx, {
    to: operator.email,
    kind: moved ? 'qc_inspection.moved' : 'qc_inspection.assigned',
    subject: `${inspection.code}: ${moved ? 'moved to' : 'inspect'} ${order.seller}, ${when}`,
    text: [
      moved
        ? `Inspection ${inspection.code} of ${order.code} at ${order.seller} is moved to ${when}.`
        : `You are to inspect ${order.code} at ${order.seller} on ${when}.`,
      `Open it: ${config().appUrl}/field_operator/orders/${inspection.id}`,
    ].join('\n\n'),
    link: `/field_operator/orders/${inspection.id}`,
  })
}

/**
 * Schedules an inspection of a seller order that is ready for QC: a day from today, a slot and an
 * active field operator. The unique indexes decide the races: an operator holds a slot once, and a
 * seller order has one open inspection. Audited on the seller order and the inspection; the
 * operator is told.
 */
export async function scheduleInspection(
  db: Database,
  actor: Actor,
  sellerOrderId: number,
  input: SlotInput,
): Promise<Result<{ id: number; code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('seller_orders')
        .select(['id', 'code', 'status', 'master_order_id', 'seller_id'])
        .where('id', '=', sellerOrderId)
        .executeTakeFirst()
      if (!order) return { ok: false as const, notFound: true, message: 'There is no such seller order.' }
      const checked = await checkSlot(trx, input)
      if (order.status !== 'ready_for_qc')
        throw new Refused(
          undefined,
          `${order.code} is ${order.status.replace(/_/g, ' ')}: only an order ready for QC is inspected.`,
        )
      const open = await trx
        .selectFrom('qc_inspections')
        .select('code')
        .where('seller_order_id', '=', sellerOrderId)
        .where('status', 'in', OPEN_INSPECTION)
        .executeTakeFirst()
      if (open) throw new Refused(undefined, `${order.code} already has inspection ${open.code}: move it instead.`)
      await refuseTakenSlot(trx, checked)
      const code = await nextCode(trx, 'QC')
      const at = new Date().toISOString()
      let id: number
      try {
        const row = await trx
          .insertInto('qc_inspections')
          .values({
            code,
            seller_order_id: order.id,
            master_order_id: order.master_order_id,
            seller_id: order.seller_id,
            operator_id: checked.operator.id,
            scheduled_on: checked.day,
            slot: checked.slot,
            status: 'scheduled',
            scheduled_by: actor.userId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = row.id
      } catch (error) {
        if (isUniqueViolation(error, 'qc_inspections', slotIndex)) throw slotJustTaken(checked)
        if (isUniqueViolation(error, 'qc_inspections', ['seller_order_id']))
          throw new Refused(undefined, `${order.code} has just been scheduled by someone else: nothing was changed.`)
        throw error
      }
      const after = { code, day: checked.day, slot: slotLabel(checked.slot), operator: checked.operator.name }
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'qc_inspection.scheduled',
        entityType: 'qc_inspection',
        entityId: id,
        after,
      })
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'seller_order.qc_scheduled',
        entityType: 'seller_order',
        entityId: order.id,
        after,
      })
      await notifyOperator(trx, { id, code }, checked.operator, checked.day, checked.slot, false)
      return { ok: true as const, value: { id, code } }
    }),
  )
}

/** Moves a scheduled inspection to another day, slot or operator (conditional on it being scheduled still). */
export async function moveInspection(
  db: Database,
  actor: Actor,
  inspectionId: number,
  input: SlotInput,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const inspection = await trx
        .selectFrom('qc_inspections')
        .innerJoin('users', 'users.id', 'qc_inspections.operator_id')
        .select([
          'qc_inspections.id',
          'qc_inspections.code',
          'qc_inspections.status',
          'qc_inspections.scheduled_on',
          'qc_inspections.slot',
          'qc_inspections.operator_id',
          'qc_inspections.seller_order_id',
          'users.name as operator',
        ])
        .where('qc_inspections.id', '=', inspectionId)
        .executeTakeFirst()
      if (!inspection) return { ok: false as const, notFound: true, message: 'There is no such inspection.' }
      const checked = await checkSlot(trx, input)
      if (inspection.status !== 'scheduled')
        throw new Refused(
          undefined,
          `${inspection.code} is ${inspection.status.replace(/_/g, ' ')}: only a scheduled inspection moves.`,
        )
      if (
        checked.day === inspection.scheduled_on &&
        checked.slot === inspection.slot &&
        checked.operator.id === inspection.operator_id
      )
        throw new Refused('day', 'That is where it is already: choose another day, slot or operator')
      await refuseTakenSlot(trx, checked, inspectionId)
      let moved
      try {
        moved = await trx
          .updateTable('qc_inspections')
          .set({
            scheduled_on: checked.day,
            slot: checked.slot,
            operator_id: checked.operator.id,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', inspectionId)
          .where('status', '=', 'scheduled')
          .where('scheduled_on', '=', inspection.scheduled_on)
          .where('slot', '=', inspection.slot)
          .where('operator_id', '=', inspection.operator_id)
          .executeTakeFirst()
      } catch (error) {
        if (isUniqueViolation(error, 'qc_inspections', slotIndex)) throw slotJustTaken(checked)
        throw error
      }
      if (Number(moved.numUpdatedRows) === 0)
        throw new Refused(undefined, `${inspection.code} has just been changed by someone else: reload and try again.`)
      const before = { day: inspection.scheduled_on, slot: slotLabel(inspection.slot), operator: inspection.operator }
      const after = { day: checked.day, slot: slotLabel(checked.slot), operator: checked.operator.name }
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'qc_inspection.moved',
        entityType: 'qc_inspection',
        entityId: inspectionId,
        before,
        after,
      })
      await notifyOperator(trx, inspection, checked.operator, checked.day, checked.slot, true)
      if (checked.operator.id !== inspection.operator_id) {
        const previous = await trx
          .selectFrom('users')
          .select('email')
          .where('id', '=', inspection.operator_id)
          .where('status', '=', 'active')
          .executeTakeFirst()
        if (previous)
          await queueEmail(trx, {
            to: previous.email,
            kind: 'qc_inspection.unassigned',
            subject: `${inspection.code}: given to ${checked.operator.name}`,
            text: `Inspection ${inspection.code} is no longer yours: it is given to ${checked.operator.name}.`,
            // Not theirs any more: their own list of inspections.
            link: '/field_operator/orders',
          })
      }
      return { ok: true as const, value: { code: inspection.code } }
    }),
  )
}

/** Cancels a scheduled inspection with a reason; the seller order stays ready for QC, to be scheduled again. */
export async function cancelInspection(
  db: Database,
  actor: Actor,
  inspectionId: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  const note = reason.trim().slice(0, 500)
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const inspection = await trx
        .selectFrom('qc_inspections')
        .select(['id', 'code', 'status', 'operator_id'])
        .where('id', '=', inspectionId)
        .executeTakeFirst()
      if (!inspection) return { ok: false as const, notFound: true, message: 'There is no such inspection.' }
      // Only a scheduled inspection is cancelled; one submitted or decided meanwhile is refused by the step helper.
      await takeStep(trx, inspectionMachine, inspectionId, 'cancel', {
        actorUserId: actor.userId,
        current: inspection.status,
        note,
        set: { cancel_reason: note, updated_at: new Date().toISOString() },
        reason: { message: 'Say why it is cancelled: the operator reads it' },
      })
      const operator = await trx
        .selectFrom('users')
        .select('email')
        .where('id', '=', inspection.operator_id)
        .where('status', '=', 'active')
        .executeTakeFirst()
      if (operator)
        await queueEmail(trx, {
          to: operator.email,
          kind: 'qc_inspection.cancelled',
          subject: `${inspection.code}: cancelled`,
          text: `Inspection ${inspection.code} is cancelled: ${note}`,
          link: '/field_operator/orders',
        })
      return { ok: true as const, value: { code: inspection.code } }
    }),
  )
}

/** Cancels a seller order's open inspection when the order itself is cancelled (in that transaction: the lifecycle's). */
export async function cancelOpenInspections(
  trx: Executor,
  sellerOrderId: number,
  actorUserId: number | null,
  note: string,
): Promise<void> {
  const open = await trx
    .selectFrom('qc_inspections')
    .select(['id', 'status'])
    .where('seller_order_id', '=', sellerOrderId)
    .where('status', 'in', OPEN_INSPECTION)
    .execute()
  for (const inspection of open)
    await takeStep(trx, inspectionMachine, inspection.id, 'cancel_with_order', {
      actorUserId,
      current: inspection.status,
      note: `The order was cancelled: ${note}`,
      set: { cancel_reason: note, updated_at: new Date().toISOString() },
    })
}
