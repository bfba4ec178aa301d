import type { FieldMetadata } from '@conform-to/react'
import { Link } from '~/ui/link'
import { ErrorList } from '~/ui/field'
import { countOf, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import type { CartView, SellerSort } from './cart.server'
import { cartPath } from './shared'

type Line = CartView['lines'][number]
type Offer = Line['offers'][number]

const SORT_LABELS: Record<SellerSort, string> = {
  cost: 'cost (lowest first)',
  lead: 'lead time (shortest first)',
  capacity: 'monthly capacity (largest first)',
  qc: 'QC pass rate (best first)',
}

/** The links that sort every line's sellers (GET, so they work without JavaScript). */
export function SellerSortLinks({ buyerId, sort }: { buyerId: number; sort: SellerSort }) {
  return (
    <nav aria-label="Sort the sellers of each line" className="seller-sort">
      Sellers sorted by:{' '}
      {(Object.keys(SORT_LABELS) as SellerSort[]).map((key, i) => (
        <span key={key}>
          {i ? ' · ' : ''}
          {key === sort ? (
            <strong aria-current="true">{SORT_LABELS[key]}</strong>
          ) : (
            <Link to={`${cartPath(buyerId)}&sellers=${key}`}>{SORT_LABELS[key]}</Link>
          )}
        </span>
      ))}
    </nav>
  )
}

/** "92% (12 of 13)", or a word that there is no record in the window. */
export const passRateText = (qc: Offer['qc']) =>
  qc && qc.decided > 0
    ? `${Math.round((qc.passed * 100) / qc.decided)}% (${qc.passed} of ${qc.decided})`
    : 'no inspections yet'

/**
 * A line's seller choice: one radio per live offer in a small table with the seller's cost, lead
 * time, monthly capacity and QC pass rate, nothing cut off. Staff only (the cart is staff's).
 */
export function SellerChoice({ line, meta, errors }: { line: Line; meta: FieldMetadata<unknown>; errors: string[] }) {
  const chosen = typeof meta.initialValue === 'string' ? meta.initialValue : ''
  const caption = `Sellers of ${line.buyerCode}`
  return (
    <fieldset
      className="seller-choice"
      aria-invalid={errors.length ? true : undefined}
      aria-describedby={errors.length ? meta.errorId : undefined}
    >
      <legend className="visually-hidden">{caption}</legend>
      <table aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">Seller</th>
            <th scope="col" className="numeric">
              Cost
            </th>
            <th scope="col" className="numeric">
              Lead time
            </th>
            <th scope="col" className="numeric">
              Capacity a month
            </th>
            <th scope="col" className="numeric">
              QC pass rate
            </th>
          </tr>
        </thead>
        <tbody>
          {line.offers.map((o) => {
            const id = `${meta.id}-${o.id}`
            return (
              <tr key={o.id}>
                <th scope="row">
                  <label htmlFor={id}>
                    <input
                      type="radio"
                      id={id}
                      name={meta.name}
                      value={String(o.id)}
                      defaultChecked={chosen === String(o.id)}
                    />{' '}
                    {o.sellerName}
                  </label>
                </th>
                <td className="numeric">{o.costMinor === null ? '—' : `${formatMoney(o.costMinor)}/${line.unit}`}</td>
                <td className="numeric">{o.leadTimeDays === null ? '—' : countOf(o.leadTimeDays, 'day')}</td>
                <td className="numeric">
                  {o.monthlyCapacityMilli === null ? '—' : formatQuantity(o.monthlyCapacityMilli, line.unit)}
                </td>
                <td className="numeric">{passRateText(o.qc)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <ErrorList id={meta.errorId} errors={errors} />
    </fieldset>
  )
}

/** The line's lead-time warning under its needed-by date (for the date as typed): it does not stop the order. */
export function LeadTimeWarning({ warning }: { warning: string | null }) {
  return warning ? (
    <p className="field-warning" role="note">
      Warning: {warning}
    </p>
  ) : null
}
