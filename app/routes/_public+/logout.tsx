import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { portalsFor } from '~/auth/portals'
import { endSession, getViewer } from '~/auth/session.server'
import { redirectWithToast } from '~/ui/toast.server'

// Signing out changes state, so it is a POST; a GET just goes home.
export function loader(_: LoaderFunctionArgs) {
  throw redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await getViewer(request)
  const cleared = await endSession(request)
  const headers = new Headers({ 'Set-Cookie': cleared })
  // A field operator's phone may be passed on: its kept pages and offline queue go with the session
  // (docs/decisions/0009; public/field.js clears them too where this header is not supported).
  if (viewer && portalsFor(viewer.roles).includes('field_operator'))
    headers.set('Clear-Site-Data', '"cache", "storage"')
  return redirectWithToast('/login', { kind: 'info', message: 'You are signed out.' }, { headers })
}
