import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { CompanyForm } from '~/features/companies/company-form'
import { handleEditForm } from '~/features/companies/forms.server'
import { companyExists, companyForEdit } from '~/features/companies/queries.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditSeller',
  title: 'Edit seller',
  breadcrumb: 'Edit',
  parents: (data) => [
    { text: 'Sellers', to: '/sellers/manage' },
    ...(data ? [{ text: data.name, to: `/sellers/${data.id}` }] : []),
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Edit ${data.name}` : 'Edit seller')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const id = readId(params.sellerId) ?? notFound()
  return (await companyForEdit(getDb(), 'seller', id)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.sellerId) ?? notFound()
  const db = getDb()
  if (!(await companyExists(db, 'seller', id))) notFound()
  const outcome = await handleEditForm(db, viewer, 'seller', id, await readForm(request))
  return answerForm(outcome)
}

export default function EditSellerPage() {
  const { id, name, version, values, assignees } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Edit ${name}`} />
      <CompanyForm
        kind="seller"
        mode="edit"
        assignees={assignees}
        defaultValue={values}
        version={version}
        lastResult={useActionData<typeof action>()}
        cancelTo={`/sellers/${id}`}
      />
    </>
  )
}
