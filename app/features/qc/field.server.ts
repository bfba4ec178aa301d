import crypto from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod'
import type { Database } from '#db/database'
import type { ConditionTolerance } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { formatTime, kolkataDay } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { quantityInput } from '~/utils/quantity'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { type Executor } from '~/platform/executor'
import { nothingAfterCommit, type AfterCommit } from '~/platform/files.server'
import { takeStep } from '~/platform/steps.server'
import { describeCondition, isDecimal, isLabKey, NUMERIC_OPERATORS } from '../categories/conditions'
import { MAX_PHOTOS_PER_INSPECTION, preparePhotos, removePhotos, savePhotos, type StoredPhoto } from './photos.server'
import { readOwnerToken, signOwnerToken } from './owner-token.server'
import { checkLineQuantities, RECORDED_BY_ANOTHER, slotLabel, verdictOf, type CheckedCondition } from './rules'
import { verdictHasFindings, verdictSentence } from './verdict'
import {
  findLine,
  planSummary,
  findingFacts,
  proposedQuantities,
  severityOf,
  type LineFinding,
  type LineSetup,
  type LineTyped,
  type RollDraft,
} from './inspect'
import { lineSetups } from './plans.server'
import { describeTolerance, relativeBounds } from './relative'
import { inspectionMachine } from './states'

// The field operator's inspections (docs/domain.md "QC inspections"): the task list, one
// inspection's form, its review and its submission. An inspection that is not the operator's own
// is not found (404), whatever the form. The submission is idempotent: the review's key (or, for a
// form sent from the device's queue, the key the device made) goes with it, so a retry after a
// dropped connection finds what the first one did and creates nothing. Every form carries the
// owner token of the person it was served to (owner-token.server.ts): a form kept on a phone and
// replayed under someone else's session is refused, never sent as theirs.

/**
 * What the operator typed: the measured value per line and condition, quantities per line, notes;
 * by the book (issue 39): the lot in units, the defect counts per type, the fabric rolls, per line.
 */
export interface InspectionDraft {
  values: Record<string, Record<string, string>>
  lines: Record<string, { accepted: string; rejected: string }>
  notes: string
  lots?: Record<string, string>
  counts?: Record<string, Record<string, string>>
  rolls?: Record<string, RollDraft[]>
}

const text = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((v) => v ?? '')
const idKey = z.string().regex(/^\d{1,12}$/)
const rowKey = z.string().regex(/^\d{1,2}$/)
const defectRow = z.object({ type: text(12), size: text(12), unit: text(4) })
const rollRow = z.object({
  no: text(12),
  shade: text(60),
  length: text(12),
  width: text(12),
  defect: z
    .record(rowKey, defectRow)
    .optional()
    .transform((v) => v ?? {}),
})
/** The rows of a record keyed by row number, in order, a missing row (all left empty) as `empty` (at most 60). */
function rowsOf<T>(record: Record<string, T> | undefined, empty: () => T): T[] {
  const keys = Object.keys(record ?? {}).map(Number)
  const length = Math.min(60, keys.length ? Math.max(...keys) + 1 : 0)
  return Array.from({ length }, (_, i) => record?.[String(i)] ?? empty())
}
const emptyRollRow = (): RollDraft => ({ no: '', shade: '', length: '', width: '', defects: [] })
/** The rolls typed on each line, as the draft keeps them. */
function typedRolls(form: Pick<InspectionForm, 'roll'>): Record<string, RollDraft[]> {
  return Object.fromEntries(
    Object.entries(form.roll).map(([line, rows]) => [
      line,
      rowsOf(rows, () => ({ ...emptyRollRow(), defect: {} })).map((r) => ({
        no: r.no.trim(),
        shade: r.shade.trim(),
        length: r.length.trim(),
        width: r.width.trim(),
        defects: rowsOf(r.defect, () => ({ type: '', size: '', unit: 'in' })).map((d) => ({
          type: d.type.trim(),
          size: d.size.trim(),
          unit: d.unit === 'cm' ? 'cm' : 'in',
        })),
      })),
    ]),
  )
}

export const inspectionFormSchema = z.object({
  // form: show the form again with what was typed (the sample for the lot typed); more:roll:<line> or
  // more:defect:<line>:<roll>: the same with one more roll or more defect rows (JavaScript off).
  intent: z
    .string({ error: 'Reload the page and try again' })
    .regex(/^(review|submit|send|form|more:(roll:\d{1,12}|defect:\d{1,12}:\d{1,2}))$/, 'Reload the page and try again'),
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
  lot: z
    .record(idKey, text(12))
    .optional()
    .transform((v) => v ?? {}),
  count: z
    .record(idKey, z.record(idKey, text(8)))
    .optional()
    .transform((v) => v ?? {}),
  roll: z
    .record(idKey, z.record(rowKey, rollRow))
    .optional()
    .transform((v) => v ?? {}),
  notes: text(2000),
  /** The defect type the photos added show (one of the inspection's categories'), or none. */
  photoDefect: z
    .union([z.literal(''), idKey])
    .optional()
    .transform((v) => (v ? Number(v) : null)),
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
      attributes: Record<string, string>
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
      'p.attributes_json',
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
      attributes: skuAttributes(r.attributes_json),
    })
    byInspection.set(r.inspection_id, list)
  }
  return byInspection
}

/** A SKU's attributes as text (a number as its decimal text). */
function skuAttributes(json: string): Record<string, string> {
  try {
    const parsed = JSON.parse(json) as unknown
    if (!parsed || typeof parsed !== 'object') return {}
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
        .map(([k, v]) => [k, String(v)]),
    )
  } catch {
    return {}
  }
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
  const byCategory = new Map<number, (CheckedCondition & { attribute_key: string; tolerance: ConditionTolerance })[]>()
  if (!categoryIds.length) return byCategory
  const rows = await db
    .selectFrom('conditions')
    .select([
      'id',
      'category_id',
      'name',
      'operator',
      'min_value',
      'max_value',
      'values_json',
      'unit',
      'severity',
      'attribute_key',
      'tolerance',
    ])
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
      .leftJoin('defect_types', 'defect_types.id', 'qc_photos.defect_type_id')
      .select([
        'qc_photos.id',
        'qc_photos.width',
        'qc_photos.height',
        'qc_photos.original_name',
        'defect_types.name as defect',
      ])
      .where('qc_photos.inspection_id', '=', row.id)
      .orderBy('qc_photos.id')
      .execute(),
  ])
  const [conditions, setups] = await Promise.all([
    conditionsOf(db, [...new Set(lines.map((l) => l.categoryId))]),
    lineSetups(db, row.seller_id, lines),
  ])
  const draft = row.draft_json ? (JSON.parse(row.draft_json) as InspectionDraft) : null
  const withLines = lines.map((line) => {
    const setup = setups.get(line.id) ?? null
    const typed: LineTyped = {
      lot: draft?.lots?.[line.id] ?? '',
      counts: draft?.counts?.[line.id] ?? {},
      rolls: draft?.rolls?.[line.id] ?? [],
    }
    return {
      ...line,
      setup,
      /** What the saved draft found on the line (the review shows it). */
      finding: setup && draft ? findLine(setup, line.id, typed, true) : null,
      conditions: (conditions.get(line.categoryId) ?? []).map((c) => {
        const value = draft?.values[line.id]?.[c.id] ?? ''
        // The condition as read now, relative to the line's SKU (what a submission keeps with its
        // result), in words, and the value judged.
        const { attribute_key: key, tolerance, ...rule } = relativeTo(c, line.attributes)
        return {
          ...rule,
          attributeKey: key,
          /** A lab parameter (docs/domain.md "Lab parameters"): a measurement in its own unit, judged by its bounds. */
          lab: isLabKey(key),
          tolerance,
          rule: describeRule(rule, c, line.attributes),
          numeric: NUMERIC_OPERATORS.includes(c.operator),
          value,
          verdict: rule.unjudged ? (value.trim() ? ('fail' as const) : null) : verdictOf(rule, value),
        }
      }),
    }
  })
  const whole = {
    failedConditions: withLines.flatMap((l) => l.conditions).filter((c) => c.verdict === 'fail').length,
    lines: withLines.map((l) => findingFacts(l.lineNo, l.finding, l.setup)),
  }
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
    lines: withLines,
    /** The review's one sentence from the whole verdict (verdict.ts): conditions, plans and rolls together. */
    verdict: { sentence: verdictSentence(whole), findings: verdictHasFindings(whole) },
    /** A fresh key for a form sent from the device's queue (used once; the page makes a new one each time). */
    sendKey: crypto.randomUUID(),
    /** Who the form is served to, for this inspection (checked when it comes back). */
    ownerToken: signOwnerToken(viewer.userId, row.id),
  }
}
export type OperatorInspection = NonNullable<Awaited<ReturnType<typeof operatorInspection>>>

type ReadCondition = CheckedCondition & { attribute_key: string; tolerance: ConditionTolerance }

/**
 * A condition on one SKU: fixed bounds as typed; ± % or ± units around the SKU's own value of the
 * attribute (eq / in: the SKU's own value). A SKU without that value cannot be judged (unjudged):
 * the value measured is kept and the condition counts as not met, so the QC team decides.
 */
function relativeTo(c: ReadCondition, attributes: Record<string, string>): ReadCondition & { unjudged: boolean } {
  // A lab parameter has no SKU value: always its fixed bounds (the form refuses a tolerance on one).
  if (c.tolerance === 'fixed' || isLabKey(c.attribute_key)) return { ...c, unjudged: false }
  const own = attributes[c.attribute_key]
  if (!NUMERIC_OPERATORS.includes(c.operator))
    return own?.trim() ? { ...c, values_json: JSON.stringify([own.trim()]), unjudged: false } : { ...c, unjudged: true }
  const bounds = relativeBounds(c, own)
  if (!bounds.ok) return { ...c, unjudged: true }
  return { ...c, min_value: bounds.min_value, max_value: bounds.max_value, unjudged: false }
}

/** The rule in words: fixed as typed; relative with its bound computed ("between 58.8 and 61.2 Ne: 60 Ne ± 2 %"). */
function describeRule(
  rule: CheckedCondition & { unjudged: boolean },
  stored: ReadCondition,
  attributes: Record<string, string>,
) {
  if (stored.tolerance === 'fixed' || isLabKey(stored.attribute_key)) return describeCondition(rule)
  if (rule.unjudged)
    return `cannot be judged: this SKU has no ${stored.attribute_key} on record (the value is kept and the QC team decides)`
  if (!NUMERIC_OPERATORS.includes(stored.operator)) return `${describeCondition(rule)} (as ordered)`
  const unit = stored.unit ? ` ${stored.unit}` : ''
  return `${describeCondition(rule)}: ${attributes[stored.attribute_key]}${unit} ${describeTolerance(stored)}`
}

type Loaded = NonNullable<Awaited<ReturnType<typeof operatorInspection>>>

/** What was typed, as the draft keeps it. */
function typedDraft(form: InspectionForm): InspectionDraft {
  const trimmed = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.trim()]))
  return {
    values: form.value,
    lines: form.line,
    notes: form.notes,
    lots: trimmed(form.lot),
    counts: Object.fromEntries(Object.entries(form.count).map(([k, v]) => [k, trimmed(v)])),
    rolls: typedRolls(form),
  }
}

export interface CheckedLot {
  subOrderId: number
  lineNo: number
  quantityMilli: number
  acceptedMilli: number
  rejectedMilli: number
  finding: LineFinding | null
  setup: LineSetup | null
}

/** The form checked against the inspection's lines, active conditions and plans: messages by field, or the draft. */
function checkDraft(
  inspection: Loaded,
  typed: InspectionDraft,
): { fields: Record<string, string> } | { draft: InspectionDraft; lots: CheckedLot[] } {
  const fields: Record<string, string> = {}
  const draft: InspectionDraft = {
    values: {},
    lines: {},
    notes: typed.notes.trim(),
    lots: {},
    counts: {},
    rolls: {},
  }
  const lots: CheckedLot[] = []
  for (const line of inspection.lines) {
    draft.values[line.id] = {}
    for (const condition of line.conditions) {
      const value = (typed.values[line.id]?.[condition.id] ?? '').trim()
      draft.values[line.id]![condition.id] = value
      const name = `value.${line.id}.${condition.id}`
      if (value === '') fields[name] = `Enter the ${condition.name.toLowerCase()} you measured`
      else if (condition.numeric && !isDecimal(value.replace(/,/g, '')))
        fields[name] = `Enter a number${condition.unit ? ` in ${condition.unit}` : ''}, like 120 or 12.5`
    }
    // By the book: the lot, the counts per defect type or the rolls, judged against the plan.
    const setup = line.setup
    let finding: LineFinding | null = null
    if (setup && setup.method !== 'none') {
      const lineTyped: LineTyped = {
        lot: typed.lots?.[line.id] ?? '',
        counts: typed.counts?.[line.id] ?? {},
        rolls: typed.rolls?.[line.id] ?? [],
      }
      draft.lots![line.id] = lineTyped.lot.trim()
      draft.counts![line.id] = lineTyped.counts
      draft.rolls![line.id] = lineTyped.rolls
      finding = findLine(setup, line.id, lineTyped, true)
      Object.assign(fields, finding.fields)
    }
    const given = typed.lines[line.id] ?? { accepted: '', rejected: '' }
    // The inspector's proposal stays theirs; left empty, it follows the verdict (accept: all but the
    // rolls over the points limit, reject: none).
    const quantities =
      !given.accepted.trim() && !given.rejected.trim() && finding?.verdict
        ? proposedQuantities(finding, line)
        : { accepted: given.accepted.trim(), rejected: given.rejected.trim() }
    draft.lines[line.id] = quantities
    const quantityMilli = line.quantityMilli
    const checked = checkLineQuantities({ quantityMilli, ...quantities }, line.unit)
    if (!checked.ok) fields[`line.${line.id}.${checked.field}`] = checked.message
    else if (setup?.state === 'discontinued' && setup.method !== 'none' && checked.acceptedMilli > 0)
      fields[`line.${line.id}.accepted`] =
        'This seller’s supplies of the category are discontinued: the lot cannot be accepted (enter 0)'
    else
      lots.push({
        subOrderId: line.id,
        lineNo: line.lineNo,
        quantityMilli,
        acceptedMilli: checked.acceptedMilli,
        rejectedMilli: checked.rejectedMilli,
        finding,
        setup,
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
  if (input.intent === 'form' || input.intent.startsWith('more:'))
    return { status: 'invalid', reply: submission.reply() }
  const checked = checkDraft(inspection, typedDraft(input))
  const prepared = await preparePhotos(form.getAll('photos'))
  const photoError = 'error' in prepared ? prepared.error : null
  const kept = inspection.photos.filter((p) => !input.removePhoto.includes(p.id)).length
  const tooMany =
    !photoError && kept + ('photos' in prepared ? prepared.photos.length : 0) > MAX_PHOTOS_PER_INSPECTION
      ? `Keep at most ${MAX_PHOTOS_PER_INSPECTION} photos: remove some first`
      : null
  const knownDefect =
    input.photoDefect === null ||
    inspection.lines.some((l) => l.setup?.defectTypes.some((t) => t.id === input.photoDefect))
  if ('fields' in checked || photoError || tooMany || !knownDefect) {
    const fields = {
      ...('fields' in checked ? checked.fields : {}),
      ...(photoError || tooMany ? { photos: (photoError ?? tooMany)! } : {}),
      ...(knownDefect ? {} : { photoDefect: 'Choose one of the defects listed, or none' }),
    }
    return refuse(
      fields,
      `Check ${Object.keys(fields).length === 1 ? 'the field' : `the ${Object.keys(fields).length} fields`} marked below: nothing was sent yet.`,
    )
  }
  const photos = 'photos' in prepared ? prepared.photos : []
  if (input.intent === 'review') {
    const saved = await saveDraft(
      db,
      viewer,
      inspection.id,
      checked.draft,
      photos,
      input.removePhoto,
      input.photoDefect,
    )
    if (!saved.ok) return { status: 'invalid', reply: submission.reply({ formErrors: [saved.message] }) }
    return {
      status: 'done',
      toast: { kind: 'info', message: 'Check the results below, then send them.' },
      redirectTo: `${page}?step=review`,
    }
  }
  if (!input.key)
    return { status: 'invalid', reply: submission.reply({ formErrors: ['Reload the page and send the form again.'] }) }
  let removed = nothingAfterCommit
  const sent = await refusals(() =>
    db.transaction().execute(async (trx) => {
      const repeat = await repeated(trx, inspection.id, input.key)
      if (repeat) return repeat
      removed = await writeDraft(
        trx,
        viewer,
        inspection.id,
        checked.draft,
        photos,
        input.removePhoto,
        input.photoDefect,
      )
      return submitIn(trx, viewer, inspection.id, input.key, true)
    }),
  )
  if (sent.ok) await removed()
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
  photoDefect: number | null,
): Promise<Result> {
  let removed = nothingAfterCommit
  const saved = await refusals(() =>
    db.transaction().execute(async (trx) => {
      removed = await writeDraft(trx, viewer, id, draft, photos, remove, photoDefect)
      return { ok: true as const, value: undefined }
    }),
  )
  if (saved.ok) await removed()
  return saved
}

async function writeDraft(
  trx: Executor,
  viewer: Viewer,
  id: number,
  draft: InspectionDraft,
  photos: StoredPhoto[],
  remove: number[],
  photoDefect: number | null,
): Promise<AfterCommit> {
  const updated = await trx
    .updateTable('qc_inspections')
    .set({ draft_json: JSON.stringify(draft), draft_key: crypto.randomUUID(), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('operator_id', '=', viewer.userId)
    .where('status', '=', 'scheduled')
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0)
    throw new Refused(undefined, 'This inspection was received or changed meanwhile: reload the page.')
  const removed = await removePhotos(trx, id, remove)
  await savePhotos(trx, id, photos, viewer.userId, photoDefect)
  return removed
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
  const checked = checkDraft(inspection, draft)
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
    const { finding, setup } = lot
    const aql = finding?.aql ?? null
    const fabric = finding?.fabric ?? null
    await trx
      .insertInto('qc_inspection_lines')
      .values({
        inspection_id: id,
        sub_order_id: lot.subOrderId,
        line_no: lot.lineNo,
        quantity_milli: lot.quantityMilli,
        accepted_milli: lot.acceptedMilli,
        rejected_milli: lot.rejectedMilli,
        // By the book (issue 39): what the plan and the counts, or the rolls, said (recomputed here: the server's verdict is kept).
        lot_units: finding?.lotUnits ?? null,
        code_letter: aql?.plans.critical.codeLetter ?? null,
        sample_size: aql?.plans.sampleToDraw ?? null,
        inspection_severity: aql && setup ? severityOf(setup) : null,
        plan_json: aql ? JSON.stringify(planSummary(aql.plans)) : null,
        verdict: finding?.verdict ?? null,
        points_per_100: fabric ? Math.round(fabric.lot.pointsPer100SquareYards * 100) : null,
      })
      .execute()
    if (aql && setup) {
      const counted = setup.defectTypes.filter((t) => (finding!.counts[t.id] ?? 0) > 0)
      if (counted.length)
        await trx
          .insertInto('qc_defect_counts')
          .values(
            counted.map((t) => ({
              inspection_id: id,
              sub_order_id: lot.subOrderId,
              defect_type_id: t.id,
              name: t.name,
              severity: t.severity,
              count: finding!.counts[t.id]!,
            })),
          )
          .execute()
    }
    if (fabric) {
      for (const [i, roll] of finding!.rolls.entries()) {
        const result = fabric.lot.rolls[i]!
        const stored = await trx
          .insertInto('qc_rolls')
          .values({
            inspection_id: id,
            sub_order_id: lot.subOrderId,
            roll_no: i + 1,
            roll_tag: roll.tag,
            shade: roll.shade,
            length_mm: roll.lengthMm,
            width_mm: roll.widthMm,
            points: result.points,
            points_per_100: Math.round(result.pointsPer100SquareYards * 100),
            accepted: result.accepted ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (roll.defects.length)
          await trx
            .insertInto('qc_roll_defects')
            .values(
              roll.defects.map((d, j) => ({
                roll_id: stored.id,
                defect_type_id: d.typeId,
                name: d.name,
                length_mm: d.size === null ? null : Math.round(d.size * (d.unit === 'cm' ? 10 : 25.4)),
                at_mm: null,
                points: fabric.points[i]![j]!,
              })),
            )
            .execute()
      }
    }
  }
  return { ok: true, value: { receivedAt: at, repeated: false } }
}
