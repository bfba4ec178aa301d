import { landingFor, PENDING_PATH } from '~/auth/guard.server'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { safeRedirect } from '~/auth/redirect'
import { getViewer } from '~/auth/session.server'
import { LoginForm } from '~/features/account/login-form'
import { handleLogin } from '~/features/account/login.server'
import type { RouteHandle } from '~/ui/navigation'
import { pageTitle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: RouteHandle = { name: 'Login', title: 'Sign in' }
export const meta: MetaFunction = () => pageTitle('Sign in')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  if (!viewer) return null
  const landing = landingFor(viewer)
  throw redirect(landing === PENDING_PATH ? landing : safeRedirect(new URL(request.url).searchParams.get('redirectTo'), landing))
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
