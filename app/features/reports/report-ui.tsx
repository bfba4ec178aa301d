import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button } from '~/ui/button'
import { DateFilter } from '~/ui/filters'
import { Link } from '~/ui/link'
import type { Period } from './period'

// Pieces every report page shares: the period form, a figure against the period before, the layout
// of a chart beside its table.

/** The report's GET form: the period, then the report's own filters. */
export function ReportFilters({
  period,
  label,
  clearTo,
  children,
}: {
  period: Period
  label: string
  clearTo: string
  children?: ReactNode
}) {
  return (
    <Form method="get" className="filters" role="search" aria-label={label}>
      <DateFilter name="from" label="From" value={period.from} problem={period.problems.from} />
      <DateFilter name="to" label="To" value={period.to} problem={period.problems.to} />
      {children}
      <div className="form-actions">
        <Button type="submit" variant="primary">
          Show
        </Button>
        <Link to={clearTo}>Reset</Link>
      </div>
    </Form>
  )
}

const change = (now: number, before: number) => {
  if (before === 0) return now === 0 ? 'no change' : 'new this period'
  const pct = ((now - before) / Math.abs(before)) * 100
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}% on the period before`
}

/** One figure of the period with the period before and the change between them. */
export function Comparison({
  label,
  now,
  before,
  format,
}: {
  label: string
  now: number
  before: number
  format: (n: number) => string
}) {
  const up = now > before
  return (
    <li className="figure">
      <span className="muted">{label}</span>
      <strong data-figure={label}>{format(now)}</strong>
      <span className={`muted figure-change${now === before ? '' : up ? ' up' : ' down'}`}>
        {change(now, before)} ({format(before)})
      </span>
    </li>
  )
}

export const periodWords = (p: Period) => `${p.from} to ${p.to}`
