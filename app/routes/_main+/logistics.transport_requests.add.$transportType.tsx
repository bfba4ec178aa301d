import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { addRequestAction, addRequestPage } from '~/features/logistics/pages.server'
import { AddRequest } from '~/features/logistics/request-pages'
import { requestsPath } from '~/features/logistics/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AddTransportRequest',
  title: 'Add Request',
  breadcrumb: (data) => (data?.info ? `New ${data.info.label.toLowerCase()} request` : 'Add request'),
  parents: [{ text: 'Transport requests', to: requestsPath }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.info ? `New ${data.info.label.toLowerCase()} request` : 'Add request')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return (await addRequestPage(getDb(), params.transportType, new URL(request.url))) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'transport', 'act')
  return answerForm(await addRequestAction(getDb(), viewer, params.transportType, await readForm(request)))
}

export default function AddTransportRequestPage() {
  return <AddRequest data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
