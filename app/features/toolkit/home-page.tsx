import { portals } from '~/auth/portals'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import type { ToolkitHomeData } from './home.server'

/** /toolkit: each tool, a link with what it does and what this viewer can do with it. */
export function ToolkitHome({ data }: { data: ToolkitHomeData }) {
  return (
    <>
      <PageHeader title={portals.toolkit.title} />
      <p className="muted">Tools open to everyone who is signed in.</p>
      <ul className="plain-list tools">
        {data.tools.map((tool) => (
          <li key={tool.to} className="card">
            <h2>
              <Link to={tool.to}>{tool.name}</Link>
            </h2>
            <p>{tool.does}</p>
            {tool.forYou ? <p className="muted">{tool.forYou}</p> : null}
          </li>
        ))}
      </ul>
    </>
  )
}
