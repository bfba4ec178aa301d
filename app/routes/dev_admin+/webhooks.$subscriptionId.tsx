import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleSubscriptionForm, subscriptionPage } from '~/features/webhooks/pages.server'
import { webhooksBase } from '~/features/webhooks/shared'
import { SubscriptionPage } from '~/features/webhooks/subscription-page'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

// One webhook subscription with its secret and delivery log; another owner's is not found.
export const handle: LoaderHandle<typeof loader> = {
  name: 'DevAdminViewWebhookSubscription',
  title: 'Webhook subscription',
  breadcrumb: (data) => data?.subscription.url ?? 'Subscription',
  parents: [{ text: 'Webhooks', to: webhooksBase.dev_admin }],
}
export const meta: MetaFunction = () => pageTitle('Webhook subscription')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  return subscriptionPage(getDb(), viewer, 'dev_admin', params.subscriptionId, new URL(request.url))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  return answerForm(
    await handleSubscriptionForm(getDb(), viewer, 'dev_admin', params.subscriptionId, await readForm(request)),
    `${webhooksBase.dev_admin}/${params.subscriptionId}`,
  )
}

export default function DevAdminViewWebhookSubscription() {
  return <SubscriptionPage data={useLoaderData<typeof loader>()} />
}
