import type { DefectClass } from './sampling/iso2859'

// The classes without the tables module (the page imports this file: the tables stay on the server).
const DEFECT_CLASSES: readonly DefectClass[] = ['critical', 'major', 'minor']

// What an inspector found on a line, as the approval page reads it, and what the approver's default
// decision is (docs/domain.md "QC by the book"). Shared by the server (the decision's checks) and the page.

/** One defect class's plan as the line keeps it (qc_inspection_lines.plan_json). */
export interface ClassPlanFacts {
  aql: number
  planLetter: string | null
  sampleSize: number | null
  acceptance: number
  rejection: number
}
export type LinePlan = Partial<Record<DefectClass, ClassPlanFacts>>

const whole = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null
}

/**
 * The class plans kept on a line: `{ critical, major, minor }`, each with its aql, acceptance and
 * rejection (and planLetter, sampleSize when given). Anything else (no plan, a fabric line, a form we
 * do not know) reads as null: the page then shows no plan rather than a wrong one.
 */
export function readLinePlan(json: string | null | undefined): LinePlan | null {
  if (!json) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object') return null
  const plan: LinePlan = {}
  for (const c of DEFECT_CLASSES) {
    const p = (parsed as Record<string, unknown>)[c] as Record<string, unknown> | undefined
    if (!p || typeof p !== 'object') continue
    const aql = Number(p.aql)
    const acceptance = whole(p.acceptance)
    const rejection = whole(p.rejection)
    if (!Number.isFinite(aql) || aql < 0 || acceptance === null || rejection === null) continue
    plan[c] = {
      aql,
      planLetter: typeof p.planLetter === 'string' ? p.planLetter : null,
      sampleSize: whole(p.sampleSize),
      acceptance,
      rejection,
    }
  }
  return Object.keys(plan).length ? plan : null
}

/** The AQL as the tables write it: 0 is "none allowed". */
export const aqlWords = (aql: number) => (aql === 0 ? '0 (none allowed)' : String(aql))

const YARDS = ['yd', 'yds', 'yard', 'yards']

/**
 * A roll's length kept in millimetres as thousandths of its line's unit: metres as they are (a
 * millimetre is a thousandth of a metre), yards converted exactly (1 yd = 914.4 mm) and rounded.
 */
export function rollLengthMilli(lengthMm: number, unit: string): number {
  return inYards(unit) ? Math.round(lengthMm / 0.9144) : lengthMm
}

/** A line counted in yards (its rolls, measured in metres, are converted). */
export const inYards = (unit: string) => YARDS.includes(unit.trim().toLowerCase().replace(/\.$/, ''))

/** How much of a line its rolls over the 4-point limit make, in thousandths of the line's unit (at most the line). */
export function overLimitMilli(
  rolls: { lengthMm: number; accepted: boolean }[],
  unit: string,
  quantityMilli: number,
): number {
  const over = rolls.filter((r) => !r.accepted).reduce((sum, r) => sum + rollLengthMilli(r.lengthMm, unit), 0)
  return Math.min(over, quantityMilli)
}

/**
 * How much of a line the inspector found acceptable: the quantity the inspector accepted, except a
 * line whose verdict by the plan is reject while the inspector accepted all of it (then nothing: the
 * plan's verdict is what the inspector found), and never the rolls over the 4-point limit (issue 51:
 * `overLimitMilli`, their length). An approval accepting more on any line is an override.
 */
export function acceptableMilli(line: {
  quantityMilli: number
  acceptedMilli: number
  verdict: string | null
  overLimitMilli?: number
}) {
  if (line.verdict === 'reject' && line.acceptedMilli >= line.quantityMilli) return 0
  return Math.max(0, Math.min(line.acceptedMilli, line.quantityMilli - (line.overLimitMilli ?? 0)))
}

/** The override's action, as its button and the refusals name it. */
export const OVERRIDE_LABEL = 'Override: accept against the inspector’s verdict'

export type DefaultDecision = 'approve' | 'accept_part' | 'reject'

/** What the big button does: exactly what the inspector found (all accepted, part, none). */
export function defaultDecision(
  lines: { quantityMilli: number; acceptedMilli: number; verdict: string | null; overLimitMilli?: number }[],
): DefaultDecision {
  const acceptable = lines.map(acceptableMilli)
  if (lines.every((l, i) => acceptable[i] === l.quantityMilli)) return 'approve'
  if (acceptable.every((a) => a === 0)) return 'reject'
  return 'accept_part'
}

/** Points per 100 square yards kept in hundredths, as read: 3125 → "31.25". */
export const pointsText = (hundredths: number) => (hundredths / 100).toFixed(2)
