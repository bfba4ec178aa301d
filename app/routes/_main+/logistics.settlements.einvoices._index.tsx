import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { EinvoiceMonthPage } from '~/features/settlements/gst/einvoice-pages'
import { einvoiceImportAction, einvoiceMonthPage, RESPONSE_FILE_LIMIT } from '~/features/settlements/gst/pages.server'
import { settlementsPath } from '~/features/settlements/shared'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readLimitedUploadForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'EinvoicesList',
  title: 'e-Invoices',
  breadcrumb: 'e-Invoices',
  parents: [{ text: 'Buyer settlements', to: settlementsPath }],
}
export const meta: MetaFunction = () => pageTitle('e-Invoices')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return einvoiceMonthPage(getDb(), new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  const url = new URL(request.url)
  const form = await readLimitedUploadForm(request, RESPONSE_FILE_LIMIT)
  return answerForm(await einvoiceImportAction(getDb(), viewer, url, form), `${url.pathname}${url.search}`)
}

export default function EinvoicesListPage() {
  return <EinvoiceMonthPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
