import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleImportJobForm } from '~/features/imports/forms.server'
import { ImportJobView } from '~/features/imports/import-job-page'
import { IMPORTS_PATH } from '~/features/imports/kinds'
import { importJobPage } from '~/features/imports/queries.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'ViewImport',
  title: 'Import',
  breadcrumb: (data) => (data ? `Import #${data.job.id}` : 'Import'),
  parents: [{ text: 'Imports', to: IMPORTS_PATH }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `Import #${data.job.id}` : 'Import')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const id = readId(params.importId) ?? notFound()
  return (await importJobPage(getDb(), id, new URL(request.url))) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.importId) ?? notFound()
  return answerForm(await handleImportJobForm(getDb(), viewer, id, await readForm(request)))
}

export default function ImportPage() {
  return <ImportJobView {...useLoaderData<typeof loader>()} />
}
