import { formatDateTime } from '~/utils/format'

export interface HistoryEntry {
  id: number
  at: string
  action: string
  /** What was done, in words ("Activated", "New price version"). */
  what: string
  actor_name: string | null
  before_json: string | null
  after_json: string | null
  note: string | null
}

function parse(json: string | null): Record<string, unknown> {
  if (!json) return {}
  try {
    const value = JSON.parse(json)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : { value }
  } catch {
    return {}
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : 'none'
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
const label = (key: string) => key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** Changes to a record, newest first: who did what, when, and which fields moved from what to what. */
export function History({ entries, title = 'History' }: { entries: HistoryEntry[]; title?: string }) {
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="history">
          {entries.map((entry) => {
            const before = parse(entry.before_json)
            const after = parse(entry.after_json)
            const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => show(before[k]) !== show(after[k]))
            return (
              <li key={entry.id}>
                <div>
                  <strong>{entry.what}</strong>
                  <span className="muted">
                    {' '}
                    by {entry.actor_name ?? 'the system'}, <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </span>
                </div>
                {keys.length > 0 ? (
                  <ul className="history-changes">
                    {keys.map((k) => (
                      <li key={k}>
                        {label(k)}: {k in before ? <del>{show(before[k])}</del> : null}
                        {k in before ? ' → ' : null}
                        <ins>{show(after[k])}</ins>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {entry.note ? <p className="muted">{entry.note}</p> : null}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
