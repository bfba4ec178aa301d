import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { QcApprovals } from '~/features/qc/approvals-page'
import { qcApprovalsAction, qcApprovalsPage } from '~/features/qc/approvals.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'
import { qcMoves } from '~/lifecycle/inspections.server'

export const handle: RouteHandle = {
  name: 'AdminQCApprovals',
  title: 'QC inspections to approve',
  menu: { group: 'Approvals', label: 'QC', order: 2 },
}
export const meta: MetaFunction = () => pageTitle('QC inspections to approve')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  return qcApprovalsPage(getDb(), 'admin', new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return answerForm(
    await qcApprovalsAction(getDb(), viewer, 'admin', new URL(request.url), await readForm(request), qcMoves),
  )
}

export default function AdminQcApprovalsPage() {
  return <QcApprovals data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
