import { useRouteLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { ReactNode } from 'react'
import { portals, type PortalKey } from '~/auth/portals'
import type { loader as rootLoader } from '~/root'
import { RoleBadges } from '~/ui/badge'
import { groupMenu } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import type { Figure } from './queries.server'

export function Figures({ figures }: { figures: Figure[] }) {
  if (figures.length === 0) return null
  return (
    <ul className="figures" aria-label="Figures">
      {figures.map((f) => (
        <li key={f.label} className="figure">
          <span className="muted">{f.label}</span>
          <strong data-figure={f.label}>{typeof f.value === 'number' ? f.value.toLocaleString('en-IN') : f.value}</strong>
        </li>
      ))}
    </ul>
  )
}

/** Who is signed in, with which roles and company: the same on every portal's home. */
function YourAccount() {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const viewer = root?.viewer
  if (!viewer) return null
  return (
    <section className="card" aria-labelledby="your-account">
      <h2 id="your-account">Your account</h2>
      <p>
        {viewer.name} · {viewer.email}
        {viewer.company ? ` · ${viewer.company.name}` : ''}
      </p>
      <RoleBadges roles={viewer.roles} />
      <Link to="/profile">Edit my profile or password</Link>
    </section>
  )
}

/** A portal's home: who you are here, the figures it has, and its sections from the menu. */
export function PortalHome({ portal, figures, intro, actions }: { portal: PortalKey; figures: Figure[]; intro: string; actions?: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const sections = groupMenu(root?.menus?.[portal] ?? [])
  return (
    <>
      <PageHeader title={portals[portal].title}>{actions}</PageHeader>
      <p className="muted">{intro}</p>
      <Figures figures={figures} />
      <YourAccount />
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
