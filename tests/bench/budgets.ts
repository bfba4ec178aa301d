// Every budget a benchmark measures, kept as it is measured and printed as one table at the end of
// `npm run bench` (tests/bench/index.ts): what, the figure, the budget, met or not.

export interface BudgetRow {
  suite: string
  what: string
  measured: string
  budget: string
  met: boolean
}

const rows: BudgetRow[] = []
let suite = ''

/** The suite whose rows follow (set by the runner). */
export function inSuite(name: string) {
  suite = name
}

/** A figure that must stay at or under its budget (a p95 in ms, a size in KB). */
export function atMost(what: string, measured: number, budget: number, unit: string) {
  rows.push({
    suite,
    what,
    measured: `${measured.toFixed(1)} ${unit}`,
    budget: `≤ ${budget} ${unit}`,
    met: measured <= budget,
  })
}

/** A figure that must reach its budget (a share of another figure, in % or as a ratio ×). */
export function atLeast(what: string, measured: number, budget: number, unit: string) {
  rows.push({
    suite,
    what,
    measured: `${measured.toFixed(unit === '%' ? 0 : unit === '×' ? 2 : 1)} ${unit}`,
    budget: `≥ ${budget} ${unit}`,
    met: measured >= budget,
  })
}

/** A count that must be zero (errors under load). */
export function none(what: string, measured: number) {
  rows.push({ suite, what, measured: String(measured), budget: '0', met: measured === 0 })
}

/** The table, in Markdown, with a last line that says how many budgets were missed. */
export function budgetTable(): string[] {
  if (!rows.length) return []
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  const missed = rows.filter((r) => !r.met).length
  return [
    '| suite | what | measured | budget | |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map(
      (r) => `| ${cell(r.suite)} | ${cell(r.what)} | ${r.measured} | ${r.budget} | ${r.met ? 'met' : '**NOT MET**'} |`,
    ),
    '',
    missed ? `${missed} of ${rows.length} budgets NOT MET` : `all ${rows.length} budgets met`,
  ]
}
