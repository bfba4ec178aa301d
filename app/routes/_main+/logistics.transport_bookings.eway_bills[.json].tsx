import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { dayEwayJson } from '~/features/logistics/pages.server'
import type { RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'TransportBookingsEwayBillsJson', title: 'E-way bills JSON' }

// A day's e-way bills (`?day=`, by pickup day): the bulk-generation JSON of its bookings that need one.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return dayEwayJson(getDb(), new URL(request.url))
}
