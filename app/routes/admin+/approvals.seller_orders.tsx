import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ApprovalQueue } from '~/features/orders/approvals-page'
import { approvalQueueAction, approvalQueuePage, approvalsPath } from '~/features/orders/approvals.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { orderMoves } from '~/lifecycle/seller-orders.server'

export const handle: RouteHandle = {
  name: 'AdminSellerOrderApprovals',
  title: 'Seller orders to approve',
  menu: { group: 'Approvals', label: 'Seller orders', order: 1 },
}
export const meta: MetaFunction = () => pageTitle('Seller orders to approve')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return approvalQueuePage(getDb(), viewer, 'admin', new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const outcome = await approvalQueueAction(
    getDb(),
    viewer,
    'admin',
    new URL(request.url),
    await readForm(request),
    orderMoves,
  )
  return answerForm(outcome, approvalsPath['admin'])
}

export default function AdminSellerOrderApprovalsPage() {
  return <ApprovalQueue {...useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
