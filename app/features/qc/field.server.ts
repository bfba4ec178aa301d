import crypto from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { formatTime, kolkataDay } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { quantityInput } from '~/utils/quantity'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { type Executor } from '~/platform/executor'
import { takeStep } from '~/platform/steps.server'
import { describeCondition, isDecimal, NUMERIC_OPERATORS } from '../categories/conditions'
import { MAX_PHOTOS_PER_INSPECTION, preparePhotos, savePhotos, type StoredPhoto } from './photos.server'
import { readOwnerToken, signOwnerToken } from './owner-token.server'
import { checkLineQuantities, RECORDED_BY_ANOTHER, slotLabel, verdictOf, type CheckedCondition } from './rules'
import { inspectionMachine } from './states'

// The field operator's inspections (docs/domain.md "QC inspections"): the task list, one
// inspection's form, its review and its submission. An inspection that is not the operator's own
// is not found (404), whatever the form. The submission is idempotent: the review's key (or, for a
// form sent from the device's queue, the key the device made) goes with it, so a retry after a
// dropped connection finds what the first one did and creates nothing. Every form carries the
// owner token of the person it was served to (owner-token.server.ts): a form kept on a phone and
// replayed under someone else's session is refused, never sent as theirs.

/** What the operator typed: the measured value per line and condition, quantities per line, notes. */
export interface InspectionDraft {
  values: Record<string, Record<string, string>>
  lines: Record<string, { accepted: string; rejected: string }>
  notes: string
}

const text = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((v) => v ?? '')
const idKey = z.string().regex(/^\d{1,12}$/)

export const inspectionFormSchema = z.object({
  intent: z.enum(['review', 'submit', 'send'], { error: 'Reload the page and try again' }),
  key: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v ?? ''),
  value: z
    .record(idKey, z.record(idKey, text(100)))
    .optional()
    .transform((v) => v ?? {}),
  line: z
    .record(idKey, z.object({ accepted: text(30), rejected: text(30) }))
    .optional()
    .transform((v) => v ?? {}),
  notes: text(2000),
  removePhoto: z
    .union([idKey, z.array(idKey)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map(Number)),
})
type InspectionForm = z.output<typeof inspectionFormSchema>
export type InspectionReply = SubmissionResult<string[]>

/** Inspections of the operator: the ones to do (from today) and the recently sent. */
export async function operatorTasks(db: Database, viewer: Viewer) {
  const today = kolkataDay()
  const base = db
    .selectFrom('qc_inspections as i')
    .innerJoin('seller_orders as s', 's.id', 'i.seller_order_id')
    .innerJoin('sellers', 'sellers.id', 'i.seller_id')
    .select([
      'i.id',
      'i.code',
      'i.status',
      'i.scheduled_on',
      'i.slot',
      'i.received_at',
      's.code as order_code',
      'sellers.name as seller',
      'sellers.contact_phone as phone',
      'sellers.id as seller_id',
    ])
    .where('i.operator_id', '=', viewer.userId)
  const [todo, overdue, sent] = await Promise.all([
    base
      .where('i.status', '=', 'scheduled')
      .where('i.scheduled_on', '>=', today)
      .orderBy('i.scheduled_on')
      .orderBy('i.slot')
      .limit(50)
      .execute(),
    base
      .where('i.status', '=', 'scheduled')
      .where('i.scheduled_on', '<', today)
      .orderBy('i.scheduled_on')
      .orderBy('i.slot')
      .limit(20)
      .execute(),
    base
      .where('i.status', '<>', 'scheduled')
      .where('i.status', '<>', 'cancelled')
      .where('i.received_at', 'is not', null)
      .orderBy('i.received_at', 'desc')
      .limit(10)
      .execute(),
  ])
  const shown = [...overdue, ...todo]
  const [lines, addresses] = await Promise.all([
    linesOf(
      db,
      shown.map((t) => t.id),
    ),
    pickupAddresses(db, [...new Set(shown.map((t) => t.seller_id))]),
  ])
  const task = (t: (typeof todo)[number]) => ({
    id: t.id,
    code: t.code,
    orderCode: t.order_code,
    day: t.scheduled_on,
    slot: slotLabel(t.slot),
    seller: t.seller,
    phone: t.phone,
    address: addresses.get(t.seller_id) ?? null,
    lines: lines.get(t.id) ?? [],
  })
  return {
    today,
    overdue: overdue.map(task),
    today_: todo.filter((t) => t.scheduled_on === today).map(task),
    upcoming: todo.filter((t) => t.scheduled_on > today).map(task),
    sent: sent.map((t) => ({
      id: t.id,
      code: t.code,
      orderCode: t.order_code,
      seller: t.seller,
      status: t.status,
      receivedAt: t.received_at!,
    })),
  }
}

/** The lines to inspect of each inspection: item, quantity and unit. */
async function linesOf(db: Executor, inspectionIds: number[]) {
  const byInspection = new Map<
    number,
    {
      id: number
      lineNo: number
      sku: string
      name: string
      quantityMilli: number
      quantity: string
      unit: string
      categoryId: number
    }[]
  >()
  if (!inspectionIds.length) return byInspection
  const rows = await db
    .selectFrom('qc_inspections as i')
    .innerJoin('sub_orders as l', 'l.seller_order_id', 'i.seller_order_id')
    .innerJoin('product_skus as p', 'p.id', 'l.product_sku_id')
    .innerJoin('products', 'products.id', 'p.product_id')
    .select([
      'i.id as inspection_id',
      'l.id',
      'l.line_no',
      'l.quantity_milli',
      'l.category_id',
      'p.code',
      'p.name',
      'products.unit',
    ])
    .where('i.id', 'in', inspectionIds)
    .orderBy('l.line_no')
    .execute()
  for (const r of rows) {
    const list = byInspection.get(r.inspection_id) ?? []
    list.push({
      id: r.id,
      lineNo: r.line_no,
      sku: r.code,
      name: r.name,
      quantityMilli: Number(r.quantity_milli),
      quantity: quantityInput(Number(r.quantity_milli)),
      unit: r.unit,
      categoryId: r.category_id,
    })
    byInspection.set(r.inspection_id, list)
  }
  return byInspection
}

/** Each seller's pickup address (its default pickup, else any pickup, else any address) as one line. */
async function pickupAddresses(db: Executor, sellerIds: number[]) {
  const found = new Map<number, string>()
  if (!sellerIds.length) return found
  const rows = await db
    .selectFrom('addresses')
    .select(['seller_id', 'kind', 'is_default', 'line1', 'line2', 'city', 'state', 'pin'])
    .where('seller_id', 'in', sellerIds)
    .orderBy('id')
    .execute()
  const rank = (r: (typeof rows)[number]) => (r.kind === 'pickup' ? 0 : 2) + (r.is_default ? 0 : 1)
  for (const id of sellerIds) {
    const best = rows.filter((r) => r.seller_id === id).sort((a, b) => rank(a) - rank(b))[0]
    if (best) found.set(id, [best.line1, best.line2, best.city, `${best.state} ${best.pin}`].filter(Boolean).join(', '))
  }
  return found
}

/** The active conditions of each category, in their order. */
async function conditionsOf(db: Executor, categoryIds: number[]) {
  const byCategory = new Map<number, CheckedCondition[]>()
  if (!categoryIds.length) return byCategory
  const rows = await db
    .selectFrom('conditions')
    .select(['id', 'category_id', 'name', 'operator', 'min_value', 'max_value', 'values_json', 'unit', 'severity'])
    .where('category_id', 'in', categoryIds)
    .where('active', '=', 1)
    .orderBy('id')
    .execute()
  for (const r of rows) {
    const list = byCategory.get(r.category_id) ?? []
    list.push(r)
    byCategory.set(r.category_id, list)
  }
  return byCategory
}

/** One of the operator's inspections with what its form needs; undefined when it is not theirs. */
export async function operatorInspection(db: Executor, viewer: Viewer, id: number) {
  const row = await db
    .selectFrom('qc_inspections as i')
    .innerJoin('seller_orders as s', 's.id', 'i.seller_order_id')
    .innerJoin('sellers', 'sellers.id', 'i.seller_id')
    .select([
      'i.id',
      'i.code',
      'i.status',
      'i.scheduled_on',
      'i.slot',
      'i.draft_json',
      'i.draft_key',
      'i.received_at',
      'i.notes',
      'i.failed_count',
      's.code as order_code',
      'sellers.id as seller_id',
      'sellers.name as seller',
      'sellers.contact_phone as phone',
    ])
    .where('i.id', '=', id)
    .where('i.operator_id', '=', viewer.userId)
    .executeTakeFirst()
  if (!row) return undefined
  const [lines, addresses, photos] = await Promise.all([
    linesOf(db, [row.id]).then((m) => m.get(row.id) ?? []),
    pickupAddresses(db, [row.seller_id]),
    db
      .selectFrom('qc_photos')
      .select(['id', 'width', 'height', 'original_name'])
      .where('inspection_id', '=', row.id)
      .orderBy('id')
      .execute(),
  ])
  const conditions = await conditionsOf(db, [...new Set(lines.map((l) => l.categoryId))])
  const draft = row.draft_json ? (JSON.parse(row.draft_json) as InspectionDraft) : null
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    orderCode: row.order_code,
    day: row.scheduled_on,
    slot: slotLabel(row.slot),
    seller: row.seller,
    phone: row.phone,
    address: addresses.get(row.seller_id) ?? null,
    receivedAt: row.received_at,
    notes: row.notes,
    failedCount: row.failed_count,
    draftKey: row.draft_key,
    draft,
    photos,
    lines: lines.map((line) => ({
      ...line,
      conditions: (conditions.get(line.categoryId) ?? []).map((c) => {
        const value = draft?.values[line.id]?.[c.id] ?? ''
        // The condition as read now (what a submission keeps with its result), in words, and the value judged.
        return {
          ...c,
          rule: describeCondition(c),
          numeric: NUMERIC_OPERATORS.includes(c.operator),
          value,
          verdict: verdictOf(c, value),
        }
      }),
    })),
    /** A fresh key for a form sent from the device's queue (used once; the page makes a new one each time). */
    sendKey: crypto.randomUUID(),
    /** Who the form is served to, for this inspection (checked when it comes back). */
    ownerToken: signOwnerToken(viewer.userId, row.id),
  }
}
export type OperatorInspection = NonNullable<Awaited<ReturnType<typeof operatorInspection>>>

type Loaded = NonNullable<Awaited<ReturnType<typeof operatorInspection>>>

/** The form checked against the inspection's lines and active conditions: messages by field, or the draft. */
function checkDraft(
  inspection: Loaded,
  form: InspectionForm,
):
  | { fields: Record<string, string> }
  | {
      draft: InspectionDraft
      lots: {
        subOrderId: number
        lineNo: number
        quantityMilli: number
        acceptedMilli: number
        rejectedMilli: number
      }[]
    } {
  const fields: Record<string, string> = {}
  const draft: InspectionDraft = { values: {}, lines: {}, notes: form.notes.trim() }
  const lots = []
  for (const line of inspection.lines) {
    draft.values[line.id] = {}
    for (const condition of line.conditions) {
      const value = (form.value[line.id]?.[condition.id] ?? '').trim()
      draft.values[line.id]![condition.id] = value
      const name = `value.${line.id}.${condition.id}`
      if (value === '') fields[name] = `Enter the ${condition.name.toLowerCase()} you measured`
      else if (condition.numeric && !isDecimal(value.replace(/,/g, '')))
        fields[name] = `Enter a number${condition.unit ? ` in ${condition.unit}` : ''}, like 120 or 12.5`
    }
    const typed = form.line[line.id] ?? { accepted: '', rejected: '' }
    draft.lines[line.id] = { accepted: typed.accepted.trim(), rejected: typed.rejected.trim() }
    const quantityMilli = line.quantityMilli
    const checked = checkLineQuantities(
      { quantityMilli, accepted: typed.accepted, rejected: typed.rejected },
      line.unit,
    )
    if (!checked.ok) fields[`line.${line.id}.${checked.field}`] = checked.message
    else
      lots.push({
        subOrderId: line.id,
        lineNo: line.lineNo,
        quantityMilli,
        acceptedMilli: checked.acceptedMilli,
        rejectedMilli: checked.rejectedMilli,
      })
  }
  return Object.keys(fields).length ? { fields } : { draft, lots }
}

const alreadyReceived = (code: string, receivedAt: string | null) =>
  `${code} was already received${receivedAt ? ` at ${formatTime(receivedAt)}` : ''}: nothing more is needed.`

/**
 * The inspection form's answer: `review` saves the draft and its photos and shows the review;
 * `submit` sends the reviewed draft with its key; `send` (a form replayed from the device's queue)
 * checks, saves and sends in one go with the device's key.
 */
export async function inspectionAction(
  db: Database,
  viewer: Viewer,
  idParam: string | undefined,
  form: FormData,
): Promise<FormOutcome<InspectionReply>> {
  // Another person's form (kept on a shared phone): refused before anything else, whatever inspection it names.
  const owner = readOwnerToken(form.get('owner'))
  if (owner.ok && owner.userId !== viewer.userId) return { status: 'forbidden', message: RECORDED_BY_ANOTHER }
  const id = readId(idParam)
  const inspection = id ? await operatorInspection(db, viewer, id) : undefined
  if (!inspection) return { status: 'not-found' }
  const page = `/field_operator/orders/${inspection.id}`
  const submission = parseWithZod(form, { schema: inspectionFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  if (!owner.ok || owner.inspectionId !== inspection.id) {
    const message =
      !owner.ok && owner.reason === 'expired'
        ? `This form waited more than a week to be sent: open ${inspection.code} again and fill it in.`
        : 'Reload the page and send the form again: nothing was sent.'
    return { status: 'invalid', reply: submission.reply({ formErrors: [message] }) }
  }
  const input = submission.value
  const refuse = (fields: Record<string, string>, summary: string) => ({
    status: 'invalid' as const,
    reply: submission.reply({
      fieldErrors: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
      formErrors: [summary],
    }),
  })
  const received = (receivedAt: string, repeated: boolean) => ({
    status: 'done' as const,
    toast: {
      kind: 'success' as const,
      message: repeated
        ? `${inspection.code} was already received at ${formatTime(receivedAt)}: it was sent once.`
        : `Received at ${formatTime(receivedAt)}: ${inspection.code} is sent for approval.`,
    },
    redirectTo: page,
  })

  if (input.intent === 'submit') {
    const sent = await submitDraft(db, viewer, inspection.id, input.key)
    if (!sent.ok) {
      const already = await receivedMeanwhile(db, inspection.id)
      if (already) return received(already, true)
      return { status: 'invalid', reply: submission.reply({ formErrors: [sent.message] }) }
    }
    return received(sent.value.receivedAt, sent.value.repeated)
  }

  // review and send: the whole form, with its photos.
  if (inspection.status !== 'scheduled') {
    if (input.intent === 'send') return received(inspection.receivedAt ?? new Date().toISOString(), true)
    return {
      status: 'invalid',
      reply: submission.reply({ formErrors: [alreadyReceived(inspection.code, inspection.receivedAt)] }),
    }
  }
  const checked = checkDraft(inspection, input)
  const prepared = await preparePhotos(form.getAll('photos'))
  const photoError = 'error' in prepared ? prepared.error : null
  const kept = inspection.photos.filter((p) => !input.removePhoto.includes(p.id)).length
  const tooMany =
    !photoError && kept + ('photos' in prepared ? prepared.photos.length : 0) > MAX_PHOTOS_PER_INSPECTION
      ? `Keep at most ${MAX_PHOTOS_PER_INSPECTION} photos: remove some first`
      : null
  if ('fields' in checked || photoError || tooMany) {
    const fields = {
      ...('fields' in checked ? checked.fields : {}),
      ...(photoError || tooMany ? { photos: (photoError ?? tooMany)! } : {}),
    }
    return refuse(
      fields,
      `Check ${Object.keys(fields).length === 1 ? 'the field' : `the ${Object.keys(fields).length} fields`} marked below: nothing was sent yet.`,
    )
  }
  const photos = 'photos' in prepared ? prepared.photos : []
  if (input.intent === 'review') {
    const saved = await saveDraft(db, viewer, inspection.id, checked.draft, photos, input.removePhoto)
    if (!saved.ok) return { status: 'invalid', reply: submission.reply({ formErrors: [saved.message] }) }
    return {
      status: 'done',
      toast: { kind: 'info', message: 'Check the results below, then send them.' },
      redirectTo: `${page}?step=review`,
    }
  }
  if (!input.key)
    return { status: 'invalid', reply: submission.reply({ formErrors: ['Reload the page and send the form again.'] }) }
  const sent = await refusals(() =>
    db.transaction().execute(async (trx) => {
      const repeat = await repeated(trx, inspection.id, input.key)
      if (repeat) return repeat
      await writeDraft(trx, viewer, inspection.id, checked.draft, photos, input.removePhoto)
      return submitIn(trx, viewer, inspection.id, input.key, true)
    }),
  )
  if (!sent.ok) {
    const already = await receivedMeanwhile(db, inspection.id)
    if (already) return received(already, true)
    return { status: 'invalid', reply: submission.reply({ formErrors: [sent.message] }) }
  }
  return received(sent.value.receivedAt, sent.value.repeated)
}

/**
 * When a submit lost a race to another with the same inspection (a retry that overtook the first,
 * a second tab), the inspection is received all the same: when, or null while it is not.
 */
async function receivedMeanwhile(db: Database, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('qc_inspections')
    .select(['status', 'received_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row && row.status !== 'scheduled' && row.status !== 'cancelled' && row.received_at ? row.received_at : null
}

/** Saves the reviewed draft (a new key each time, so the review shown is the one sent) and adds or removes photos. */
async function saveDraft(
  db: Database,
  viewer: Viewer,
  id: number,
  draft: InspectionDraft,
  photos: StoredPhoto[],
  remove: number[],
): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      await writeDraft(trx, viewer, id, draft, photos, remove)
      return { ok: true as const, value: undefined }
    }),
  )
}

async function writeDraft(
  trx: Executor,
  viewer: Viewer,
  id: number,
  draft: InspectionDraft,
  photos: StoredPhoto[],
  remove: number[],
) {
  const updated = await trx
    .updateTable('qc_inspections')
    .set({ draft_json: JSON.stringify(draft), draft_key: crypto.randomUUID(), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('operator_id', '=', viewer.userId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0)
    throw new Refused(undefined, 'This inspection was received or changed meanwhile: reload the page.')
  if (remove.length)
    await trx.deleteFrom('qc_photos').where('inspection_id', '=', id).where('id', 'in', remove).execute()
  await savePhotos(trx, id, photos, viewer.userId)
}

/** A submission already made with this key: its receipt (the retry creates nothing). */
async function repeated(trx: Executor, id: number, key: string) {
  const row = await trx
    .selectFrom('qc_inspections')
    .select(['status', 'submit_key', 'received_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  if (row.submit_key === key && row.received_at)
    return { ok: true as const, value: { receivedAt: row.received_at, repeated: true } }
  return undefined
}

/** Sends the reviewed draft: conditional on the inspection being scheduled still with that draft's key. */
export async function submitDraft(
  db: Database,
  viewer: Viewer,
  id: number,
  key: string,
): Promise<Result<{ receivedAt: string; repeated: boolean }>> {
  if (!key) return { ok: false, message: 'Reload the page and send it again.' }
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const repeat = await repeated(trx, id, key)
      if (repeat) return repeat
      return submitIn(trx, viewer, id, key, false)
    }),
  )
}

/**
 * The submission itself: the lines, the measured values judged against the conditions in force,
 * the notes, status submitted. Conditional on status scheduled (and, for a reviewed draft, the
 * draft's key), so of two submits exactly one writes.
 */
async function submitIn(
  trx: Executor,
  viewer: Viewer,
  id: number,
  key: string,
  direct: boolean,
): Promise<Result<{ receivedAt: string; repeated: boolean }>> {
  const inspection = await operatorInspection(trx, viewer, id)
  if (!inspection) return { ok: false, notFound: true, message: 'There is no such inspection.' }
  if (inspection.status !== 'scheduled')
    return { ok: true, value: { receivedAt: inspection.receivedAt ?? new Date().toISOString(), repeated: true } }
  if (!direct && inspection.draftKey !== key)
    throw new Refused(undefined, 'The results were changed after this review: check them again below and send.')
  const draft = inspection.draft
  if (!draft) throw new Refused(undefined, 'Fill in the results first.')
  // The conditions in force now: one added since the review has no value, and the review is done again.
  const checked = checkDraft(inspection, {
    intent: 'review',
    key: '',
    value: draft.values,
    line: draft.lines,
    notes: draft.notes,
    removePhoto: [],
  })
  if ('fields' in checked)
    throw new Refused(
      undefined,
      'The category’s conditions changed since the review: fill in the new ones and review again.',
    )
  const at = new Date().toISOString()
  let failed = 0
  const results = inspection.lines.flatMap((line) =>
    line.conditions.map((c) => {
      if (c.verdict === 'fail') failed++
      return { line, condition: c }
    }),
  )
  // The operator's step (qc/states.ts): conditional on the inspection being scheduled still, so of two submits one writes.
  await takeStep(trx, inspectionMachine, id, 'submit', {
    actorUserId: viewer.userId,
    current: 'scheduled',
    set: {
      submit_key: key,
      received_at: at,
      submitted_by: viewer.userId,
      notes: draft.notes || null,
      failed_count: failed,
      updated_at: at,
    },
    after: { failed_conditions: failed, photos: inspection.photos.length },
    note: direct ? 'Sent from the device’s queue' : null,
  })
  for (const { line, condition: c } of results) {
    await trx
      .insertInto('qc_inspection_results')
      .values({
        inspection_id: id,
        sub_order_id: line.id,
        condition_id: c.id,
        name: c.name,
        operator: c.operator,
        min_value: c.min_value,
        max_value: c.max_value,
        values_json: c.values_json,
        unit: c.unit ?? null,
        severity: c.severity,
        value: c.value,
        verdict: c.verdict ?? 'fail',
      })
      .execute()
  }
  for (const lot of checked.lots) {
    await trx
      .insertInto('qc_inspection_lines')
      .values({
        inspection_id: id,
        sub_order_id: lot.subOrderId,
        line_no: lot.lineNo,
        quantity_milli: lot.quantityMilli,
        accepted_milli: lot.acceptedMilli,
        rejected_milli: lot.rejectedMilli,
      })
      .execute()
  }
  return { ok: true, value: { receivedAt: at, repeated: false } }
}
