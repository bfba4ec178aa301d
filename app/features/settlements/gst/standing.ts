// Whether a tax document is final and valid (docs/domain.md "Registration (what the portal returns)",
// issue 52). Rule 48(5) of the CGST Rules: a document that must be e-invoiced (the buyer has a
// GSTIN) is not a valid invoice until its IRN is recorded; a cancelled IRN makes it invalid again.
// A document to a buyer without a GSTIN (B2C) is valid at issue. Plain values, for views too.

/** NIC's cancel reason codes (Cancel IRN, CnlRsn). */
export const CANCEL_REASONS = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Others',
} as const
export type CancelReason = keyof typeof CANCEL_REASONS
export const CANCEL_REASON_CODES = Object.keys(CANCEL_REASONS) as CancelReason[]
/** The IRP cancels an IRN within 24 hours of its acknowledgement, never after. */
export const CANCEL_WINDOW_HOURS = 24
export const CANCEL_REMARK_MAX = 100

export type EinvoiceStanding =
  /** B2C: valid at issue, no IRN. */
  | { state: 'not-needed' }
  /** B2B, no IRN yet: not a valid invoice. */
  | { state: 'waiting' }
  | { state: 'registered'; irn: string; ackNo: string; ackAt: string }
  /** The IRN was cancelled on the portal: not a valid invoice. */
  | { state: 'cancelled'; irn: string; cancelledAt: string; reason: CancelReason | null; remark: string | null }

export interface RegistrationFacts {
  irn: string
  ackNo: string
  ackAt: string
  cancelledAt: string | null
  cancelReason: CancelReason | null
  cancelRemark: string | null
}

/** A document's standing from the GSTIN it names (its buyer_json snapshot) and its registration, if any. */
export function standingOf(
  gstin: string | null | undefined,
  registration: RegistrationFacts | null | undefined,
): EinvoiceStanding {
  if (!gstin) return { state: 'not-needed' }
  if (!registration) return { state: 'waiting' }
  if (registration.cancelledAt)
    return {
      state: 'cancelled',
      irn: registration.irn,
      cancelledAt: registration.cancelledAt,
      reason: registration.cancelReason,
      remark: registration.cancelRemark,
    }
  return { state: 'registered', irn: registration.irn, ackNo: registration.ackNo, ackAt: registration.ackAt }
}

/** Whether the document is a valid tax document the buyer may be given (its PDF). */
export const isValidDocument = (s: EinvoiceStanding) => s.state === 'not-needed' || s.state === 'registered'

/** The GSTIN a document's buyer snapshot (buyer_invoices.buyer_json) names; null when none or unreadable. */
export function gstinOf(buyerJson: string | null | undefined): string | null {
  if (!buyerJson) return null
  try {
    const gstin = (JSON.parse(buyerJson) as { gstin?: unknown }).gstin
    return typeof gstin === 'string' && gstin.trim() ? gstin.trim() : null
  } catch {
    return null
  }
}

/** A document type as the e-invoice names it: INV, CRN, DBN. */
export type StandingDocType = 'INV' | 'CRN' | 'DBN'

/** What a document is called in the sentences below. */
export const DOCUMENT_NOUNS: Record<StandingDocType, { short: string; full: string }> = {
  INV: { short: 'invoice', full: 'tax invoice' },
  CRN: { short: 'credit note', full: 'credit note' },
  DBN: { short: 'debit note', full: 'debit note' },
}

/**
 * What the buyer reads about a document that is not (or no longer) valid; null when it is valid. Credit
 * and debit notes to a buyer with a GSTIN are e-invoiced as invoices are, and wait the same way.
 */
export function buyerWaitingText(s: EinvoiceStanding, type: StandingDocType = 'INV'): string | null {
  const noun = DOCUMENT_NOUNS[type]
  if (s.state === 'waiting')
    return `Being registered with the GST portal: the ${noun.short} will be available once its IRN is issued.`
  if (s.state === 'cancelled')
    return `Withdrawn: its registration with the GST portal was cancelled on ${s.cancelledAt}${s.reason ? ` (${CANCEL_REASONS[s.reason].toLowerCase()})` : ''}. It is not a valid ${noun.full}; ${type === 'INV' ? 'a credit note or a replacement invoice will follow' : `a replacement ${noun.full} will follow if it still stands`}.`
  return null
}

/** What finance reads on an invoice whose IRN was cancelled. */
export const CANCELLED_FOR_FINANCE = 'IRN cancelled: issue a credit note for it or raise a replacement invoice.'

/** What finance reads on a document of a type whose IRN was cancelled. */
export const cancelledForFinance = (type: StandingDocType) =>
  type === 'INV'
    ? CANCELLED_FOR_FINANCE
    : `IRN cancelled: the ${DOCUMENT_NOUNS[type].full} is not valid; issue a replacement ${DOCUMENT_NOUNS[type].full} if it still stands.`

/** What finance reads about a credit or debit note's e-invoice (the invoice's page lists its notes); null when it is valid. */
export function noteFinanceText(type: 'CRN' | 'DBN', state: EinvoiceStanding['state']): string | null {
  if (state === 'waiting')
    return `No IRN yet: the buyer does not get this ${DOCUMENT_NOUNS[type].full} until its e-invoice is registered (CGST Rule 48(5)); its PDF here is a marked draft.`
  if (state === 'cancelled') return cancelledForFinance(type)
  return null
}

/** An IST date-time as the portal writes it (2026-11-27 14:05:00, seconds optional) as UTC milliseconds; null when unreadable. */
export function istMillis(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim())
  if (!m) return null
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number]
  const sec = m[6] ? Number(m[6]) : 0
  const utc = Date.UTC(y, mo - 1, d, h, mi, sec) - 330 * 60_000
  const back = new Date(utc + 330 * 60_000)
  // Refuse 2026-02-30 and 25:00: the date must read back as written.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return null
  return utc
}

/** UTC milliseconds as the portal writes an IST date-time: 2026-11-27 14:05:00. */
export function istText(ms: number): string {
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ')
}

/** The last moment the portal cancels an IRN acknowledged at ackAt (IST text); null when ackAt is unreadable. */
export function cancelDeadline(ackAt: string): string | null {
  const at = istMillis(ackAt)
  return at === null ? null : istText(at + CANCEL_WINDOW_HOURS * 3_600_000)
}
