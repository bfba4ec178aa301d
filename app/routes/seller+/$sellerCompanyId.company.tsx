import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { handleOwnCompanyAction } from '~/features/own-company/action.server'
import { OwnCompanyPage } from '~/features/own-company/own-company-page'
import { ownCompanyOf, ownCompanyPage } from '~/features/own-company/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'SellerManageCompany',
  title: 'My company',
  menu: { group: 'Company', label: 'My company' },
}
export const meta: MetaFunction = () => pageTitle('My company')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  const company = ownCompanyOf(viewer, 'seller', params.sellerCompanyId) ?? notFound()
  return {
    page: await ownCompanyPage(getDb(), viewer.userId, company),
    addressKey: newIdempotencyKey(),
    inviteKey: newIdempotencyKey(),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  const company = ownCompanyOf(viewer, 'seller', params.sellerCompanyId) ?? notFound()
  const outcome = await handleOwnCompanyAction(getDb(), viewer, company, await readForm(request), config().appUrl)
  return answerForm(outcome, `/seller/${company.id}/company`)
}

export default function SellerManageCompany() {
  return <OwnCompanyPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
