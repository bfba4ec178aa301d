import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { landingFor } from '~/auth/guard.server'
import { getViewer } from '~/auth/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  throw redirect(viewer ? landingFor(viewer) : '/login')
}
