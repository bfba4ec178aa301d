import { ErrorList } from '~/ui/field'
import {
  findLine,
  planRanges,
  verdictLabel,
  type LineFinding,
  type LineSetup,
  type LineTyped,
  type RollDraft,
} from './inspect'
import { DEFECT_CLASSES, type DefectClass } from './sampling/iso2859'
import { rollTagRule } from './roll-tag'
import { inYards } from './findings'

// The inspection by the book on the phone (docs/domain.md "QC by the book"): a line's sample to draw and its
// defect counts by class, or its fabric rolls by the 4-point system, with the verdict computed.
// Server-rendered plain HTML: every figure is a named input, the verdict is shown after "Show the
// verdict" or on the review with JavaScript off; public/field.js recomputes it live from the plans
// served in data-qc.

const classLabels: Record<DefectClass, string> = { critical: 'Critical', major: 'Major', minor: 'Minor' }
const severityLabels = { normal: 'normal', tightened: 'tightened', reduced: 'reduced' } as const

/** The rolls and defect rows shown at first (JavaScript off adds more with a button). */
export const ROLL_ROWS = 3
export const DEFECT_ROWS = 3

type Errors = Record<string, string[] | null>

const fieldId = (name: string) => name.replace(/\./g, '-')

function Count({ name, label, value, errors }: { name: string; label: string; value: string; errors: Errors }) {
  const id = fieldId(name)
  return (
    <div className="field count-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        placeholder="0"
        data-count
        aria-invalid={errors[name]?.length ? true : undefined}
        aria-describedby={errors[name]?.length ? `${id}-errors` : undefined}
      />
      <ErrorList id={`${id}-errors`} errors={errors[name]} />
    </div>
  )
}

function Text({
  name,
  label,
  value,
  errors,
  numeric,
  size,
  tag,
}: {
  name: string
  label: string
  value: string
  errors: Errors
  numeric?: boolean
  size?: number
  /** Letters and digits as on a tag: the keyboard in capitals, no spelling fixes. */
  tag?: boolean
}) {
  const id = fieldId(name)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        inputMode={numeric ? 'decimal' : undefined}
        autoComplete="off"
        autoCapitalize={tag ? 'characters' : undefined}
        spellCheck={tag ? false : undefined}
        data-roll-tag={tag ? '' : undefined}
        size={size}
        aria-invalid={errors[name]?.length ? true : undefined}
        aria-describedby={errors[name]?.length ? `${id}-errors` : undefined}
      />
      <ErrorList id={`${id}-errors`} errors={errors[name]} />
      {tag && !errors[name]?.length ? <p className="field-error" id={`${id}-live`} data-live-error hidden /> : null}
    </div>
  )
}

/** The seller's switching state, said where it changes the plan. */
function StateNote({ setup }: { setup: LineSetup }) {
  if (setup.state === 'discontinued')
    return (
      <p className="notice notice-warning" role="note">
        This seller’s supplies of the category are discontinued (ISO 2859-1, 9.4): inspect and record, but the lot
        cannot be sent as passing.
      </p>
    )
  if (setup.state === 'normal') return null
  return (
    <p className="notice" role="note">
      Inspection is {severityLabels[setup.state]} for this seller’s category.
    </p>
  )
}

/** The verdict of a line's finding in words (what the review and the live output say). */
export function VerdictText({ finding, setup }: { finding: LineFinding; setup: LineSetup }) {
  if (!finding.verdict) return <span className="muted">Not yet: fill in the figures above</span>
  return (
    <>
      <strong className={`verdict verdict-${finding.verdict === 'accept' ? 'pass' : 'fail'}`}>
        {verdictLabel(finding.verdict)}
      </strong>
      {finding.aql ? (
        <>
          {' '}
          (
          {DEFECT_CLASSES.map(
            (c) =>
              `${c} ${finding.aql!.totals[c]} of Ac ${finding.aql!.plans[c].acceptance}${finding.aql!.byClass[c] === 'reject' ? ': rejected' : ''}`,
          ).join(', ')}
          )
        </>
      ) : null}
      {finding.fabric ? (
        <>
          {' '}
          ({finding.fabric.lot.pointsPer100SquareYards.toFixed(2)} points per 100 sq yd, limit {setup.pointsLimit})
        </>
      ) : null}
      {setup.state === 'discontinued' ? ' · the seller is discontinued' : null}
    </>
  )
}

/** The sample to draw and Ac/Re per class. */
function PlanTable({ finding, setup, caption }: { finding: LineFinding; setup: LineSetup; caption: string }) {
  const aql = finding.aql
  if (!aql) return null
  return (
    <>
      <p className="plan-summary" data-plan-summary>
        Code letter <strong>{aql.plans.critical.codeLetter}</strong> · draw <strong>{aql.plans.sampleToDraw}</strong>{' '}
        units of {aql.lotUnits} · level {setup.level}, {severityLabels[aql.plans.critical.severity]} inspection
      </p>
      <table className="review-table plan-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">AQL</th>
            <th scope="col">Ac</th>
            <th scope="col">Re</th>
            <th scope="col">Found</th>
          </tr>
        </thead>
        <tbody>
          {DEFECT_CLASSES.map((c) => (
            <tr key={c} className={aql.byClass[c] === 'reject' ? 'failing' : undefined}>
              <th scope="row">{classLabels[c]}</th>
              <td>{aql.plans[c].aql === 0 ? '0 (none allowed)' : aql.plans[c].aql}</td>
              <td>{aql.plans[c].acceptance}</td>
              <td>{aql.plans[c].rejection}</td>
              <td data-found={c}>{aql.totals[c]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

/** Each roll's points and points per 100 sq yd, the rolls over the limit. */
function RollsTable({ finding, setup, caption }: { finding: LineFinding; setup: LineSetup; caption: string }) {
  const fabric = finding.fabric
  if (!fabric) return null
  return (
    <>
      <table className="review-table rolls-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Roll</th>
            <th scope="col">Shade</th>
            <th scope="col">Points</th>
            <th scope="col">Per 100 sq yd</th>
          </tr>
        </thead>
        <tbody>
          {fabric.lot.rolls.map((r) => (
            <tr key={r.id} className={r.accepted ? undefined : 'failing'}>
              <th scope="row">{r.id}</th>
              <td>{r.shade ?? '—'}</td>
              <td>{r.points}</td>
              <td>
                {r.pointsPer100SquareYards.toFixed(2)}
                {r.accepted ? '' : ` (over ${setup.pointsLimit})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-rolls-over>
        {fabric.lot.rollsOverLimit.length
          ? `Rolls over the limit: ${fabric.lot.rollsOverLimit.join(', ')}`
          : 'No roll is over the limit.'}
      </p>
    </>
  )
}

/** What a line's finding says on the review (and the approvals' future cards). */
export function FindingReview({ lineNo, finding, setup }: { lineNo: number; finding: LineFinding; setup: LineSetup }) {
  if (setup.method === 'none') return null
  return (
    <div className="finding" data-finding>
      <StateNote setup={setup} />
      <PlanTable finding={finding} setup={setup} caption={`Sampling plan of line ${lineNo}`} />
      <RollsTable finding={finding} setup={setup} caption={`Rolls of line ${lineNo}`} />
      <p className="line-verdict">
        Verdict: <VerdictText finding={finding} setup={setup} />
      </p>
    </div>
  )
}

/** The figures a line asks for, by the book: the lot and counts (AQL) or the rolls (4 points). */
export function FindingInputs({
  line,
  setup,
  typed,
  errors,
  more,
}: {
  line: { id: number; lineNo: number; quantity: string; unit: string }
  setup: LineSetup
  typed: LineTyped
  errors: Errors
  /** The form asked for one more roll or more defect rows (more:roll:<line>, more:defect:<line>:<roll>). */
  more: string
}) {
  if (setup.method === 'none') return null
  const finding = findLine(setup, line.id, typed, false)
  const data = JSON.stringify({
    line: line.id,
    method: setup.method,
    quantity: line.quantity,
    pieceLot: setup.pieceLot,
    discontinued: setup.state === 'discontinued',
    limit: setup.pointsLimit,
    ranges: setup.method === 'aql' ? planRanges(setup) : [],
    types: Object.fromEntries(setup.defectTypes.map((t) => [t.id, [t.severity, t.isHole ? 1 : 0]])),
    // The roll tag's rule as the server checks it (roll-tag.ts): the live check reads it from here.
    // The rolls over the limit are proposed rejected by their length in the line's unit (metres or yards).
    ...(setup.method === 'four_point' ? { rollTag: rollTagRule, yards: inYards(line.unit) } : {}),
  })
  if (setup.method === 'aql') {
    return (
      <div className="finding" data-qc={data}>
        <StateNote setup={setup} />
        <h3>Sample</h3>
        {setup.pieceLot !== null ? (
          <p>
            Lot: {setup.pieceLot} {line.unit}
          </p>
        ) : (
          <div className="row lot-row">
            <Text
              name={`lot.${line.id}`}
              label={`Lot in units (cones, cartons, bags) for ${line.quantity} ${line.unit}`}
              value={typed.lot}
              errors={errors}
              numeric
            />
            <button type="submit" name="intent" value="form" className="btn" data-js-hide>
              Show the sample
            </button>
          </div>
        )}
        <div data-plan-for={line.id}>
          {finding.aql ? (
            <PlanTable finding={finding} setup={setup} caption={`Sampling plan of line ${line.lineNo}`} />
          ) : (
            <p className="muted">Enter the lot to see the sample to draw.</p>
          )}
        </div>
        <h3>Defects found in the sample</h3>
        {DEFECT_CLASSES.map((c) => {
          const types = setup.defectTypes.filter((t) => t.severity === c)
          if (!types.length) return null
          return (
            <fieldset key={c} className="defect-class">
              <legend>{classLabels[c]} defects</legend>
              {types.map((t) => (
                <Count
                  key={t.id}
                  name={`count.${line.id}.${t.id}`}
                  label={t.name}
                  value={typed.counts[t.id] ?? ''}
                  errors={errors}
                />
              ))}
            </fieldset>
          )
        })}
        <p className="line-verdict" aria-live="polite">
          Verdict: <output data-verdict-for={line.id}>{<VerdictText finding={finding} setup={setup} />}</output>
        </p>
        <button type="submit" name="intent" value="form" className="btn" data-js-hide>
          Show the verdict
        </button>
      </div>
    )
  }
  // Four points: a fixed number of roll rows, each with defect rows; a button adds more (JavaScript off).
  const rolls: RollDraft[] = [...typed.rolls]
  const wanted = Math.max(ROLL_ROWS, rolls.length + (more === `more:roll:${line.id}` ? 1 : 0))
  while (rolls.length < wanted) rolls.push({ no: '', shade: '', length: '', width: '', defects: [] })
  return (
    <div className="finding" data-qc={data}>
      <StateNote setup={setup} />
      <p className="muted">
        Rolls by the 4-point system: length in metres, cuttable width in cm; each defect with its length (holes: none).
        Accepted up to {setup.pointsLimit} points per 100 square yards.
      </p>
      {rolls.map((roll, i) => {
        const prefix = `roll.${line.id}.${i}`
        const defects = [...roll.defects]
        const rows = Math.max(DEFECT_ROWS, defects.length + (more === `more:defect:${line.id}:${i}` ? DEFECT_ROWS : 0))
        while (defects.length < rows) defects.push({ type: '', size: '', unit: 'in' })
        return (
          <fieldset key={i} className="roll" data-roll={i}>
            <legend>Roll {i + 1}</legend>
            <div className="row">
              <Text name={`${prefix}.no`} label="Roll tag" value={roll.no} errors={errors} tag size={8} />
              <Text name={`${prefix}.shade`} label="Shade or dye lot" value={roll.shade} errors={errors} size={8} />
              <Text name={`${prefix}.length`} label="Length (m)" value={roll.length} errors={errors} numeric size={6} />
              <Text
                name={`${prefix}.width`}
                label="Cuttable width (cm)"
                value={roll.width}
                errors={errors}
                numeric
                size={6}
              />
            </div>
            {defects.map((d, j) => {
              const at = `${prefix}.defect.${j}`
              return (
                <div className="row defect-row" key={j}>
                  <div className="field">
                    <label htmlFor={fieldId(`${at}.type`)}>{`Roll ${i + 1} defect ${j + 1}`}</label>
                    <select
                      id={fieldId(`${at}.type`)}
                      name={`${at}.type`}
                      defaultValue={d.type}
                      aria-invalid={errors[`${at}.type`]?.length ? true : undefined}
                    >
                      <option value="">None</option>
                      {setup.defectTypes.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.name}
                          {t.isHole ? ' (hole: 4 points)' : ''}
                        </option>
                      ))}
                    </select>
                    <ErrorList errors={errors[`${at}.type`]} />
                  </div>
                  <Text name={`${at}.size`} label="Length" value={d.size} errors={errors} numeric size={4} />
                  <div className="field">
                    <label htmlFor={fieldId(`${at}.unit`)}>Unit</label>
                    <select id={fieldId(`${at}.unit`)} name={`${at}.unit`} defaultValue={d.unit}>
                      <option value="in">in</option>
                      <option value="cm">cm</option>
                    </select>
                  </div>
                </div>
              )
            })}
            <button type="submit" name="intent" value={`more:defect:${line.id}:${i}`} className="btn btn-small">
              More defects on roll {i + 1}
            </button>
          </fieldset>
        )
      })}
      <button type="submit" name="intent" value={`more:roll:${line.id}`} className="btn">
        Add a roll
      </button>
      <div data-rolls-for={line.id}>
        <RollsTable finding={finding} setup={setup} caption={`Rolls of line ${line.lineNo}`} />
      </div>
      <p className="line-verdict" aria-live="polite">
        Verdict: <output data-verdict-for={line.id}>{<VerdictText finding={finding} setup={setup} />}</output>
      </p>
      <button type="submit" name="intent" value="form" className="btn" data-js-hide>
        Show the verdict
      </button>
    </div>
  )
}
