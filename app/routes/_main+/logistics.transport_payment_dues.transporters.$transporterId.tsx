import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { TransporterPage } from '~/features/logistics/transporters-page'
import { transporterAction, transporterPage } from '~/features/logistics/transporters.server'
import { duesPath, transportersPath } from '~/features/logistics/shared'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditTransporterTaxDetails',
  title: 'Edit Transporter',
  breadcrumb: (data) => data?.transporter.name ?? 'Transporter',
  parents: () => [
    { text: 'Payment dues', to: duesPath },
    { text: 'Transporters', to: transportersPath },
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.transporter ? `${data.transporter.name}: tax details` : 'Transporter')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'transport_dues')
  return (await transporterPage(getDb(), params.transporterId)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireSection(request, 'transport_dues', 'act')
  return answerForm(await transporterAction(getDb(), viewer, params.transporterId, await readForm(request)))
}

export default function EditTransporterTaxDetailsPage() {
  return <TransporterPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
