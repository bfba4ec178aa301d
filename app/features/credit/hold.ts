import { formatDate, formatMoney } from '~/utils/format'

// An order's open credit hold in its reader's own words (docs/domain.md "Credit": where a hold
// shows). Staff read why it was held in figures and since when; the buyer reads that its order
// waits for payment, with what it owes overdue today, never the platform's words for its exposure.
// Sellers never read it (their lenses leave it out). Plain data: pages, lists and e-mails share it.

/** An open hold as the order's row keeps it. */
export interface OpenHold {
  heldAt: string
  /** Overdue beyond the grace period when held; null for a hold kept before the figures were. */
  overdueMinor: number | null
  overLimitMinor: number | null
  reason: string
}

/** What a page shows: a headline, and for the buyer where to pay. */
export interface HoldNotice {
  text: string
  /** The buyer's invoices, to pay what is overdue. */
  link: { to: string; label: string } | null
}

/** Staff (operations, admin, finance, the KAM): "Credit hold: overdue ₹X / over limit by ₹Y — held since 3 Jan 2027". */
export function staffHoldNotice(hold: OpenHold): HoldNotice {
  const parts: string[] = []
  if (hold.overdueMinor) parts.push(`overdue ${formatMoney(hold.overdueMinor)}`)
  if (hold.overLimitMinor) parts.push(`over limit by ${formatMoney(hold.overLimitMinor)}`)
  const why = parts.length ? parts.join(' / ') : hold.reason
  return { text: `Credit hold: ${why} — held since ${formatDate(hold.heldAt)}`, link: null }
}

/**
 * The buyer: its order waits for payment. With invoices overdue (today's figure) it reads the amount
 * and is sent to its invoices; held only for the size of its account's credit it reads its credit
 * limit (its own terms, on its company page) and how far the order goes over it.
 */
export function buyerHoldNotice(
  hold: OpenHold,
  today: { overdueMinor: number; limitMinor: number },
  invoicesPath: string,
): HoldNotice {
  const link = { to: invoicesPath, label: 'See your invoices' }
  if (today.overdueMinor > 0)
    return {
      text: `Waiting for payment of overdue invoices: ${formatMoney(today.overdueMinor)} overdue. Your order goes to production once they are paid.`,
      link,
    }
  if (!hold.overLimitMinor || today.limitMinor <= 0)
    return {
      text: 'Waiting for payment: your overdue invoices are paid, and our finance team is confirming it before the order goes on.',
      link,
    }
  const over = hold.overLimitMinor ? ` by ${formatMoney(hold.overLimitMinor)}` : ''
  return {
    text: `Waiting for payment: this order takes what your account owes over its credit limit of ${formatMoney(today.limitMinor)}${over}. It goes to production once open invoices are paid.`,
    link,
  }
}

/** The list's status beside the order's: staff read "Credit hold", the buyer "Waiting for payment". */
export const holdStatusWords = { staff: 'Credit hold', buyer: 'Waiting for payment' } as const
