import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import type { FormReply } from '~/features/addresses/schema'
import { historyOf } from '~/features/audit/audit.server'
import { AdminRequestPage } from '~/features/price-requests/admin-request'
import { handleDecisionForm } from '~/features/price-requests/forms.server'
import { ADMIN_LIST_PATH } from '~/features/price-requests/paths'
import { requestRecord } from '~/features/price-requests/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { redirectWithToast } from '~/ui/toast.server'
import { readId } from '~/utils/list-params'

export const handle: RouteHandle = {
  name: 'AdminBuyerSKUPriceChangeRequest',
  title: 'Price-change request',
  breadcrumb: (data) => (data ? `#${data.request.id}` : 'Request'),
  parents: [{ text: 'Price-change requests', to: ADMIN_LIST_PATH }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Price change #${data.request.id}` : 'Price-change request')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const id = readId(params.pricingRequestId) ?? notFound()
  const db = getDb()
  const record = (await requestRecord(db, id)) ?? notFound()
  return { ...record, history: await historyOf(db, 'price_request', id) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const id = readId(params.pricingRequestId) ?? notFound()
  const outcome = await handleDecisionForm(getDb(), viewer, id, await request.formData(), config().appUrl)
  switch (outcome.status) {
    case 'done':
      return redirectWithToast(outcome.redirectTo, outcome.toast)
    case 'invalid':
      return data<FormReply | null>(outcome.reply, { status: 400 })
    case 'not-found':
      return notFound()
    case 'bad-request':
      return data<FormReply | null>(null, { status: 400 })
  }
}

export default function AdminPriceChangeRequest() {
  return <AdminRequestPage {...useLoaderData<typeof loader>()} reply={useActionData<typeof action>() ?? null} />
}
