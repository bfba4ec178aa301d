import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { requestAction, requestPage } from '~/features/logistics/pages.server'
import { RequestPage } from '~/features/logistics/request-pages'
import { requestsPath } from '~/features/logistics/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditTransportRequest',
  title: 'Edit Request',
  breadcrumb: (data) => data?.request?.code ?? 'Request',
  parents: [{ text: 'Transport requests', to: requestsPath }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.request ? `Transport request ${data.request.code}` : 'Transport request')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'transport')
  return (await requestPage(getDb(), params.requestId)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'transport', 'act')
  return answerForm(
    await requestAction(getDb(), viewer, params.requestId, await readForm(request)),
    new URL(request.url).pathname,
  )
}

export default function EditTransportRequestPage() {
  return <RequestPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
