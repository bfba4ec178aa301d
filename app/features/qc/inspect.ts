import type { ConditionSeverity, InspectionSeverity, QcMethod } from '#db/types'
import { defectPoints, lotResult, type LotResult, type RollInput } from './sampling/four-point'
import { readRollTag, ROLL_TAG_MESSAGE, ROLL_TAG_TWICE, rollTagKey } from './roll-tag'
import type { LineVerdictFacts } from './verdict'
import { overLimitMilli } from './findings'
import { quantityInput } from '~/utils/quantity'
import {
  classPlans,
  DEFECT_CLASSES,
  LOT_SIZE_RANGES,
  lotVerdict,
  type ClassPlans,
  type DefectClass,
  type InspectionLevel,
  type Verdict,
} from './sampling/iso2859'

// What the inspector finds on a line, by the book (docs/domain.md "QC by the book"): the sampling plan of a
// line inspected by AQL and the verdict of its defect counts, or the rolls of a fabric line by the
// 4-point system and their verdict. Pure, so the page (server-rendered), the submission and the
// tests share it; public/field.js repeats the small arithmetic from the plans the page serves.

/** A line's way of inspecting, read from its category and the seller's switching state (plans.server.ts). */
export interface LineSetup {
  method: QcMethod
  level: InspectionLevel
  aqls: Record<DefectClass, number>
  pointsLimit: number
  /** The seller's switching state for the category: the plan's severity (discontinued inspects as tightened). */
  state: InspectionSeverity | 'discontinued'
  /** The line is counted in pieces: its lot in units is its quantity. Else the inspector enters it. */
  pieceUnit: boolean
  /** The lot in units when counted in pieces (the quantity, whole), else null. */
  pieceLot: number | null
  defectTypes: { id: number; name: string; severity: ConditionSeverity; isHole: boolean }[]
}

export const severityOf = (setup: Pick<LineSetup, 'state'>): InspectionSeverity =>
  setup.state === 'discontinued' ? 'tightened' : setup.state

/** The class plans for a lot, or why there are none (a category's AQL the tables refuse). */
export function planFor(setup: LineSetup, lotUnits: number): { plans: ClassPlans } | { error: string } {
  try {
    return {
      plans: classPlans({ lotSize: lotUnits, level: setup.level, severity: severityOf(setup), aqls: setup.aqls }),
    }
  } catch (error) {
    if (error instanceof RangeError) return { error: `The category’s sampling plan cannot be read: ${error.message}` }
    throw error
  }
}

/** The plan kept with a line (plan_json): per class its AQL, plan letter, sample, Ac and Re. */
export function planSummary(plans: ClassPlans) {
  return Object.fromEntries(
    DEFECT_CLASSES.map((c) => [
      c,
      {
        aql: plans[c].aql,
        planLetter: plans[c].planLetter,
        sampleSize: plans[c].sampleSize,
        acceptance: plans[c].acceptance,
        rejection: plans[c].rejection,
      },
    ]),
  ) as Record<
    DefectClass,
    { aql: number; planLetter: string; sampleSize: number; acceptance: number; rejection: number }
  >
}

/**
 * The plans for every lot-size range of Table 1 (what public/field.js looks up as the inspector
 * types a lot in cones or cartons, offline too): [min, max, code letter, sample to draw, per class [Ac, Re]].
 */
export function planRanges(setup: LineSetup) {
  const ranges: [number, number | null, string, number, Record<DefectClass, [number, number]>][] = []
  for (const range of LOT_SIZE_RANGES) {
    // The plan depends on the range alone; the sample served is the table's (a lot smaller than it is
    // inspected whole: the script draws the smaller of the two).
    const found = planFor(setup, Math.max(range.min, 1))
    if ('error' in found) return []
    ranges.push([
      range.min,
      range.max,
      found.plans.critical.codeLetter,
      Math.max(...DEFECT_CLASSES.map((c) => found.plans[c].tableSampleSize)),
      Object.fromEntries(
        DEFECT_CLASSES.map((c) => [c, [found.plans[c].acceptance, found.plans[c].rejection]]),
      ) as Record<DefectClass, [number, number]>,
    ])
  }
  return ranges
}

export const WHOLE = /^\d{1,7}$/

/** A count as typed: empty is 0; otherwise a whole number. */
export function readCount(text: string): number | null {
  const t = text.trim()
  if (t === '') return 0
  return /^\d{1,6}$/.test(t) ? Number(t) : null
}

/** The defects found per class from the counts per defect type. */
export function classTotals(setup: LineSetup, counts: Record<string, number>): Record<DefectClass, number> {
  const totals: Record<DefectClass, number> = { critical: 0, major: 0, minor: 0 }
  for (const type of setup.defectTypes) totals[type.severity] += counts[type.id] ?? 0
  return totals
}

export interface AqlFinding {
  lotUnits: number
  plans: ClassPlans
  totals: Record<DefectClass, number>
  byClass: Record<DefectClass, Verdict>
  /** The lot's verdict: reject when any class is rejected, and always when the seller is discontinued. */
  verdict: Verdict
}

export function aqlFinding(
  setup: LineSetup,
  lotUnits: number,
  counts: Record<string, number>,
): AqlFinding | { error: string } {
  const found = planFor(setup, lotUnits)
  if ('error' in found) return found
  const totals = classTotals(setup, counts)
  const judged = lotVerdict(found.plans, totals)
  return {
    lotUnits,
    plans: found.plans,
    totals,
    byClass: judged.byClass,
    verdict: setup.state === 'discontinued' ? 'reject' : judged.verdict,
  }
}

// ---------- Fabric rolls (4 points) ----------

/** A roll as typed: roll no, shade, length in metres, cuttable width in cm, its defects. */
export interface RollDraft {
  no: string
  shade: string
  length: string
  width: string
  defects: { type: string; size: string; unit: string }[]
}

export interface CheckedRoll {
  /** The roll's tag as the mill prints it (roll-tag.ts); the row's number when left empty. */
  tag: string
  shade: string | null
  lengthMm: number
  widthMm: number
  defects: { typeId: number; name: string; hole: boolean; size: number | null; unit: 'in' | 'cm' }[]
}

const DECIMAL = /^\d{1,6}(?:\.\d{1,3})?$/

export const emptyRoll = (r: RollDraft) =>
  !r.no.trim() &&
  !r.shade.trim() &&
  !r.length.trim() &&
  !r.width.trim() &&
  r.defects.every((d) => !d.type && !d.size.trim())

/** The rolls typed on a line, checked: messages by field (under `roll.<line>.`) or the rolls. */
export function checkRolls(
  setup: LineSetup,
  lineId: number,
  rolls: RollDraft[],
): { fields: Record<string, string> } | { rolls: CheckedRoll[] } {
  const fields: Record<string, string> = {}
  const checked: CheckedRoll[] = []
  const seen = new Set<string>()
  rolls.forEach((roll, i) => {
    if (emptyRoll(roll)) return
    const at = (what: string) => `roll.${lineId}.${i}.${what}`
    const no = roll.no.trim() === '' ? String(i + 1) : readRollTag(roll.no)
    if (no === null) fields[at('no')] = ROLL_TAG_MESSAGE
    else if (seen.has(rollTagKey(no))) fields[at('no')] = ROLL_TAG_TWICE.replace('{tag}', no)
    else seen.add(rollTagKey(no))
    const length = roll.length.trim().replace(/,/g, '')
    const width = roll.width.trim().replace(/,/g, '')
    if (!DECIMAL.test(length) || Number(length) <= 0)
      fields[at('length')] = 'Enter the roll’s length in metres, like 52.5'
    if (!DECIMAL.test(width) || Number(width) <= 0) fields[at('width')] = 'Enter the cuttable width in cm, like 147'
    if (roll.shade.trim().length > 40) fields[at('shade')] = 'Use at most 40 characters'
    const defects: CheckedRoll['defects'] = []
    roll.defects.forEach((d, j) => {
      const size = d.size.trim().replace(/,/g, '')
      if (!d.type && !size) return
      const where = `defect.${j}`
      const type = setup.defectTypes.find((t) => String(t.id) === d.type)
      if (!type) {
        fields[at(`${where}.type`)] = 'Choose the defect'
        return
      }
      if (type.isHole) {
        defects.push({ typeId: type.id, name: type.name, hole: true, size: null, unit: 'in' })
        return
      }
      if (!DECIMAL.test(size) || Number(size) <= 0) {
        fields[at(`${where}.size`)] = 'Enter the defect’s length, like 2.5'
        return
      }
      defects.push({
        typeId: type.id,
        name: type.name,
        hole: false,
        size: Number(size),
        unit: d.unit === 'cm' ? 'cm' : 'in',
      })
    })
    if (no !== null && !fields[at('length')] && !fields[at('width')])
      checked.push({
        tag: no,
        shade: roll.shade.trim() || null,
        lengthMm: Math.round(Number(length) * 1000),
        widthMm: Math.round(Number(width) * 10),
        defects,
      })
  })
  if (!checked.length && !Object.keys(fields).length)
    fields[`roll.${lineId}.0.length`] = 'Enter at least one roll you inspected'
  return Object.keys(fields).length ? { fields } : { rolls: checked }
}

const rollInput = (roll: CheckedRoll): RollInput => ({
  id: roll.tag,
  length: roll.lengthMm / 1000,
  lengthUnit: 'm',
  width: roll.widthMm / 10,
  widthUnit: 'cm',
  shade: roll.shade,
  // A hole scores 4 whatever its size (its size is not asked): any positive size will do.
  defects: roll.defects.map((d) => ({ size: d.size ?? 1, sizeUnit: d.unit, hole: d.hole, type: d.name })),
})

export interface RollsFinding {
  lot: LotResult
  verdict: Verdict
  /** Points per defect, per roll in order. */
  points: number[][]
}

/** The 4-point result of a line's rolls at the category's points limit. */
export function rollsFinding(setup: LineSetup, rolls: CheckedRoll[]): RollsFinding {
  const lot = lotResult(rolls.map(rollInput), { acceptanceLevel: setup.pointsLimit })
  const points = rolls.map((r) =>
    r.defects.map((d) => defectPoints({ size: d.size ?? 1, sizeUnit: d.unit, hole: d.hole })),
  )
  return { lot, verdict: lot.accepted && setup.state !== 'discontinued' ? 'accept' : 'reject', points }
}

/**
 * The inspector's quantities proposed from a line's finding, when both are left empty: a rejected lot
 * all rejected; an accepted one all accepted but its rolls over the 4-point limit (issue 51), whose
 * length is proposed rejected (accepting them is the approver's override, with a reason).
 */
export function proposedQuantities(
  finding: Pick<LineFinding, 'verdict' | 'rolls' | 'fabric'>,
  line: { quantityMilli: number; unit: string },
): { accepted: string; rejected: string } {
  const all = line.quantityMilli
  if (finding.verdict !== 'accept') return { accepted: '0', rejected: quantityInput(all) }
  const rolls = finding.fabric
    ? finding.rolls.map((r, i) => ({ lengthMm: r.lengthMm, accepted: finding.fabric!.lot.rolls[i]?.accepted ?? true }))
    : []
  const over = overLimitMilli(rolls, line.unit, all)
  return { accepted: quantityInput(all - over), rejected: quantityInput(over) }
}

export const verdictLabel = (v: Verdict) => (v === 'accept' ? 'Accept' : 'Reject')

// ---------- A line's finding from what was typed ----------

/** What the inspector typed on a line (the draft keeps it as typed). */
export interface LineTyped {
  lot: string
  counts: Record<string, string>
  rolls: RollDraft[]
}

export interface LineFinding {
  /** Messages by field name (lot.<line>, count.<line>.<type>, roll.<line>.<i>...). */
  fields: Record<string, string>
  lotUnits: number | null
  aql: AqlFinding | null
  counts: Record<string, number>
  rolls: CheckedRoll[]
  fabric: RollsFinding | null
  verdict: Verdict | null
}

/** A line's lot, counts or rolls checked and judged; `complete` asks for every figure (a review or a send). */
export function findLine(setup: LineSetup, lineId: number, typed: LineTyped, complete: boolean): LineFinding {
  const found: LineFinding = {
    fields: {},
    lotUnits: null,
    aql: null,
    counts: {},
    rolls: [],
    fabric: null,
    verdict: null,
  }
  if (setup.method === 'aql') {
    const lotText = typed.lot.trim().replace(/,/g, '')
    if (setup.pieceLot !== null) found.lotUnits = setup.pieceLot
    else if (lotText === '') {
      if (complete) found.fields[`lot.${lineId}`] = 'Enter the lot in units (cones, cartons, bags), like 400'
    } else if (!WHOLE.test(lotText) || Number(lotText) < 1)
      found.fields[`lot.${lineId}`] = 'Enter a whole number of units, like 400'
    else found.lotUnits = Number(lotText)
    for (const type of setup.defectTypes) {
      const count = readCount(typed.counts[type.id] ?? '')
      if (count === null) found.fields[`count.${lineId}.${type.id}`] = 'Enter a whole number, like 0 or 3'
      else if (count) found.counts[type.id] = count
    }
    if (found.lotUnits !== null && !Object.keys(found.fields).length) {
      const judged = aqlFinding(setup, found.lotUnits, found.counts)
      if ('error' in judged) found.fields[`lot.${lineId}`] = judged.error
      else {
        found.aql = judged
        found.verdict = judged.verdict
      }
    }
  } else if (setup.method === 'four_point') {
    const checked = checkRolls(setup, lineId, typed.rolls)
    if ('fields' in checked) {
      const onlyMissing = Object.keys(checked.fields).length === 1 && typed.rolls.every(emptyRoll)
      if (complete || !onlyMissing) Object.assign(found.fields, checked.fields)
    } else {
      found.rolls = checked.rolls
      found.lotUnits = checked.rolls.length
      found.fabric = rollsFinding(setup, checked.rolls)
      found.verdict = found.fabric.verdict
    }
  }
  return found
}

/** What a line's finding on the phone gives the one verdict sentence (verdict.ts). */
export function findingFacts(lineNo: number, finding: LineFinding | null, setup: LineSetup | null): LineVerdictFacts {
  const aql = finding?.aql ?? null
  const fabric = finding?.fabric ?? null
  return {
    lineNo,
    verdict: finding?.verdict ?? null,
    classesRejected: aql
      ? DEFECT_CLASSES.filter((c) => aql.byClass[c] === 'reject').map((c) => ({
          defectClass: c,
          found: aql.totals[c],
          acceptance: aql.plans[c].acceptance,
        }))
      : [],
    points:
      fabric && setup ? { per100: fabric.lot.pointsPer100SquareYards.toFixed(2), limit: setup.pointsLimit } : null,
    rollsOver: fabric ? fabric.lot.rollsOverLimit : [],
    discontinued: setup?.state === 'discontinued' && setup.method !== 'none',
  }
}
