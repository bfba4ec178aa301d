import type { Figure } from '~/platform/figures'
import { Link } from './link'

/** A page's figures: each a count or amount, opening the list behind it where the viewer may follow. */
export function Figures({ figures, label = 'Figures' }: { figures: Figure[]; label?: string }) {
  if (figures.length === 0) return null
  return (
    <ul className="figures" aria-label={label}>
      {figures.map((f) => (
        <li key={f.label} className={f.tone ? `figure figure-${f.tone}` : 'figure'}>
          {f.to ? (
            // The whole figure opens the list behind it, filtered to what it counts.
            <Link to={f.to} className="figure-link">
              <span className="muted">{f.label}</span>
              <strong data-figure={f.label}>
                {typeof f.value === 'number' ? f.value.toLocaleString('en-IN') : f.value}
              </strong>
            </Link>
          ) : (
            <>
              <span className="muted">{f.label}</span>
              <strong data-figure={f.label}>
                {typeof f.value === 'number' ? f.value.toLocaleString('en-IN') : f.value}
              </strong>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
