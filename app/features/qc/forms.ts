import type { SubmissionResult } from '@conform-to/react'
import * as z from 'zod'
import { kolkataDay } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { readMonth } from './rules'
import type { CalendarFilters } from './shared'
export { calendarHref } from './shared'

// The QC pages' addresses and form schemas, shared by the server and the browser.

export const QC_PORTALS = ['admin', 'biz_ops'] as const
export type QcPortal = (typeof QC_PORTALS)[number]
export const calendarPath: Record<QcPortal, string> = {
  admin: '/admin/master_orders/qc/calendar',
  biz_ops: '/biz_ops_team/master_orders/qc/calendar',
}
export const qcApprovalsPath: Record<QcPortal, string> = {
  admin: '/admin/approvals/qc',
  biz_ops: '/biz_ops_team/approvals/qc',
}

export function readCalendarFilters(url: URL): CalendarFilters {
  const p = url.searchParams
  const day = p.get('day')
  const validDay = day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null
  const page = Number(p.get('waiting') ?? '1')
  return {
    month: readMonth(p.get('month') ?? validDay?.slice(0, 7) ?? null, kolkataDay()),
    operator: readId(p.get('operator')),
    category: readId(p.get('category')),
    seller: (p.get('seller') ?? '').trim().slice(0, 200),
    day: validDay,
    inspection: readId(p.get('inspection')),
    schedule: readId(p.get('schedule')),
    waitingPage: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  }
}

// ---------- The forms ----------

const slotFields = {
  day: z.string({ error: 'Choose the day' }).max(20, 'Enter a real date, like 2027-01-31'),
  slot: z.string({ error: 'Choose a time slot' }).max(10, 'Choose a time slot'),
  operator: z.string({ error: 'Choose a field operator' }).regex(/^\d{1,12}$/, 'Choose a field operator'),
}
export const calendarFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('schedule'), sellerOrder: z.string().regex(/^\d{1,12}$/), ...slotFields }),
  z.object({ intent: z.literal('move'), inspection: z.string().regex(/^\d{1,12}$/), ...slotFields }),
  z.object({
    intent: z.literal('cancel'),
    inspection: z.string().regex(/^\d{1,12}$/),
    reason: z
      .string({ error: 'Say why it is cancelled' })
      .trim()
      .min(1, 'Say why it is cancelled')
      .max(500, 'Use at most 500 characters'),
  }),
])
export type CalendarReply = SubmissionResult<string[]> & { form?: string }

const reason = z
  .string()
  .max(1000, 'Use at most 1,000 characters')
  .optional()
  .transform((v) => v ?? '')
const lineQuantities = z
  .record(
    z.string().regex(/^\d{1,12}$/),
    z.object({
      accepted: z
        .string()
        .max(30)
        .optional()
        .transform((v) => v ?? ''),
      rejected: z
        .string()
        .max(30)
        .optional()
        .transform((v) => v ?? ''),
    }),
  )
  .optional()
  .transform((v) => v ?? {})
export const qcDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), inspection: z.string().regex(/^\d{1,12}$/), reason }),
  z.object({
    intent: z.literal('reject'),
    inspection: z.string().regex(/^\d{1,12}$/),
    reason: z
      .string({ error: 'Say why: the seller reads it' })
      .trim()
      .min(1, 'Say why: the seller reads it')
      .max(1000, 'Use at most 1,000 characters'),
  }),
  z.object({
    intent: z.literal('accept_part'),
    inspection: z.string().regex(/^\d{1,12}$/),
    reason: z
      .string({ error: 'Say why part is rejected: the seller reads it' })
      .trim()
      .min(1, 'Say why part is rejected: the seller reads it')
      .max(1000, 'Use at most 1,000 characters'),
    disposition: z.enum(['rework', 'cancel'], { error: 'Choose what happens to the rejected part' }),
    line: lineQuantities,
  }),
  // Accepting beyond what the inspector found: its own form, with the approver's reason (decide.server.ts).
  z.object({
    intent: z.literal('override'),
    inspection: z.string().regex(/^\d{1,12}$/),
    overrideReason: z
      .string({ error: 'Say why you accept against the inspector: it is kept with the inspection' })
      .trim()
      .min(1, 'Say why you accept against the inspector: it is kept with the inspection')
      .max(1000, 'Use at most 1,000 characters'),
    reason,
    disposition: z.enum(['rework', 'cancel']).optional(),
    line: lineQuantities,
  }),
])
export type QcDecisionReply = SubmissionResult<string[]> & { form?: string }
