/** One condition's result: its name and rule, what was measured, pass or fail (null: nothing entered yet). */
export interface ResultRow {
  key: string | number
  name: string
  rule: string
  value: string
  unit?: string | null
  verdict: 'pass' | 'fail' | null
  severity: string
}

export function Verdict({ verdict, severity }: { verdict: ResultRow['verdict']; severity: string }) {
  if (verdict === null) return <span className="muted">Not entered</span>
  return verdict === 'pass' ? (
    <span className="verdict verdict-pass">Pass</span>
  ) : (
    <span className="verdict verdict-fail">Fail ({severity})</span>
  )
}

/** A line's results, failing rows marked (a critical one more so): the operator's review and the approvers' cards. */
export function ResultsTable({ caption, rows }: { caption: string; rows: ResultRow[] }) {
  return (
    <table className="review-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Condition</th>
          <th scope="col">Measured</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className={r.verdict === 'fail' ? `failing severity-${r.severity}` : undefined}>
            <th scope="row">
              {r.name}
              <br />
              <span className="muted">{r.rule}</span>
            </th>
            <td>{`${r.value} ${r.unit ?? ''}`.trim()}</td>
            <td>
              <Verdict verdict={r.verdict} severity={r.severity} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
