import type { ReactNode } from 'react'

export interface Detail {
  label: string
  value: ReactNode
}

const dash = <span className="muted">—</span>

/** A record's facts as label: value pairs (a description list); an empty value shows a dash. */
export function Details({ items }: { items: Detail[] }) {
  return (
    <dl className="details">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value === null || item.value === undefined || item.value === '' ? dash : item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
