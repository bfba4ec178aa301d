import type { ConditionOperator, ConditionSeverity, QcInspectionStatus } from '#db/types'
import { evaluateCondition, type ConditionRule } from '../categories/conditions'
import { parseQuantity, quantityInput } from '~/utils/quantity'

// QC inspections' rules that need no database (docs/domain.md "QC inspections"): the time slots,
// the states, how a measured value is judged against its condition, and the lot arithmetic of
// accepted and rejected quantities. Pure, so the pages, the mutations and the tests share them.

/** The day's inspection slots: their start (stored) and what people read. */
export const SLOTS = [
  { key: '09:00', label: '09:00–11:00' },
  { key: '11:00', label: '11:00–13:00' },
  { key: '14:00', label: '14:00–16:00' },
  { key: '16:00', label: '16:00–18:00' },
] as const
export type SlotKey = (typeof SLOTS)[number]['key']
export const SLOT_KEYS: readonly string[] = SLOTS.map((s) => s.key)
export const slotLabel = (key: string) => SLOTS.find((s) => s.key === key)?.label ?? key

export const INSPECTION_STATUSES = [
  'scheduled',
  'submitted',
  'approved',
  'partly_approved',
  'rejected',
  'cancelled',
] as const satisfies readonly QcInspectionStatus[]
/** An inspection still to be done or decided: a seller order has at most one (a unique index). */
export const OPEN_INSPECTION: readonly QcInspectionStatus[] = ['scheduled', 'submitted']
/** Decisions that let the lot (or its accepted part) past the QC gate. */
export const PASSING_INSPECTION: readonly QcInspectionStatus[] = ['approved', 'partly_approved']

export const inspectionStatusLabels: Record<QcInspectionStatus, string> = {
  scheduled: 'Scheduled',
  submitted: 'Waiting for approval',
  approved: 'Approved',
  partly_approved: 'Partly accepted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
}

/** A condition to check, as read when the form is shown or submitted. */
export interface CheckedCondition extends ConditionRule {
  id: number
  name: string
  severity: ConditionSeverity
  operator: ConditionOperator
}

/** A measured value judged: 'pass' or 'fail'; null while nothing is entered. */
export function verdictOf(condition: ConditionRule, value: string): 'pass' | 'fail' | null {
  const verdict = evaluateCondition(condition, value)
  return verdict === 'missing' ? null : verdict
}

export interface LineQuantities {
  /** The line's quantity in thousandths. */
  quantityMilli: number
  accepted: string
  rejected: string
}

export type LotCheck =
  | { ok: true; acceptedMilli: number; rejectedMilli: number }
  | { ok: false; field: 'accepted' | 'rejected'; message: string }

/**
 * One line's accepted and rejected quantities as typed: each a quantity of up to three decimals,
 * together exactly the line's quantity. One of the two may be left empty: it is the rest.
 */
export function checkLineQuantities(line: LineQuantities, unit = ''): LotCheck {
  const whole = quantityInput(line.quantityMilli)
  const acceptedText = line.accepted.trim()
  const rejectedText = line.rejected.trim()
  if (acceptedText === '' && rejectedText === '')
    return { ok: false, field: 'accepted', message: `Enter how much is accepted (the line is ${whole} ${unit})`.trim() }
  const parse = (text: string) => (text === '' ? null : text === '0' ? 0 : parseQuantity(text))
  const accepted = parse(acceptedText)
  const rejected = parse(rejectedText)
  if (acceptedText !== '' && accepted === null)
    return { ok: false, field: 'accepted', message: 'Enter a quantity like 120 or 12.5' }
  if (rejectedText !== '' && rejected === null)
    return { ok: false, field: 'rejected', message: 'Enter a quantity like 120 or 12.5' }
  if (accepted !== null && accepted > line.quantityMilli)
    return { ok: false, field: 'accepted', message: `Accept at most the line’s ${whole} ${unit}`.trim() }
  if (rejected !== null && rejected > line.quantityMilli)
    return { ok: false, field: 'rejected', message: `Reject at most the line’s ${whole} ${unit}`.trim() }
  const a = accepted ?? line.quantityMilli - (rejected ?? 0)
  const r = rejected ?? line.quantityMilli - (accepted ?? 0)
  if (a + r !== line.quantityMilli)
    return {
      ok: false,
      field: rejectedText !== '' ? 'rejected' : 'accepted',
      message: `Accepted and rejected must add up to the line’s ${whole} ${unit}`.trim(),
    }
  return { ok: true, acceptedMilli: a, rejectedMilli: r }
}

/** What a lot's accepted and rejected quantities amount to: all accepted, none, or a part. */
export function lotOutcome(lines: { acceptedMilli: number; rejectedMilli: number }[]): 'all' | 'none' | 'part' {
  const accepted = lines.reduce((sum, l) => sum + l.acceptedMilli, 0)
  const rejected = lines.reduce((sum, l) => sum + l.rejectedMilli, 0)
  if (rejected === 0) return 'all'
  if (accepted === 0) return 'none'
  return 'part'
}

/** The answer to a form recorded by another person (a form kept on a shared phone; field.server.ts refuses it with 403). */
export const RECORDED_BY_ANOTHER = 'Recorded by another person: not sent.'

export { monthWeeks, readMonth, shiftMonth } from '~/utils/months'
