import { Badge } from '~/ui/badge'
import type { qcApprovalsPage } from './approvals.server'
import { ResultsTable } from './results-table'

// What the inspector found on each line of an inspection, as the approvers read it: the verdict by
// the plan with the plan itself, the defects by class and type, a fabric lot's rolls and points, and
// the conditions' results.

type Line = Awaited<ReturnType<typeof qcApprovalsPage>>['cards'][number]['lines'][number]

const severityWords: Record<string, string> = { normal: 'normal', tightened: 'tightened', reduced: 'reduced' }

export function VerdictBadge({ verdict }: { verdict: Line['verdict'] }) {
  if (verdict === null) return null
  return verdict === 'accept' ? (
    <Badge tone="success">Plan’s verdict: accept</Badge>
  ) : (
    <Badge tone="danger">Plan’s verdict: reject</Badge>
  )
}

function Plan({ line, code }: { line: Line; code: string }) {
  const { plan } = line
  if (!plan.classes.length && !plan.codeLetter) return null
  return (
    <>
      <p>
        Plan: {plan.lotUnits !== null ? `lot of ${plan.lotUnits.toLocaleString('en-IN')} units, ` : ''}
        {plan.codeLetter ? `code letter ${plan.codeLetter}, ` : ''}
        {plan.sampleSize !== null ? `sample of ${plan.sampleSize.toLocaleString('en-IN')}, ` : ''}
        {plan.severity ? `${severityWords[plan.severity] ?? plan.severity} inspection` : ''}
      </p>
      {plan.classes.length ? (
        <table className="review-table">
          <caption className="visually-hidden">{`Plan and defects by class, line ${line.lineNo} of ${code}`}</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">AQL</th>
              <th scope="col">Sample</th>
              <th scope="col">Ac / Re</th>
              <th scope="col">Found</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {plan.classes.map((c) => (
              <tr
                key={c.defectClass}
                className={c.verdict === 'reject' ? `failing severity-${c.defectClass}` : undefined}
              >
                <th scope="row">{c.defectClass}</th>
                <td>{c.aql}</td>
                <td>{c.sampleSize ?? '—'}</td>
                <td>
                  {c.acceptance} / {c.rejection}
                </td>
                <td>{c.found}</td>
                <td>
                  {c.verdict === 'accept' ? (
                    <span className="verdict verdict-pass">Accept</span>
                  ) : (
                    <span className="verdict verdict-fail">Reject</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  )
}

function Defects({ line, code }: { line: Line; code: string }) {
  if (!line.defects.length)
    return line.method === 'aql' ? <p className="muted">No defect found in the sample.</p> : null
  return (
    <table className="review-table">
      <caption className="visually-hidden">{`Defects by type, line ${line.lineNo} of ${code}`}</caption>
      <thead>
        <tr>
          <th scope="col">Defect</th>
          <th scope="col">Class</th>
          <th scope="col">Count</th>
        </tr>
      </thead>
      <tbody>
        {line.defects.map((d) => (
          <tr key={d.name}>
            <th scope="row">{d.name}</th>
            <td>{d.severity}</td>
            <td>{d.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Rolls({ line, code }: { line: Line; code: string }) {
  const fabric = line.fabric
  if (!fabric) return null
  return (
    <>
      <p>
        4-point system:{' '}
        {fabric.pointsPer100 !== null
          ? `${fabric.pointsPer100} points per 100 sq yd over the lot`
          : 'no lot figure recorded'}{' '}
        (limit {fabric.limit}).{' '}
        {fabric.rollsOver.length
          ? `Rolls over the limit: ${fabric.rollsOver.join(', ')}.`
          : fabric.rolls.length
            ? 'No roll over the limit.'
            : ''}
      </p>
      {fabric.rolls.length ? (
        <table className="review-table">
          <caption className="visually-hidden">{`Rolls of line ${line.lineNo} of ${code}`}</caption>
          <thead>
            <tr>
              <th scope="col">Roll</th>
              <th scope="col">Shade</th>
              <th scope="col">Length (m)</th>
              <th scope="col">Width (cm)</th>
              <th scope="col">Points</th>
              <th scope="col">Per 100 sq yd</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {fabric.rolls.map((r) => (
              <tr key={r.tag} className={r.accepted ? undefined : 'failing severity-major'}>
                <th scope="row">{r.tag}</th>
                <td>{r.shade ?? '—'}</td>
                <td>{r.length}</td>
                <td>{r.width}</td>
                <td>{r.points}</td>
                <td>{r.pointsPer100}</td>
                <td>
                  {r.accepted ? (
                    <span className="verdict verdict-pass">Within</span>
                  ) : (
                    <span className="verdict verdict-fail">Over the limit</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {fabric.shades.length ? (
        <table className="review-table">
          <caption>{`By shade or dye lot: line ${line.lineNo} of ${code}`}</caption>
          <thead>
            <tr>
              <th scope="col">Shade</th>
              <th scope="col">Rolls</th>
              <th scope="col">Points</th>
              <th scope="col">Per 100 sq yd</th>
            </tr>
          </thead>
          <tbody>
            {fabric.shades.map((g) => (
              <tr key={g.shade ?? ''}>
                <th scope="row">{g.shade ?? 'No shade given'}</th>
                <td>{g.rolls}</td>
                <td>{g.points}</td>
                <td>{g.pointsPer100}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  )
}

/** One line: quantities as the inspector proposed them, the verdict, plan, defects, rolls and conditions. */
export function LineFindings({ line, code }: { line: Line; code: string }) {
  return (
    <div className="review-line">
      <h3>
        Line {line.lineNo}: {line.sku} {line.name} · {line.category} · {line.quantity} {line.unit}
      </h3>
      <p>
        <VerdictBadge verdict={line.verdict} /> The inspector accepted {line.accepted} {line.unit} and rejected{' '}
        {line.rejected} {line.unit}.
        {line.verdict === 'reject' && line.acceptableMilli < line.acceptedMilli
          ? ` The plan rejects the lot: none of it is accepted without an override.`
          : line.overLimitMilli > 0 && line.fabric
            ? ` ${line.fabric.rollsOver.length === 1 ? 'Roll' : 'Rolls'} ${line.fabric.rollsOver.join(', ')} over the points limit (${line.overLimit} ${line.unit}) ${line.fabric.rollsOver.length === 1 ? 'is' : 'are'} not accepted without an override.`
            : ''}
      </p>
      <Plan line={line} code={code} />
      <Defects line={line} code={code} />
      <Rolls line={line} code={code} />
      {line.results.length ? (
        <ResultsTable
          caption={`Results of line ${line.lineNo} of ${code}`}
          rows={line.results.map((r) => ({
            key: r.name,
            name: r.name,
            rule: r.rule,
            value: r.value,
            unit: r.unit,
            verdict: r.verdict,
            severity: r.severity,
          }))}
        />
      ) : (
        <p className="muted">No conditions to check for this category.</p>
      )}
    </div>
  )
}
