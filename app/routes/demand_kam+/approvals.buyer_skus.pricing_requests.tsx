import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleKamForm } from '~/features/price-requests/forms.server'
import { KamRequestsPage } from '~/features/price-requests/kam-requests'
import { kamRequestsPage } from '~/features/price-requests/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'KAMBuyerSKUPriceChangeRequests',
  title: 'Price-change requests',
  menu: { group: 'Approvals', label: 'Price-change requests' },
}
export const meta: MetaFunction = () => pageTitle('Price-change requests')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'demand_kam')
  return (await kamRequestsPage(getDb(), viewer, new URL(request.url))) ?? notFound()
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'demand_kam')
  const outcome = await handleKamForm(getDb(), viewer, await readForm(request))
  return answerForm(outcome)
}

export default function KamPriceChangeRequests() {
  return <KamRequestsPage {...useLoaderData<typeof loader>()} reply={useActionData<typeof action>() ?? null} />
}
