import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { EinvoiceDocPage } from '~/features/settlements/gst/einvoice-pages'
import { einvoiceDocAction, einvoiceDocPage } from '~/features/settlements/gst/pages.server'
import { einvoicesPath } from '~/features/settlements/gst/shared'
import { settlementsPath } from '~/features/settlements/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'Einvoice',
  title: 'e-Invoice',
  breadcrumb: (data) => data?.number ?? 'e-Invoice',
  parents: [
    { text: 'Buyer settlements', to: settlementsPath },
    { text: 'e-Invoices', to: einvoicesPath },
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `e-Invoice: ${data.number}` : 'e-Invoice')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await einvoiceDocPage(getDb(), params.docKey)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'money', 'act')
  const url = new URL(request.url)
  return answerForm(await einvoiceDocAction(getDb(), viewer, params.docKey, await readForm(request)), url.pathname)
}

export default function EinvoicePage() {
  return <EinvoiceDocPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
