import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { mayUseSection } from '~/auth/portals'
import { getDb } from '~/db.server'
import { BillingPage } from '~/features/logistics/booking-pages'
import { billingAction, billingPage } from '~/features/logistics/pages.server'
import { bookingPath, duesPath } from '~/features/logistics/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditTransportBillingDetails',
  title: 'Edit Billing Details',
  breadcrumb: 'Billing details',
  parents: (data) => [
    { text: 'Payment dues', to: duesPath },
    ...(data?.booking ? [{ text: data.booking.code, to: bookingPath(data.request.id, data.booking.id) }] : []),
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.booking ? `Billing details of ${data.booking.code}` : 'Billing details')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireSection(request, 'transport_bills')
  const page = (await billingPage(getDb(), params.requestId, params.bookingId)) ?? notFound()
  // Finance reads the bill; only who may change it gets the form.
  return { ...page, mayAct: mayUseSection(viewer.roles, 'transport_bills', 'act') }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'transport_bills', 'act')
  return answerForm(await billingAction(getDb(), viewer, params.requestId, params.bookingId, await readForm(request)))
}

export default function EditTransportBillingDetailsPage() {
  return <BillingPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
