import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BookingPage } from '~/features/logistics/booking-pages'
import { bookingAction, bookingPage } from '~/features/logistics/pages.server'
import { bookingsPath, requestPath } from '~/features/logistics/shared'
import { invoiceBeforePickup, takeBookingStep } from '~/lifecycle/shipments.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditTransportBooking',
  title: 'Edit Booking',
  breadcrumb: (data) => data?.booking?.code ?? 'Booking',
  parents: (data) => [
    { text: 'Bookings', to: bookingsPath },
    ...(data?.request ? [{ text: data.request.code, to: requestPath(data.request.id) }] : []),
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.booking ? `Booking ${data.booking.code}` : 'Booking')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return (await bookingPage(getDb(), params.requestId, params.bookingId)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'transport', 'act')
  return answerForm(
    await bookingAction(
      getDb(),
      viewer,
      params.requestId,
      params.bookingId,
      await readForm(request),
      takeBookingStep,
      invoiceBeforePickup,
    ),
    new URL(request.url).pathname,
  )
}

export default function EditTransportBookingPage() {
  return <BookingPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
