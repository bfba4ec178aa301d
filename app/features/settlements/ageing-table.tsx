import { TableFrame } from '~/ui/table'
import { formatMoney } from '~/utils/format'
import { AGEING_BUCKETS, type AgeingKey } from './money'

/** What open invoices owe by their age, and how much of it is past due: the buyer's page and staff's settlement show the same table. */
export function AgeingTable({ ageing }: { ageing: { buckets: Record<AgeingKey, number>; overdueMinor: number } }) {
  // Five figures do not fit a phone's width: the table scrolls in its own frame, not the page.
  return (
    <TableFrame label="What is owed by the age of its invoice">
      <table className="table ageing">
        <caption className="visually-hidden">What is owed by the age of its invoice</caption>
        <thead>
          <tr>
            {AGEING_BUCKETS.map((b) => (
              <th key={b.key} scope="col" className="numeric">
                {b.label}
              </th>
            ))}
            <th scope="col" className="numeric">
              Past due
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {AGEING_BUCKETS.map((b) => (
              <td key={b.key} className="numeric" data-ageing={b.key}>
                {formatMoney(ageing.buckets[b.key])}
              </td>
            ))}
            <td className="numeric" data-ageing="overdue">
              {formatMoney(ageing.overdueMinor)}
            </td>
          </tr>
        </tbody>
      </table>
    </TableFrame>
  )
}
