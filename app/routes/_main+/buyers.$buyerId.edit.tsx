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
  name: 'EditBuyer',
  title: 'Edit buyer',
  breadcrumb: 'Edit',
  parents: (data) => [
    { text: 'Buyers', to: '/buyers/manage' },
    ...(data ? [{ text: data.name, to: `/buyers/${data.id}` }] : []),
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Edit ${data.name}` : 'Edit buyer')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const id = readId(params.buyerId) ?? notFound()
  return (await companyForEdit(getDb(), 'buyer', id)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.buyerId) ?? notFound()
  const db = getDb()
  if (!(await companyExists(db, 'buyer', id))) notFound()
  const outcome = await handleEditForm(db, viewer, 'buyer', id, await readForm(request))
  return answerForm(outcome)
}

export default function EditBuyerPage() {
  const { id, name, version, values, assignees } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={`Edit ${name}`} />
      <CompanyForm
        kind="buyer"
        mode="edit"
        assignees={assignees}
        defaultValue={values}
        version={version}
        lastResult={useActionData<typeof action>()}
        cancelTo={`/buyers/${id}`}
      />
    </>
  )
}
