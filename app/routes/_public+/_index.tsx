import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { homeFor } from '~/auth/portals'
import { getViewer } from '~/auth/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  throw redirect(viewer ? homeFor(viewer.roles) : '/login')
}
