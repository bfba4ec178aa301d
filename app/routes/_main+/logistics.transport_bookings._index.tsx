import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BookingList } from '~/features/logistics/booking-pages'
import { bookingsPage } from '~/features/logistics/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'TransportBookings',
  title: 'Bookings',
  menu: { group: 'Logistics', label: 'Bookings', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('Bookings')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return bookingsPage(getDb(), new URL(request.url))
}

export default function TransportBookingsPage() {
  return <BookingList {...useLoaderData<typeof loader>()} />
}
