import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { CompanyRecordView } from '~/features/companies/company-record'
import { handleRecordForm } from '~/features/companies/forms.server'
import { companyExists, companyRecord } from '~/features/companies/queries.server'
import { sellerSwitchingStates } from '~/features/qc/switching.server'
import { SellerSwitchingStates } from '~/features/qc/switching-view'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'ViewSeller',
  title: 'Seller',
  breadcrumb: (data) => data?.company.name ?? 'Seller',
  parents: [{ text: 'Sellers', to: '/sellers/manage' }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data?.company.name ?? 'Seller')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.sellerId) ?? notFound()
  const db = getDb()
  const company = (await companyRecord(db, 'seller', id)) ?? notFound()
  return {
    company,
    history: await historyOf(db, STAFF_VIEWER, 'seller', id),
    addressKey: newIdempotencyKey(),
    canAdministerUsers: viewer.roles.includes('admin'),
    qcStates: await sellerSwitchingStates(db, id),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.sellerId) ?? notFound()
  const db = getDb()
  if (!(await companyExists(db, 'seller', id))) notFound()
  return answerForm(
    await handleRecordForm(db, viewer, 'seller', id, await readForm(request), config().appUrl),
    `/sellers/${id}`,
  )
}

export default function ViewSellerPage() {
  const { qcStates, ...loaded } = useLoaderData<typeof loader>()
  return (
    <CompanyRecordView kind="seller" {...loaded} statusReply={useActionData<typeof action>()}>
      <SellerSwitchingStates states={qcStates} />
    </CompanyRecordView>
  )
}
