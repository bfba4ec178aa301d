import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleNewImportForm, newImportPage } from '~/features/imports/forms.server'
import { IMPORTS_PATH } from '~/features/imports/kinds'
import { NewImportForm } from '~/features/imports/new-import-form'
import { MAX_IMPORT_BYTES } from '~/features/imports/read-file.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readLimitedUploadForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'NewImport',
  title: 'Import a file',
  breadcrumb: 'New',
  parents: [{ text: 'Imports', to: IMPORTS_PATH }],
}
export const meta: MetaFunction = () => pageTitle('Import a file')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return newImportPage(getDb(), new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const form = await readLimitedUploadForm(request, { maxFileBytes: MAX_IMPORT_BYTES, maxFiles: 1 })
  return answerForm(await handleNewImportForm(getDb(), viewer, form))
}

export default function NewImportPage() {
  return <NewImportForm data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
