import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BookingCalendar } from '~/features/logistics/booking-pages'
import { calendarPage } from '~/features/logistics/pages.server'
import { bookingsPath } from '~/features/logistics/shared'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'TransportBookingsCalendar',
  title: 'Bookings Calendar',
  breadcrumb: 'Calendar',
  parents: [{ text: 'Bookings', to: bookingsPath }],
  menu: { group: 'Logistics', label: 'Bookings calendar', order: 30 },
}
export const meta: MetaFunction = () => pageTitle('Bookings calendar')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return calendarPage(getDb(), new URL(request.url))
}

export default function TransportBookingsCalendarPage() {
  return <BookingCalendar data={useLoaderData<typeof loader>()} />
}
