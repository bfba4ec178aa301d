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
  name: 'SellerViewWebhookSubscription',
  title: 'Webhook subscription',
  breadcrumb: (data) => data?.subscription.url ?? 'Subscription',
  parents: [{ text: 'Webhooks', to: webhooksBase.seller }],
}
export const meta: MetaFunction = () => pageTitle('Webhook subscription')

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  return subscriptionPage(getDb(), viewer, 'seller', params.subscriptionId, new URL(request.url))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  return answerForm(
    await handleSubscriptionForm(getDb(), viewer, 'seller', params.subscriptionId, await readForm(request)),
    `${webhooksBase.seller}/${params.subscriptionId}`,
  )
}

export default function SellerViewWebhookSubscription() {
  return <SubscriptionPage data={useLoaderData<typeof loader>()} />
}
