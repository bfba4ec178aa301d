import { Link } from '~/ui/link'
import { useId, type ReactNode } from 'react'
import { portals, type PortalKey } from '~/auth/portals'
import { groupMenu } from '~/ui/navigation'
import { useRootData } from '~/ui/root-data'
import { PageHeader } from '~/ui/shell'
import type { OrderQueue } from '../orders/home.server'
import { Figures } from '~/ui/figures'
import type { Figure } from '~/platform/figures'

/** A portal's queue: what waits for it, each item opening where it is acted on. */
function Queue({ queue }: { queue: OrderQueue }) {
  const heading = useId()
  return (
    <section className="card queue" aria-labelledby={heading}>
      <h2 id={heading}>{queue.title}</h2>
      {queue.items.length === 0 ? (
        <p className="muted">{queue.empty}</p>
      ) : (
        <ul>
          {queue.items.map((item) => (
            <li key={item.id}>
              <Link to={item.to}>{item.label}</Link>
              <span className="muted"> · {item.detail}</span>
            </li>
          ))}
        </ul>
      )}
      {queue.more ? <Link to={queue.more.to}>{queue.more.label}</Link> : null}
    </section>
  )
}

/** A portal's home: the figures it has, each opening the list behind it, its queue, and its sections from the menu. */
export function PortalHome({
  portal,
  figures,
  queues = [],
  intro,
  actions,
}: {
  portal: PortalKey
  figures: Figure[]
  queues?: OrderQueue[]
  intro: string
  actions?: ReactNode
}) {
  const root = useRootData()
  const sections = groupMenu(root?.menu?.portal === portal ? root.menu.entries : [])
  return (
    <>
      <PageHeader title={portals[portal].title}>{actions}</PageHeader>
      <p className="muted">{intro}</p>
      <Figures figures={figures} />
      {queues.map((queue) => (
        <Queue key={queue.title} queue={queue} />
      ))}
      {sections.length > 0 ? (
        <section aria-labelledby="sections" style={{ marginTop: 24 }}>
          <h2 id="sections">Sections</h2>
          <div className="figures">
            {sections.map(({ group, entries }) => (
              <div key={group} className="figure">
                <h3>{group}</h3>
                <ul>
                  {entries.map((e) => (
                    <li key={e.path}>
                      <Link to={e.path}>{e.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </>
  )
}
