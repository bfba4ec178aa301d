// ISO 2859-1:1999 (identical to IS 2500 Part 1:2000 and GB/T 2828.1): single sampling plans by
// attributes, indexed by AQL. Pure data and pure functions: no database, no clock.
//
// The tables below are the standard's Table 1 (sample size code letters) and the master tables 2-A
// (normal), 2-B (tightened) and 2-C (reduced) for single sampling, written cell by cell as printed:
// a plan is "Ac/Re", an arrow is an arrow ("↓" use the first plan below, "↑" the first plan above),
// "·" is a cell the standard leaves blank (only row S of table 2-B). The arrows are followed the way
// the standard says (footnotes to tables 2-A to 2-C): the plan reached brings ITS code letter's
// sample size, and when that sample size equals or exceeds the lot size the whole lot is inspected.
// See docs/domain-39-sampling.md.

export const AQLS = [
  0.01, 0.015, 0.025, 0.04, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5, 10, 15, 25, 40, 65, 100, 150, 250,
  400, 650, 1000,
] as const
export type Aql = (typeof AQLS)[number]
/** How each AQL is printed in the standard's column heads. */
export const AQL_LABELS: readonly string[] = [
  '0.010',
  '0.015',
  '0.025',
  '0.040',
  '0.065',
  '0.10',
  '0.15',
  '0.25',
  '0.40',
  '0.65',
  '1.0',
  '1.5',
  '2.5',
  '4.0',
  '6.5',
  '10',
  '15',
  '25',
  '40',
  '65',
  '100',
  '150',
  '250',
  '400',
  '650',
  '1000',
]

export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number]

export const SEVERITIES = ['normal', 'tightened', 'reduced'] as const
export type Severity = (typeof SEVERITIES)[number]
export const MASTER_TABLE_NAMES: Record<Severity, '2-A' | '2-B' | '2-C'> = {
  normal: '2-A',
  tightened: '2-B',
  reduced: '2-C',
}

export const CODE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const
export type CodeLetter = (typeof CODE_LETTERS)[number]
/** Table 2-B adds a row S (sample 3150) below R; Table 1 never gives S. */
export type PlanLetter = CodeLetter | 'S'
const ROW_ORDER: readonly PlanLetter[] = [...CODE_LETTERS, 'S']

// Table 1: lot size -> code letter, for S-1 S-2 S-3 S-4 I II III (in that order). `max` null: "and over".
const TABLE_1: ReadonlyArray<readonly [min: number, max: number | null, letters: string]> = [
  [2, 8, 'A A A A A A B'],
  [9, 15, 'A A A A A B C'],
  [16, 25, 'A A B B B C D'],
  [26, 50, 'A B B C C D E'],
  [51, 90, 'B B C C C E F'],
  [91, 150, 'B B C D D F G'],
  [151, 280, 'B C D E E G H'],
  [281, 500, 'B C D E F H J'],
  [501, 1200, 'C C E F G J K'],
  [1201, 3200, 'C D E G H K L'],
  [3201, 10000, 'C D F G J L M'],
  [10001, 35000, 'C D F H K M N'],
  [35001, 150000, 'D E G J L N P'],
  [150001, 500000, 'D E G J M P Q'],
  [500001, null, 'D E H K N Q R'],
]

export interface LotSizeRange {
  min: number
  max: number | null
  letters: Record<InspectionLevel, CodeLetter>
}
export const LOT_SIZE_RANGES: readonly LotSizeRange[] = TABLE_1.map(([min, max, letters]) => {
  const row = letters.split(' ') as CodeLetter[]
  return {
    min,
    max,
    letters: Object.fromEntries(INSPECTION_LEVELS.map((level, i) => [level, row[i]])) as Record<
      InspectionLevel,
      CodeLetter
    >,
  }
})

/** The sample size beside each code letter in tables 2-A, 2-B (with S) and 2-C. */
export const SAMPLE_SIZES: Record<Severity, Partial<Record<PlanLetter, number>>> = {
  normal: letterSizes('2 3 5 8 13 20 32 50 80 125 200 315 500 800 1250 2000'),
  tightened: { ...letterSizes('2 3 5 8 13 20 32 50 80 125 200 315 500 800 1250 2000'), S: 3150 },
  // Reduced inspection draws about 40 % of the normal sample: A, B and C all draw 2.
  reduced: letterSizes('2 2 2 3 5 8 13 20 32 50 80 125 200 315 500 800'),
}

function letterSizes(sizes: string): Partial<Record<PlanLetter, number>> {
  const list = sizes.split(' ').map(Number)
  return Object.fromEntries(CODE_LETTERS.map((letter, i) => [letter, list[i]]))
}

// Tables 2-A, 2-B, 2-C as printed: one string per code letter, 26 cells, one per AQL from 0.010 to
// 1000. Source values: ISO 2859-1:1999 as published in GB/T 2828.1-2012 (tables 2-A, 2-B, 2-C);
// 2-A and 2-B cross-checked with ANSI/ASQ Z1.4 (identical for normal and tightened). The 1999
// edition's reduced table has no gap between Ac and Re (Re = Ac + 1), unlike the 1989 edition
// and Z1.4; its acceptance numbers differ from theirs too (e.g. 6/7, 8/9).
const TABLE_2A: Record<CodeLetter, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '↑ ↑ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
}

const TABLE_2B: Record<PlanLetter, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28 41/42 ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '0/1 ↑ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  // Row S (3150) carries one plan only, under AQL 0.025, reached by the arrows of Q and R.
  S: '· · 1/2 · · · · · · · · · · · · · · · · · · · · · · ·',
}

const TABLE_2C: Record<CodeLetter, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↓ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 14/15 21/22 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 14/15 21/22 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 14/15 21/22 ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ 0/1 ↑ ↓ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '0/1 ↑ ↑ ↓ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '↑ ↑ ↑ 1/2 2/3 3/4 5/6 6/7 8/9 10/11 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
}

export type PrintedCell =
  { kind: 'plan'; acceptance: number; rejection: number } | { kind: 'down' } | { kind: 'up' } | { kind: 'blank' }

function parseRow(row: string): PrintedCell[] {
  const cells = row.split(' ')
  if (cells.length !== AQLS.length) throw new Error(`A master table row has ${cells.length} cells: ${row}`)
  return cells.map((cell): PrintedCell => {
    if (cell === '↓') return { kind: 'down' }
    if (cell === '↑') return { kind: 'up' }
    if (cell === '·') return { kind: 'blank' }
    const [ac, re] = cell.split('/').map(Number)
    return { kind: 'plan', acceptance: ac!, rejection: re! }
  })
}

function parseTable(table: Partial<Record<PlanLetter, string>>): Partial<Record<PlanLetter, PrintedCell[]>> {
  return Object.fromEntries(Object.entries(table).map(([letter, row]) => [letter, parseRow(row!)]))
}

/** The three master tables as printed (arrows kept), by severity, code letter, then AQL column. */
export const MASTER_TABLES: Record<Severity, Partial<Record<PlanLetter, readonly PrintedCell[]>>> = {
  normal: parseTable(TABLE_2A),
  tightened: parseTable(TABLE_2B),
  reduced: parseTable(TABLE_2C),
}

export const rowsOf = (severity: Severity): PlanLetter[] =>
  ROW_ORDER.filter((letter) => MASTER_TABLES[severity][letter] !== undefined)

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
 * plan's own Ac and Re still decide (docs/domain-39-sampling.md).
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
