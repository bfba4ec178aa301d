// ISO 2859-1:1999 (identical to IS 2500 Part 1:2000 and GB/T 2828.1): single sampling plans by
// attributes, indexed by AQL. Pure functions over the tables of ./iso2859-tables.ts: no database, no
// clock. See docs/domain.md "QC by the book".

import {
  AQL_LABELS,
  AQLS,
  INSPECTION_LEVELS,
  LOT_SIZE_RANGES,
  MASTER_TABLE_NAMES,
  MASTER_TABLES,
  rowsOf,
  SAMPLE_SIZES,
  SEVERITIES,
  type Aql,
  type CodeLetter,
  type InspectionLevel,
  type PlanLetter,
  type PrintedCell,
  type Severity,
} from './iso2859-tables'

export {
  AQL_LABELS,
  AQLS,
  CODE_LETTERS,
  INSPECTION_LEVELS,
  LOT_SIZE_RANGES,
  MASTER_TABLE_NAMES,
  MASTER_TABLES,
  rowsOf,
  SAMPLE_SIZES,
  SEVERITIES,
} from './iso2859-tables'
export type {
  Aql,
  CodeLetter,
  InspectionLevel,
  LotSizeRange,
  PlanLetter,
  PrintedCell,
  Severity,
} from './iso2859-tables'

// ---------------------------------------------------------------------------------------------
// Validation

export function checkLotSize(lotSize: unknown): number {
  if (typeof lotSize !== 'number' || !Number.isSafeInteger(lotSize) || lotSize < 1) {
    throw new RangeError(`The lot size must be a positive whole number of units; got ${String(lotSize)}.`)
  }
  return lotSize
}

export function checkAql(aql: unknown): Aql {
  const index = aqlIndex(aql)
  if (index < 0) {
    throw new RangeError(`AQL ${String(aql)} is not one of the standard's AQLs (${AQL_LABELS.join(', ')}).`)
  }
  return AQLS[index]!
}

function aqlIndex(aql: unknown): number {
  const value = typeof aql === 'string' && aql.trim() !== '' ? Number(aql) : aql
  return typeof value === 'number' ? AQLS.findIndex((a) => a === value) : -1
}

export function checkLevel(level: unknown): InspectionLevel {
  if (!INSPECTION_LEVELS.includes(level as InspectionLevel)) {
    throw new RangeError(`Unknown inspection level ${String(level)}; use one of ${INSPECTION_LEVELS.join(', ')}.`)
  }
  return level as InspectionLevel
}

export function checkSeverity(severity: unknown): Severity {
  if (!SEVERITIES.includes(severity as Severity)) {
    throw new RangeError(`Unknown inspection severity ${String(severity)}; use normal, tightened or reduced.`)
  }
  return severity as Severity
}

// ---------------------------------------------------------------------------------------------
// Look-ups

/** Table 1. A lot of 1 unit is read with the first range (2 to 8): its plan then inspects it whole. */
export function codeLetter(lotSize: number, level: InspectionLevel): CodeLetter {
  checkLotSize(lotSize)
  checkLevel(level)
  const range = LOT_SIZE_RANGES.find((r) => r.max === null || lotSize <= r.max)!
  return range.letters[level]
}

/** One printed cell of a master table. */
export function printedCell(severity: Severity, letter: PlanLetter, aql: number): PrintedCell {
  const row = MASTER_TABLES[checkSeverity(severity)][letter]
  if (!row) throw new RangeError(`Table ${MASTER_TABLE_NAMES[severity]} has no code letter ${letter}.`)
  return row[aqlIndex(checkAql(aql))]!
}

export interface TablePlan {
  /** The code letter whose row holds the plan, after following the arrows. */
  planLetter: PlanLetter
  sampleSize: number
  acceptance: number
  rejection: number
}

/**
 * Follows the arrows from (letter, AQL) as the standard says: "↓" use the first sampling plan below
 * the arrow, "↑" the first above; the plan reached brings its own row's sample size.
 */
export function tablePlan(severity: Severity, letter: PlanLetter, aql: number): TablePlan {
  checkSeverity(severity)
  const column = aqlIndex(checkAql(aql))
  const rows = rowsOf(severity)
  let at = rows.indexOf(letter)
  if (at < 0) throw new RangeError(`Table ${MASTER_TABLE_NAMES[severity]} has no code letter ${letter}.`)
  const first = MASTER_TABLES[severity][letter]![column]!
  if (first.kind === 'blank') {
    throw new RangeError(`Table ${MASTER_TABLE_NAMES[severity]} has no plan at ${letter}, AQL ${aql}.`)
  }
  const step = first.kind === 'down' ? 1 : first.kind === 'up' ? -1 : 0
  for (;;) {
    const rowLetter = rows[at]
    const cell = rowLetter ? MASTER_TABLES[severity][rowLetter]![column] : undefined
    if (!rowLetter || !cell || cell.kind === 'blank') {
      // Cannot happen with the tables above (a test follows every cell); kept as a loud failure.
      throw new Error(`The arrow at ${letter}, AQL ${aql} of table ${MASTER_TABLE_NAMES[severity]} leads nowhere.`)
    }
    if (cell.kind === 'plan') {
      return {
        planLetter: rowLetter,
        sampleSize: SAMPLE_SIZES[severity][rowLetter]!,
        acceptance: cell.acceptance,
        rejection: cell.rejection,
      }
    }
    at += step
  }
}

export interface SamplingPlanInput {
  lotSize: number
  level: InspectionLevel
  aql: number
  severity?: Severity
}

export interface SamplingPlan {
  lotSize: number
  level: InspectionLevel
  aql: Aql
  severity: Severity
  table: '2-A' | '2-B' | '2-C'
  /** Table 1's letter for the lot size and level. */
  codeLetter: CodeLetter
  /** The letter whose plan is used, after the arrows (may differ from codeLetter; S only in 2-B). */
  planLetter: PlanLetter
  /** What the table gives for planLetter. */
  tableSampleSize: number
  /** Units to inspect: the table's sample size, or the whole lot when that is not smaller. */
  sampleSize: number
  /** True when the table's sample size equals or exceeds the lot size: every unit is inspected. */
  fullInspection: boolean
  acceptance: number
  rejection: number
}

/**
 * The single sampling plan for a lot. When the sample size (after the arrows) equals or exceeds the
 * lot size, the standard says to inspect the whole lot: sampleSize becomes the lot size and the
 * plan's own Ac and Re still decide (docs/domain.md "QC by the book").
 */
export function samplingPlan(input: SamplingPlanInput): SamplingPlan {
  const lotSize = checkLotSize(input.lotSize)
  const level = checkLevel(input.level)
  const aql = checkAql(input.aql)
  const severity = checkSeverity(input.severity ?? 'normal')
  const letter = codeLetter(lotSize, level)
  const plan = tablePlan(severity, letter, aql)
  const fullInspection = plan.sampleSize >= lotSize
  return {
    lotSize,
    level,
    aql,
    severity,
    table: MASTER_TABLE_NAMES[severity],
    codeLetter: letter,
    planLetter: plan.planLetter,
    tableSampleSize: plan.sampleSize,
    sampleSize: fullInspection ? lotSize : plan.sampleSize,
    fullInspection,
    acceptance: plan.acceptance,
    rejection: plan.rejection,
  }
}

export function checkDefectCount(defects: unknown, what = 'The number of defects'): number {
  if (typeof defects !== 'number' || !Number.isSafeInteger(defects) || defects < 0) {
    throw new RangeError(`${what} must be a whole number of 0 or more; got ${String(defects)}.`)
  }
  return defects
}

export type Verdict = 'accept' | 'reject'

/** Clause 11: accept when the defects found are at most Ac, reject at Re or more (Re = Ac + 1). */
export function verdict(plan: Pick<SamplingPlan, 'acceptance' | 'rejection'>, defectsFound: number): Verdict {
  checkDefectCount(defectsFound)
  return defectsFound <= plan.acceptance ? 'accept' : 'reject'
}

// ---------------------------------------------------------------------------------------------
// Defect classes

export const DEFECT_CLASSES = ['critical', 'major', 'minor'] as const
export type DefectClass = (typeof DEFECT_CLASSES)[number]
/** The defaults: no critical defect tolerated, major 2.5, minor 4.0. */
export const DEFAULT_CLASS_AQLS: Record<DefectClass, number> = { critical: 0, major: 2.5, minor: 4 }

export interface ClassPlan extends Omit<SamplingPlan, 'aql'> {
  defectClass: DefectClass
  /** 0: zero tolerance (no table look-up: Ac 0, Re 1 on the sample drawn). */
  aql: Aql | 0
}

export interface ClassPlans {
  critical: ClassPlan
  major: ClassPlan
  minor: ClassPlan
  /** Units the inspector draws: the largest sample among the classes; each class counts on its own. */
  sampleToDraw: number
}

/**
 * A plan per defect class. An AQL of 0 (the default for critical defects) is zero tolerance as the
 * trade practises it: Ac 0, Re 1, counted over the whole sample drawn for the lot (the largest of the
 * other classes' samples, or the code letter's own sample when every class is 0).
 */
export function classPlans(input: {
  lotSize: number
  level: InspectionLevel
  severity?: Severity
  aqls?: Partial<Record<DefectClass, number>>
}): ClassPlans {
  const lotSize = checkLotSize(input.lotSize)
  const level = checkLevel(input.level)
  const severity = checkSeverity(input.severity ?? 'normal')
  const aqls = { ...DEFAULT_CLASS_AQLS, ...input.aqls }
  const tablePlans = new Map<DefectClass, SamplingPlan>()
  for (const defectClass of DEFECT_CLASSES) {
    const aql = aqls[defectClass]
    if (aql === 0) continue
    try {
      tablePlans.set(defectClass, samplingPlan({ lotSize, level, aql, severity }))
    } catch (error) {
      if (error instanceof RangeError)
        throw new RangeError(`${defectClass} defects: ${error.message}`, { cause: error })
      throw error
    }
  }
  const letter = codeLetter(lotSize, level)
  // The sample the lot draws: the largest of the table plans' samples (the code letter's own when none).
  const drawn = [...tablePlans.values()].sort((a, b) => b.sampleSize - a.sampleSize)[0]
  const zeroTableSize = drawn ? drawn.tableSampleSize : SAMPLE_SIZES[severity][letter]!
  const zeroSample = Math.min(zeroTableSize, lotSize)
  const plans = Object.fromEntries(
    DEFECT_CLASSES.map((defectClass): [DefectClass, ClassPlan] => {
      const plan = tablePlans.get(defectClass)
      if (plan) return [defectClass, { ...plan, defectClass }]
      return [
        defectClass,
        {
          defectClass,
          lotSize,
          level,
          aql: 0,
          severity,
          table: MASTER_TABLE_NAMES[severity],
          codeLetter: letter,
          planLetter: drawn ? drawn.planLetter : letter,
          tableSampleSize: zeroTableSize,
          sampleSize: zeroSample,
          fullInspection: zeroTableSize >= lotSize,
          acceptance: 0,
          rejection: 1,
        },
      ]
    }),
  ) as Record<DefectClass, ClassPlan>
  return { ...plans, sampleToDraw: Math.max(...DEFECT_CLASSES.map((c) => plans[c].sampleSize)) }
}

export interface LotVerdict {
  verdict: Verdict
  byClass: Record<DefectClass, Verdict>
}

/** A lot is accepted only when every class is accepted on its own plan. */
export function lotVerdict(plans: ClassPlans, defects: Record<DefectClass, number>): LotVerdict {
  const byClass = Object.fromEntries(
    DEFECT_CLASSES.map((c) => {
      checkDefectCount(defects[c], `The number of ${c} defects`)
      return [c, verdict(plans[c], defects[c])]
    }),
  ) as Record<DefectClass, Verdict>
  return { verdict: DEFECT_CLASSES.every((c) => byClass[c] === 'accept') ? 'accept' : 'reject', byClass }
}

// ---------------------------------------------------------------------------------------------
// Switching score support (clause 9.3.3.2)

/** The AQL one step tighter than `aql` in the standard's series, or null at 0.010. */
export function oneStepTighter(aql: number): Aql | null {
  const index = aqlIndex(checkAql(aql))
  return index === 0 ? null : AQLS[index - 1]!
}

/**
 * The acceptance number the lot would have had with the AQL one step tighter, read in table 2-A on
 * the row of the plan actually used (so on the same sample size). Null when there is no tighter AQL
 * or the tighter cell's plan draws a different sample (then the lot cannot be compared).
 */
export function tighterAcceptance(plan: Pick<SamplingPlan, 'planLetter' | 'aql'>): number | null {
  const tighter = oneStepTighter(plan.aql)
  if (tighter === null || plan.planLetter === 'S') return null
  const normalSize = SAMPLE_SIZES.normal[plan.planLetter]!
  const other = tablePlan('normal', plan.planLetter, tighter)
  return other.sampleSize === normalSize ? other.acceptance : null
}
