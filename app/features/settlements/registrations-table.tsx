import { TableFrame } from '~/ui/table'

export interface RegistrationRow {
  state: string
  stateCode: string
  gstin: string
  legalName: string
  place: string
  isHome: boolean
  series: string
}

/** The platform's GST registrations (issue 52), read-only: each state's GSTIN and its invoice series. */
export function RegistrationsTable({ rows }: { rows: RegistrationRow[] }) {
  return (
    <TableFrame label="The platform’s GST registrations">
      <table className="table">
        <caption className="visually-hidden">The platform’s GST registrations</caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">GSTIN</th>
            <th scope="col">Legal name</th>
            <th scope="col">Place of business</th>
            <th scope="col">Invoice series</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.gstin}>
              <td>
                {r.state} ({r.stateCode}){r.isHome ? ' · home' : ''}
              </td>
              <td>{r.gstin}</td>
              <td>{r.legalName}</td>
              <td>{r.place}</td>
              <td>{r.series}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  )
}
