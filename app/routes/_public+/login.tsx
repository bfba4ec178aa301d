import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { landingFor } from '~/auth/guard.server'
import { getViewer } from '~/auth/session.server'
import { LoginForm } from '~/features/account/login-form'
import { handleLogin } from '~/features/account/login.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: RouteHandle = { name: 'Login', title: 'Sign in' }
export const meta: MetaFunction = () => pageTitle('Sign in')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  if (viewer) throw redirect(landingFor(viewer, new URL(request.url).searchParams.get('redirectTo')))
  return null
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, context)
}

export default function LoginPage() {
  return (
    <PublicShell>
      <div className="card">
        <h1>Sign in</h1>
        <LoginForm action="/login" />
      </div>
    </PublicShell>
  )
}
