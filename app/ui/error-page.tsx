import { isRouteErrorResponse } from '@remix-run/react'
import { useRootData } from './root-data'
import { Link } from '~/ui/link'

/** The 404, 403 and "something went wrong" pages, with a way back that fits the user. */
export function ErrorPanel({ error }: { error: unknown }) {
  const root = useRootData()
  const viewer = root?.viewer
  const home = viewer?.portals[0]?.home ?? '/login'
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404) {
    return (
      <section className="card" data-testid="not-found">
        <h1>Page not found</h1>
        <p>
          There is no page at this address, or it is not yours to see. Check the link, or start again from your portal.
        </p>
        <Link className="btn btn-primary" to={home}>
          {viewer ? 'Go to my portal' : 'Go to sign in'}
        </Link>
      </section>
    )
  }
  if (status === 403) {
    return (
      <section className="card" data-testid="forbidden">
        <h1>You do not have access to this page</h1>
        <p>Your account's roles do not include this part of the platform. If you need it, ask an administrator.</p>
        <p className="row">
          <Link className="btn btn-primary" to={home}>
            Go to my portal
          </Link>
          {viewer && viewer.portals.length > 2 ? (
            <span className="muted">or switch portal from the menu at the top.</span>
          ) : null}
        </p>
      </section>
    )
  }
  if (status === 405) {
    return (
      <section className="card">
        <h1>That action is not possible here</h1>
        <p>This page does not accept submitted forms.</p>
        <Link to={home}>Go back to your portal</Link>
      </section>
    )
  }
  if (status === 400 || status === 413) {
    // The server's own sentence (readForm): what was wrong with what was sent.
    const message =
      isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
        ? error.data
        : 'What was sent could not be read.'
    return (
      <section className="card" data-testid="bad-request">
        <h1>This request could not be read</h1>
        <p>{message}</p>
        <Link to={home}>Go back to your portal</Link>
      </section>
    )
  }
  return (
    <section className="card">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Nothing you entered was lost on our side; try again in a moment.</p>
      <Link to={home}>Go back to your portal</Link>
    </section>
  )
}

/** A whole page around the panel, for errors outside any portal layout. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main" className="public-main wide">
      <div className="public-brand">
        <Link to="/">Sourcing Platform</Link>
      </div>
      <ErrorPanel error={error} />
    </main>
  )
}
