import type { Viewer } from '../app/auth/session.server'
import { conditionValues } from '../app/features/categories/conditions'
import { decideInspection } from '~/lifecycle/inspections.server'
import { inspectionAction, operatorInspection } from '../app/features/qc/field.server'
import { cancelInspection, scheduleInspection } from '../app/features/qc/schedule.server'
import sharp from 'sharp'
import { kolkataDay } from '../app/utils/format'
import { planFor } from '../app/features/qc/inspect'
import type { Database } from '#db/database'
import { demoEmail } from './demo-users'
import { dayAt, type SeedClock } from './clock'

// Demo QC (README): the demo orders that are ready for QC, scheduled with the demo field operator
// across the calendar and taken through every state by the functions the pages call: waiting to be
// scheduled, scheduled (overdue, today, upcoming), submitted (one with a condition not met),
// approved, partly accepted (the rest back to rework), rejected, and one cancelled then scheduled again.

type Rule = { operator: string; min_value: string | null; max_value: string | null; values_json: string | null }

/** A value that meets a condition, or (fail) one that does not. */
export function demoValue(rule: Rule, fail = false): string {
  const values = conditionValues(rule)
  switch (rule.operator) {
    case 'between': {
      const [min, max] = [Number(rule.min_value), Number(rule.max_value)]
      return String(fail ? max + Math.max(1, Math.round((max - min) / 2)) : Math.round(((min + max) / 2) * 10) / 10)
    }
    case 'min':
      return String(fail ? Number(rule.min_value) - 1 : Number(rule.min_value) + 1)
    case 'max':
      return String(fail ? Number(rule.max_value) + 1 : Number(rule.max_value))
    default:
      return fail ? 'not as ordered' : (values[0] ?? 'as ordered')
  }
}

/** The operator's form for an inspection, sent in one go (as the device's queue sends it). */
export async function sendInspection(
  db: Database,
  operator: Viewer,
  inspectionId: number,
  options: {
    fail?: boolean
    rejectShare?: number
    notes?: string
    key: string
    photo?: boolean
    /** Leave the quantities empty: they follow the verdict (all accepted or all rejected). */
    verdictQuantities?: boolean
  },
) {
  const inspection = await operatorInspection(db, operator, inspectionId)
  if (!inspection) throw new Error(`demo QC: inspection ${inspectionId} is not the operator's`)
  const form = new FormData()
  form.set('intent', 'send')
  form.set('key', options.key)
  form.set('owner', inspection.ownerToken)
  form.set('notes', options.notes ?? '')
  for (const line of inspection.lines) {
    for (const [n, c] of line.conditions.entries())
      form.set(`value.${line.id}.${c.id}`, demoValue(c, Boolean(options.fail) && n === 0))
    // By the book (issue 39): the lot's defects counted in the sample, or its rolls by 4 points.
    const setup = line.setup
    const failing = Boolean(options.fail)
    if (setup?.method === 'aql') {
      // Cones, cartons or bags: about 2 kg (or 2 units) each.
      const lot = setup.pieceLot ?? Math.max(2, Math.ceil(line.quantityMilli / 2000))
      if (setup.pieceLot === null) form.set(`lot.${line.id}`, String(lot))
      const plan = planFor(setup, lot)
      const critical = setup.defectTypes.find((t) => t.severity === 'critical')
      const major = setup.defectTypes.find((t) => t.severity === 'major')
      const minor = setup.defectTypes.find((t) => t.severity === 'minor')
      if (failing && critical) form.set(`count.${line.id}.${critical.id}`, '1')
      // Within the plan: a major defect and a minor one where the plan accepts them.
      if ('plans' in plan) {
        if (major && plan.plans.major.acceptance >= 1) form.set(`count.${line.id}.${major.id}`, '1')
        if (minor && plan.plans.minor.acceptance >= 1) form.set(`count.${line.id}.${minor.id}`, '1')
      }
    }
    if (setup?.method === 'four_point') {
      const slub = setup.defectTypes.find((t) => !t.isHole)
      const hole = setup.defectTypes.find((t) => t.isHole)
      for (const [i, shade] of ['A', 'A', 'B'].entries()) {
        const roll = `roll.${line.id}.${i}`
        form.set(`${roll}.no`, String(101 + i))
        form.set(`${roll}.shade`, shade)
        form.set(`${roll}.length`, String(48 + i * 2.5))
        form.set(`${roll}.width`, '147')
        if (slub) {
          form.set(`${roll}.defect.0.type`, String(slub.id))
          form.set(`${roll}.defect.0.size`, String(2 + i))
          form.set(`${roll}.defect.0.unit`, 'in')
        }
        // A failing lot: holes enough to put it over the limit.
        if (failing && hole) for (let j = 1; j <= 12; j++) form.set(`${roll}.defect.${j}.type`, String(hole.id))
      }
    }
    const quantity = line.quantityMilli
    const rejected = Math.round((quantity * (options.rejectShare ?? 0)) / 1000) * 1000
    if (!options.verdictQuantities) {
      form.set(`line.${line.id}.accepted`, String((quantity - rejected) / 1000))
      form.set(`line.${line.id}.rejected`, String(rejected / 1000))
    }
  }
  if (options.photo)
    form.append(
      'photos',
      new File([new Uint8Array(await demoPhoto(inspectionId))], `gate-${inspectionId}.jpg`, { type: 'image/jpeg' }),
    )
  const sent = await inspectionAction(db, operator, String(inspectionId), form)
  if (sent.status !== 'done') throw new Error(`demo QC: sending ${inspection.code}: ${JSON.stringify(sent)}`)
}

/** A photo for the demo: a roll of cloth drawn in SVG, as a JPEG. */
function demoPhoto(seed: number): Promise<Buffer> {
  const hue = (seed * 47) % 360
  const stripes = Array.from(
    { length: 12 },
    (_, i) => `<rect x="0" y="${i * 50}" width="800" height="22" fill="hsl(${hue} 45% ${40 + (i % 3) * 8}%)"/>`,
  ).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${hue} 35% 70%)"/>${stripes}<circle cx="400" cy="300" r="120" fill="hsl(${hue} 20% 25%)"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
}

const ok = <T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T => {
  if (!result.ok) throw new Error(`demo QC: ${what}: ${result.message}`)
  return result.value
}

export async function seedDemoQc(db: Database, clock: SeedClock): Promise<void> {
  const user = async (email: string) =>
    await db.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirstOrThrow()
  const operatorUser = await user(demoEmail('field_operator'))
  const operator: Viewer = {
    userId: operatorUser.id,
    email: demoEmail('field_operator'),
    name: operatorUser.name,
    phone: null,
    roles: ['field_operator'],
    company: null,
    sessionIdHash: 'seed',
  }
  const bizOps = { userId: (await user(demoEmail('biz_ops'))).id }
  const ready = await db
    .selectFrom('seller_orders')
    .select(['id', 'code'])
    .where('status', '=', 'ready_for_qc')
    .orderBy('id')
    .execute()
  const day = (offset: number) => kolkataDay(new Date(Date.now() + offset * 86_400_000))
  const slots = ['09:00', '11:00', '14:00', '16:00']
  /** Inspections that happened in the past are scheduled for today, then dated back (demo history only). */
  const schedule = async (sellerOrderId: number, offset: number, slot: number) => {
    const at = ok(
      await scheduleInspection(db, bizOps, sellerOrderId, {
        day: day(Math.max(offset, 0)),
        slot: slots[slot % 4]!,
        operatorId: operator.userId,
      }),
      'schedule',
    )
    if (offset < 0)
      await db
        .updateTable('qc_inspections')
        .set({ scheduled_on: day(offset) })
        .where('id', '=', at.id)
        .execute()
    return at.id
  }
  // Every state, in turn; the first two of the list wait to be scheduled.
  const plan: {
    offset: number
    fate: 'scheduled' | 'submitted' | 'submitted_failing' | 'approved' | 'part' | 'rejected' | 'cancelled'
  }[] = [
    { offset: -9, fate: 'approved' },
    { offset: -7, fate: 'part' },
    { offset: -6, fate: 'rejected' },
    { offset: -4, fate: 'approved' },
    { offset: -2, fate: 'submitted_failing' },
    { offset: -1, fate: 'submitted' },
    { offset: -1, fate: 'scheduled' },
    { offset: 0, fate: 'scheduled' },
    { offset: 1, fate: 'scheduled' },
    { offset: 3, fate: 'cancelled' },
    { offset: 5, fate: 'scheduled' },
  ]
  for (const [i, step] of plan.entries()) {
    const order = ready[i + 2]
    if (!order) break
    // What happened in the past happened then: scheduled two days before, inspected and decided on the day.
    await inspect(
      order.id,
      step,
      i,
      step.offset < 0
        ? clock.steps(dayAt(step.offset - 2, 15), dayAt(step.offset, 17), 25 * 3_600_000)
        : (work) => work(),
    )
  }

  async function inspect(
    orderId: number,
    step: (typeof plan)[number],
    i: number,
    at: <T>(work: () => Promise<T>) => Promise<T>,
  ) {
    const id = await at(() => schedule(orderId, step.offset, i))
    if (step.fate === 'scheduled') return
    if (step.fate === 'cancelled') {
      ok(await cancelInspection(db, bizOps, id, 'The seller asked for a later day'), 'cancel')
      await schedule(orderId, step.offset + 4, i + 1)
      return
    }
    const fail = step.fate === 'submitted_failing' || step.fate === 'rejected'
    await at(() =>
      sendInspection(db, operator, id, {
        fail,
        rejectShare: step.fate === 'part' ? 0.2 : 0,
        notes: fail ? 'Measured on three rolls; the shade is fine.' : 'All rolls checked at the gate.',
        key: `demo-qc-${i}`,
        photo: true,
      }),
    )
    await at(() => decide(id, step))
  }

  async function decide(id: number, step: (typeof plan)[number]) {
    if (step.fate === 'approved')
      ok(await decideInspection(db, bizOps, id, { decision: 'approve', reason: '' }), 'approve')
    if (step.fate === 'rejected')
      ok(
        await decideInspection(db, bizOps, id, {
          decision: 'reject',
          reason: 'Below the weight the buyer ordered: rework and call us for a new inspection',
        }),
        'reject',
      )
    if (step.fate === 'part') {
      const lines = await db
        .selectFrom('qc_inspection_lines')
        .select(['sub_order_id', 'accepted_milli', 'rejected_milli'])
        .where('inspection_id', '=', id)
        .execute()
      const typed = Object.fromEntries(
        lines.map((l) => [
          String(l.sub_order_id),
          { accepted: String(Number(l.accepted_milli) / 1000), rejected: String(Number(l.rejected_milli) / 1000) },
        ]),
      )
      ok(
        await decideInspection(db, bizOps, id, {
          decision: 'accept_part',
          reason: 'A fifth of the rolls are short of width',
          disposition: 'rework',
          lines: typed,
        }),
        'accept part',
      )
    }
  }
}
