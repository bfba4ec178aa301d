import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { capitalise } from '~/features/audit/describe'
import { priceRequestHistory, newestFirst } from '~/features/price-requests/history.server'
import { AdminRequestPage } from '~/features/price-requests/admin-request'
import { handleDecisionForm } from '~/features/price-requests/forms.server'
import { ADMIN_LIST_PATH } from '~/features/price-requests/paths'
import { requestRecord } from '~/features/price-requests/queries.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminBuyerSKUPriceChangeRequest',
  title: 'Price-change request',
  breadcrumb: (data) => (data ? `#${data.request.id}` : 'Request'),
  parents: [{ text: 'Price-change requests', to: ADMIN_LIST_PATH }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Price change #${data.request.id}` : 'Price-change request')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const id = readId(params.pricingRequestId) ?? notFound()
  const db = getDb()
  const record = (await requestRecord(db, id)) ?? notFound()
  return {
    ...record,
    history: (await priceRequestHistory(db, { requestId: id }, (_, words) => capitalise(words))).sort(newestFirst),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const id = readId(params.pricingRequestId) ?? notFound()
  const outcome = await handleDecisionForm(getDb(), viewer, id, await readForm(request), config().appUrl)
  return answerForm(outcome)
}

export default function AdminPriceChangeRequest() {
  return <AdminRequestPage {...useLoaderData<typeof loader>()} reply={useActionData<typeof action>() ?? null} />
}
