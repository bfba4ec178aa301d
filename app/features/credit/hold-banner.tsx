import { Link } from '~/ui/link'
import type { HoldNotice } from './hold'

/**
 * An order's open credit hold at the top of its page, in the reader's words (./hold.ts): staff read
 * why and since when, the buyer that it waits for payment and where its invoices are.
 */
export function HoldBanner({ hold }: { hold: HoldNotice | null }) {
  if (!hold) return null
  return (
    <p className="notice-warning" role="status" data-credit-hold="">
      {hold.text}
      {hold.link ? (
        <>
          {' '}
          <Link to={hold.link.to}>{hold.link.label}</Link>
        </>
      ) : null}
    </p>
  )
}
