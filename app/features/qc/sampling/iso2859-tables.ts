// ISO 2859-1:1999 (identical to IS 2500 Part 1:2000 and GB/T 2828.1): the tables, as data. The
// look-ups that read them are in ./iso2859.ts.
//
// The tables below are the standard's Table 1 (sample size code letters) and the master tables 2-A
// (normal), 2-B (tightened) and 2-C (reduced) for single sampling, written cell by cell as printed:
// a plan is "Ac/Re", an arrow is an arrow ("↓" use the first plan below, "↑" the first plan above),
// "·" is a cell the standard leaves blank (only row S of table 2-B). The arrows are followed the way
// the standard says (footnotes to tables 2-A to 2-C): the plan reached brings ITS code letter's
// sample size, and when that sample size equals or exceeds the lot size the whole lot is inspected.
// See docs/domain.md "QC by the book".

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
  // A at AQL 10 is an arrow down (to D's 1/2 on 8), not 0/1 on 2: fixed in issue 52 after checking
  // every cell against ./reference (MIL-STD-105E table II-B as transcribed by CRAN AQLSchemes).
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 1/2 2/3 3/4 5/6 8/9 12/13 18/19 27/28',
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
