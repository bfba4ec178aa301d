import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { bookingEwayJson } from '~/features/logistics/pages.server'
import type { RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = { name: 'TransportBookingEwayBillJson', title: 'E-way bill JSON' }

// A booking's e-way bill as the NIC bulk-generation JSON (a resource route: a download); with
// ?event=, one of its cancel / Part-B / extension requests as the portal takes it (issue 52).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  const event = new URL(request.url).searchParams.get('event')
  return (await bookingEwayJson(getDb(), params.requestId, params.bookingId, event)) ?? notFound()
}
