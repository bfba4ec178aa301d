// The credit rule in plain terms (docs/domain.md "Credit"), shared by the lifecycle that holds an
// order and the cart that says beforehand whether placing it would.

export interface BuyerCredit {
  limitMinor: number
  /** Open invoices' open amounts. */
  invoicedOpenMinor: number
  /** Open orders' value with GST not yet invoiced. */
  ordersOpenMinor: number
  exposureMinor: number
  /** What is left under the limit (negative: over it); null without a limit. */
  availableMinor: number | null
  overdueMinor: number
  /** Overdue by more than the grace period. */
  overdueBeyondGraceMinor: number
  graceDays: number
}

/** Why an order of `orderMinor` (with GST) must wait on credit hold, or null when it may go on. */
export function holdReason(credit: BuyerCredit, orderMinor: number, format: (minor: number) => string): string | null {
  const reasons: string[] = []
  if (credit.limitMinor > 0 && credit.exposureMinor + orderMinor > credit.limitMinor)
    reasons.push(
      `the order (${format(orderMinor)}) takes the buyer’s exposure from ${format(credit.exposureMinor)} to ${format(credit.exposureMinor + orderMinor)}, over its limit of ${format(credit.limitMinor)}`,
    )
  if (credit.overdueBeyondGraceMinor > 0)
    reasons.push(
      `${format(credit.overdueBeyondGraceMinor)} of invoices overdue by more than the ${credit.graceDays}-day grace period`,
    )
  if (!reasons.length) return null
  const text = reasons.join('; and ')
  return text[0].toUpperCase() + text.slice(1)
}

/** What a hold was decided on, as numbers: overdue beyond the grace period, and how far over the limit the order went. */
export interface HoldFigures {
  overdueMinor: number
  overLimitMinor: number
}

/** The figures of the rule for an order of `orderMinor`: both 0 when it may go on. */
export function holdFigures(credit: BuyerCredit, orderMinor: number): HoldFigures {
  const after = credit.exposureMinor + orderMinor
  return {
    overdueMinor: credit.overdueBeyondGraceMinor,
    overLimitMinor: credit.limitMinor > 0 && after > credit.limitMinor ? after - credit.limitMinor : 0,
  }
}
