import { scaleBand, scaleLinear, scaleTime } from 'd3-scale'
import { curveStepAfter, line } from 'd3-shape'
import { useId } from 'react'

// Charts drawn on the server as SVG (d3-scale for the scales, d3-shape for lines): seen without
// JavaScript, each with a title and a text alternative; the numbers are in the table beside it.

const WIDTH = 640
const HEIGHT = 300
const MARGIN = { top: 12, right: 12, bottom: 84, left: 72 }

export interface BarDatum {
  label: string
  value: number
  /** A second figure drawn inside the bar (a part of it, such as the margin of the value). */
  part?: number
}

/** Vertical bars (a part drawn inside each), with a value axis of `ticks` figures. */
export function BarChart({
  title,
  summary,
  data,
  format,
  partLabel,
  valueLabel,
}: {
  title: string
  summary: string
  data: BarDatum[]
  format: (n: number) => string
  valueLabel: string
  partLabel?: string
}) {
  const id = useId()
  const max = Math.max(1, ...data.map((d) => d.value))
  const min = Math.min(0, ...data.map((d) => d.part ?? 0), ...data.map((d) => d.value))
  const x = scaleBand<string>()
    .domain(data.map((d, i) => `${i}`))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2)
  const y = scaleLinear()
    .domain([min, max])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
  const ticks = y.ticks(5)
  const everyNth = Math.max(1, Math.ceil(data.length / 12))
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="chart-tick">
              {format(t)}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const left = x(`${i}`)!
          const zero = y(0)
          return (
            <g key={`${d.label}-${i}`}>
              <rect
                x={left}
                width={x.bandwidth()}
                y={Math.min(y(d.value), zero)}
                height={Math.abs(zero - y(d.value))}
                className="chart-bar"
              >
                <title>{`${d.label}: ${valueLabel} ${format(d.value)}${d.part !== undefined && partLabel ? `, ${partLabel} ${format(d.part)}` : ''}`}</title>
              </rect>
              {d.part !== undefined ? (
                <rect
                  x={left + x.bandwidth() * 0.25}
                  width={x.bandwidth() * 0.5}
                  y={Math.min(y(d.part), zero)}
                  height={Math.abs(zero - y(d.part))}
                  className="chart-part"
                />
              ) : null}
              {i % everyNth === 0 ? (
                <text
                  x={left + x.bandwidth() / 2}
                  y={HEIGHT - MARGIN.bottom + 14}
                  textAnchor="end"
                  transform={`rotate(-35 ${left + x.bandwidth() / 2} ${HEIGHT - MARGIN.bottom + 14})`}
                  className="chart-tick"
                >
                  {d.label.length > 14 ? `${d.label.slice(0, 13)}…` : d.label}
                </text>
              ) : null}
            </g>
          )
        })}
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} className="chart-axis" />
      </svg>
      <figcaption className="chart-legend">
        <span className="chart-key chart-key-bar" /> {valueLabel}
        {partLabel ? (
          <>
            {' '}
            <span className="chart-key chart-key-part" /> {partLabel}
          </>
        ) : null}
      </figcaption>
    </figure>
  )
}

export interface StepPoint {
  /** When the value took effect (ISO). */
  at: string
  value: number
}

/** A value that changes in steps over time (a price by its versions), held until the next step and to `until`. */
export function StepChart({
  title,
  summary,
  points,
  until,
  format,
}: {
  title: string
  summary: string
  points: StepPoint[]
  until: string
  format: (n: number) => string
}) {
  const id = useId()
  const series = [...points].sort((a, b) => a.at.localeCompare(b.at))
  const last = series.at(-1)
  const withEnd = last && until > last.at ? [...series, { at: until, value: last.value }] : series
  const times = withEnd.map((p) => new Date(p.at))
  const x = scaleTime()
    .domain([times[0] ?? new Date(until), times.at(-1) ?? new Date(until)])
    .range([MARGIN.left, WIDTH - MARGIN.right])
  const values = withEnd.map((p) => p.value)
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(1, ...values)])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
  const path = line<StepPoint>()
    .x((p) => x(new Date(p.at)))
    .y((p) => y(p.value))
    .curve(curveStepAfter)(withEnd)
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {y.ticks(5).map((t) => (
          <g key={t}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={MARGIN.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="chart-tick">
              {format(t)}
            </text>
          </g>
        ))}
        {x.ticks(6).map((t) => (
          <text
            key={t.toISOString()}
            x={x(t)}
            y={HEIGHT - MARGIN.bottom + 16}
            textAnchor="middle"
            className="chart-tick"
          >
            {t.toLocaleDateString('en-IN', {
              day: 'numeric',
              month: 'short',
              year: '2-digit',
              timeZone: 'Asia/Kolkata',
            })}
          </text>
        ))}
        {path ? <path d={path} className="chart-line" /> : null}
        {series.map((p) => (
          <circle key={p.at} cx={x(new Date(p.at))} cy={y(p.value)} r={3.5} className="chart-dot">
            <title>{`${new Date(p.at).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}: ${format(p.value)}`}</title>
          </circle>
        ))}
        <line
          x1={MARGIN.left}
          x2={WIDTH - MARGIN.right}
          y1={HEIGHT - MARGIN.bottom}
          y2={HEIGHT - MARGIN.bottom}
          className="chart-axis"
        />
      </svg>
    </figure>
  )
}
