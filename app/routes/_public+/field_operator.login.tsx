import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { landingFor } from '~/auth/guard.server'
import { getViewer } from '~/auth/session.server'
import { LoginForm } from '~/features/account/login-form'
import { handleLogin } from '~/features/account/login.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

// Plain HTML like the rest of the field portal (docs/decisions/0009): a phone on a bad network signs in without the React runtime.
export const handle: RouteHandle = { name: 'FieldOperatorLogin', title: 'Field operator sign in', hydrate: false }
export const meta: MetaFunction = () => pageTitle('Field operator sign in')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  if (viewer) throw redirect(landingFor(viewer))
  return null
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context)
}

/** The field shell's layout and branding: one column, large targets, nothing that needs JavaScript. */
export default function FieldOperatorLoginPage() {
  return (
    <div className="mobile">
      <header className="site-header">
        <span className="brand">
          Sourcing Platform<small>Field operator</small>
        </span>
      </header>
      <main id="main" className="content">
        <div className="card">
          <h1>Sign in</h1>
          <p className="muted">For the platform’s field operators: your inspections and pickups.</p>
          <LoginForm action="/field_operator/login" field />
        </div>
      </main>
    </div>
  )
}
