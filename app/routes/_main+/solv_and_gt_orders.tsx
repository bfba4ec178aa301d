import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { channelImportAction, channelOrdersPage } from '~/features/orders/channel-import.server'
import { orderPlaced } from '~/lifecycle/master-orders.server'
import { ChannelOrdersPage } from '~/features/orders/channel-orders-page'
import { MAX_IMPORT_BYTES } from '~/features/orders/channels'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { readLimitedUploadForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'SolvAndGTOrders',
  title: 'Solv and GT orders',
  menu: { group: 'Orders', label: 'Solv and GT orders', order: 3 },
}
export const meta: MetaFunction = () => pageTitle('Solv and GT orders')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  return channelOrdersPage(getDb(), viewer, new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const form = await readLimitedUploadForm(request, { maxFileBytes: MAX_IMPORT_BYTES, maxFiles: 1 })
  const { status, reply } = await channelImportAction(getDb(), viewer, form, orderPlaced)
  return data(reply, { status })
}

export default function SolvAndGTOrders() {
  return <ChannelOrdersPage {...useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
