import { formatDateTime } from '~/utils/format'

/** One change of a told entry, already in the viewer's words ("Status: Pending approval → Approved"). */
export interface ToldChange {
  label: string
  before: string | null
  after: string | null
}

/**
 * An audit entry as told to one viewer (app/features/audit/tell.ts): what was done, by whom in the
 * viewer's terms, and the changes it may read, in words. Never the raw entry: the lens decided.
 */
export interface ToldEntry {
  id: number
  at: string
  /** What was done, in words ("Activated", "Lines moved to another seller"). */
  what: string
  /** Who did it, as the viewer may know them ("Asha Rao", "The platform team"). */
  actor: string
  changes: ToldChange[]
  note: string | null
}

/** Changes to a record, newest first: who did what, when, and which fields moved from what to what. */
export function History({ entries, title = 'History' }: { entries: ToldEntry[]; title?: string }) {
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading">{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="history">
          {entries.map((entry) => (
            <li key={entry.id}>
              <div>
                <strong>{entry.what}</strong>
                <span className="muted">
                  {' '}
                  by {entry.actor}, <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </span>
              </div>
              {entry.changes.length > 0 ? (
                <ul className="history-changes">
                  {entry.changes.map((change, index) => (
                    <li key={index}>
                      {change.label}: {change.before !== null ? <del>{change.before}</del> : null}
                      {change.before !== null ? ' → ' : null}
                      <ins>{change.after ?? '—'}</ins>
                    </li>
                  ))}
                </ul>
              ) : null}
              {entry.note ? <p className="muted">{entry.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
