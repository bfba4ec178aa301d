import { formatMoney } from '~/utils/format'
import { holdReason, type BuyerCredit } from './rule'

/**
 * Beside the buyer in the cart (staff placing for a buyer): its credit limit, exposure, what is
 * available and what is overdue, and whether placing the cart as it stands would put the order on
 * credit hold (docs/domain.md "Credit").
 */
export function CreditPanel({
  buyerName,
  credit,
  orderMinor,
}: {
  buyerName: string
  credit: BuyerCredit
  orderMinor: number
}) {
  const reason = orderMinor > 0 ? holdReason(credit, orderMinor, formatMoney) : null
  return (
    <section className="card" aria-labelledby="credit-title">
      <h2 id="credit-title">Credit of {buyerName}</h2>
      <dl>
        <div>
          <dt>Credit limit</dt>
          <dd data-credit="limit">{credit.limitMinor > 0 ? formatMoney(credit.limitMinor) : 'No limit'}</dd>
        </div>
        <div>
          <dt>Exposure</dt>
          <dd data-credit="exposure">
            {formatMoney(credit.exposureMinor)}
            <span className="muted">
              {' '}
              ({formatMoney(credit.invoicedOpenMinor)} invoiced and open, {formatMoney(credit.ordersOpenMinor)} ordered
              and not yet invoiced)
            </span>
          </dd>
        </div>
        <div>
          <dt>Available</dt>
          <dd data-credit="available">{credit.availableMinor === null ? '—' : formatMoney(credit.availableMinor)}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd data-credit="overdue">
            {formatMoney(credit.overdueMinor)}
            {credit.overdueBeyondGraceMinor > 0 ? (
              <span className="muted">
                {' '}
                ({formatMoney(credit.overdueBeyondGraceMinor)} beyond the {credit.graceDays}-day grace period)
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {reason ? (
        <p className="notice-warning" data-credit="hold">
          Placed now, this order waits on credit hold until business finance releases it: {reason}.
        </p>
      ) : null}
    </section>
  )
}
