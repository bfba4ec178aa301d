import { sentenceCase } from '~/ui/badge'
import type { ToldChange, ToldEntry } from '~/ui/history'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { orderSight, type OrderSight } from '../orders/lens'
import { actionSentence, capitalise } from './describe'
import { actionRule, keyRule, type KeyRule, type Reader, type Shape } from './lens'

// Tells an audit entry to one viewer through the lens (lens.ts): what was done, by whom in the
// viewer's terms, and the changes it may read, already in words. Nothing raw leaves here.

/**
 * Who reads: a buyer's or a seller's people (of that company), or staff with what their portal
 * sees. `extraKeys` declares keys a record type makes from its own schema (a product SKU's
 * attribute labels), for staff only.
 */
export type HistoryViewer =
  { kind: 'buyer'; buyerId: number } | { kind: 'seller'; sellerId: number; sellerName: string } | StaffViewer
export interface StaffViewer {
  kind: 'staff'
  see: OrderSight
  extraKeys?: readonly string[]
}

/** Staff on a staff-only record (catalogue, companies, users, logistics, QC): the main portal's sight. */
export const STAFF_VIEWER: StaffViewer = { kind: 'staff', see: orderSight.main }

export interface AuditRow {
  id: number
  at: string
  action: string
  entity_type: string
  before_json: string | null
  after_json: string | null
  note: string | null
  actor_name: string | null
  actor_buyer_id: number | null
  actor_seller_id: number | null
  /** The API token the change came through (issue 40); absent or null at a page. */
  api_token_name?: string | null
}

const sightOf = (viewer: HistoryViewer): OrderSight => (viewer.kind === 'staff' ? viewer.see : orderSight[viewer.kind])

function parse(json: string | null): Record<string, unknown> {
  if (!json) return {}
  try {
    const value = JSON.parse(json)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

const reads = (
  viewer: HistoryViewer,
  rule: { readers?: readonly Reader[]; needs?: readonly (keyof OrderSight)[] },
  fallback: readonly Reader[],
) => (rule.readers ?? fallback).includes(viewer.kind) && (rule.needs ?? []).every((sight) => sightOf(viewer)[sight])

/** Whether a viewer reads an entry at all. */
export function readsEntry(viewer: HistoryViewer, entityType: string, action: string): boolean {
  return reads(viewer, actionRule(entityType, action), ['staff'])
}

/** Money kept as paise (numbers) or, in older entries, as the formatted rupees ("₹9,91,200.00"). */
function moneyWords(value: unknown): string {
  if (typeof value === 'number') return formatMoney(value)
  const text = String(value).trim()
  if (text.startsWith('₹')) return text
  const rupees = Number(text.replace(/,/g, ''))
  return Number.isFinite(rupees) && text !== '' ? formatMoney(Math.round(rupees * 100)) : text
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T/

/** A value in words: states as words, money in ₹, days and times in IST in the Indian format. */
export function valueWords(value: unknown, as: Shape = 'text'): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value))
    return value.length ? value.map((v) => valueWords(v, as === 'list' ? 'text' : as)).join(', ') : 'none'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'object') return '—'
  switch (as) {
    case 'state':
      return sentenceCase(String(value))
    case 'money':
      return moneyWords(value)
    case 'yesno':
      return value === 1 || value === 'yes' || value === '1'
        ? 'Yes'
        : value === 0 || value === 'no' || value === '0'
          ? 'No'
          : String(value)
    case 'count':
      return typeof value === 'number' ? value.toLocaleString('en-IN') : String(value)
    case 'date':
      return DAY.test(String(value))
        ? formatDate(`${value}T12:00:00Z`)
        : INSTANT.test(String(value))
          ? formatDate(String(value))
          : String(value)
    case 'datetime':
      return INSTANT.test(String(value))
        ? formatDateTime(String(value))
        : DAY.test(String(value))
          ? formatDate(`${value}T12:00:00Z`)
          : String(value)
    default:
      // Free text that is a state key or an instant still reads as words.
      if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value)
      return String(value)
  }
}

/** The person who acted, as this viewer may know them: its own company's people by name, staff as "The platform team". */
function actorWords(row: AuditRow, viewer: HistoryViewer, after: Record<string, unknown>): string {
  // A change made through the API says so, and names the token, to staff and to the actor's own
  // company; another company reads only the actor words it always reads.
  const words = whoWords(row, viewer, after)
  if (row.api_token_name == null) return words
  const own =
    viewer.kind === 'staff' ||
    (viewer.kind === 'buyer' ? row.actor_buyer_id === viewer.buyerId : row.actor_seller_id === viewer.sellerId)
  return own ? `${words} through the API (token “${row.api_token_name}”)` : words
}

function whoWords(row: AuditRow, viewer: HistoryViewer, after: Record<string, unknown>): string {
  const forSeller = typeof after.for_seller === 'string' ? after.for_seller : null
  if (viewer.kind === 'staff') {
    const name = row.actor_name ?? 'the system'
    return forSeller && viewer.see.sellers ? `${name} for ${forSeller}` : name
  }
  const own = viewer.kind === 'buyer' ? row.actor_buyer_id === viewer.buyerId : row.actor_seller_id === viewer.sellerId
  const name = row.actor_name === null ? 'the system' : own ? row.actor_name : 'The platform team'
  return forSeller && viewer.kind === 'seller' && !own ? `${name} for ${viewer.sellerName}` : name
}

/** The changes of an entry this viewer may read: declared keys only, in words. */
function changesOf(
  row: AuditRow,
  viewer: HistoryViewer,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ToldChange[] {
  const entryReaders = actionRule(row.entity_type, row.action).readers ?? ['staff']
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const changes: ToldChange[] = []
  for (const key of keys) {
    let rule: KeyRule | undefined = keyRule(row.entity_type, row.action, key)
    if (!rule && viewer.kind === 'staff' && viewer.extraKeys?.includes(key)) rule = { label: key }
    if (!rule || !reads(viewer, rule, entryReaders)) continue
    // A key only the before-state names, beside an after-state, is context (the booking a bill is of), not a removal.
    if (!(key in after) && Object.keys(after).length > 0) continue
    const was = key in before ? valueWords(before[key], rule.as) : null
    const now = key in after ? valueWords(after[key], rule.as) : null
    // A key that was and is nothing (a new record's empty field) has nothing to tell.
    if ((was ?? '—') === (now ?? '—')) continue
    changes.push({ label: rule.labelFor?.[viewer.kind] ?? rule.label, before: was, after: now })
  }
  return changes
}

interface LineChange {
  code: string | null
  unit: string | null
  quantityBefore: number
  quantityAfter: number
  expectedBefore: string | null
  expectedAfter: string | null
}

/** `master_order.lines_changed`: per line, the buyer's code, quantity and expected date; then the order's value. */
function linesChanged(
  viewer: HistoryViewer,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { what: string; changes: ToldChange[] } {
  const sight = sightOf(viewer)
  const lines = (Array.isArray(after.lines) ? after.lines : []) as LineChange[]
  const sentences = lines.map((line) => {
    const item = sight.buyer && line.code ? line.code : 'a line'
    const parts: string[] = []
    if (line.quantityBefore !== line.quantityAfter) {
      parts.push(
        `Quantity of ${item} changed from ${formatQuantity(line.quantityBefore)} to ${formatQuantity(line.quantityAfter, line.unit)}`,
      )
    }
    if (line.expectedAfter && line.expectedAfter !== line.expectedBefore)
      parts.push(`${parts.length ? 'expected' : `${item} expected`} ${valueWords(line.expectedAfter, 'date')}`)
    return parts.join('; ')
  })
  const changes: ToldChange[] = []
  if (sight.value && before.value !== undefined && after.value !== undefined && before.value !== after.value) {
    changes.push({
      label: 'Order value',
      before: valueWords(before.value, 'money'),
      after: valueWords(after.value, 'money'),
    })
    if (before.gst !== undefined && after.gst !== undefined && before.gst !== after.gst)
      changes.push({ label: 'GST', before: valueWords(before.gst, 'money'), after: valueWords(after.gst, 'money') })
  }
  return { what: sentences.filter(Boolean).join('. ') || 'Lines changed', changes }
}

/** One entry told to one viewer, or null when the viewer does not read it. */
export function tell(row: AuditRow, viewer: HistoryViewer): ToldEntry | null {
  if (!readsEntry(viewer, row.entity_type, row.action)) return null
  const rule = actionRule(row.entity_type, row.action)
  const before = parse(row.before_json)
  const after = parse(row.after_json)
  const told =
    row.action === 'master_order.lines_changed'
      ? linesChanged(viewer, before, after)
      : {
          // A lens's own words begin a sentence too: every entry reads "Placed", "Proposed change agreed".
          what: rule.what?.[viewer.kind] ? capitalise(rule.what[viewer.kind]!) : actionSentence(row.action),
          changes: changesOf(row, viewer, before, after),
        }
  return {
    id: row.id,
    at: row.at,
    what: told.what,
    actor: actorWords(row, viewer, after),
    changes: told.changes,
    note: row.note && (rule.note ?? ['staff']).includes(viewer.kind) ? row.note : null,
  }
}

/** Entries told to a viewer, those it does not read left out. */
export const tellAll = (rows: AuditRow[], viewer: HistoryViewer): ToldEntry[] =>
  rows.flatMap((row) => tell(row, viewer) ?? [])
