import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { endSession } from '~/auth/session.server'
import { redirectWithToast } from '~/ui/toast.server'

// Signing out changes state, so it is a POST; a GET just goes home.
export function loader(_: LoaderFunctionArgs) {
  throw redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const cleared = await endSession(request)
  return redirectWithToast('/login', { kind: 'info', message: 'You are signed out.' }, { headers: { 'Set-Cookie': cleared } })
}
