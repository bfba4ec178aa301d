import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { DuesPage } from '~/features/logistics/dues-page'
import { duesAction, duesPage } from '~/features/logistics/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'TransportPaymentDues',
  title: 'Payment Dues',
  breadcrumb: 'Payment dues',
  menu: { group: 'Logistics', label: 'Payment dues', order: 40 },
}
export const meta: MetaFunction = () => pageTitle('Payment dues')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'transport_dues')
  return duesPage(getDb(), new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'transport_dues', 'act')
  const url = new URL(request.url)
  return answerForm(await duesAction(getDb(), viewer, await readForm(request)), `${url.pathname}${url.search}`)
}

export default function TransportPaymentDuesPage() {
  return <DuesPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
