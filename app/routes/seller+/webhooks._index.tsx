import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleWebhookListForm, webhookListPage } from '~/features/webhooks/pages.server'
import { WebhooksPage } from '~/features/webhooks/webhooks-page'
import type { FormReply } from '~/platform/form-reply'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

// The company’s webhook subscriptions (docs/domain.md "Webhooks (issue 40)").
export const handle: RouteHandle = {
  name: 'SellerManageWebhooks',
  title: 'Webhooks',
  menu: { group: 'Company', label: 'Webhooks', order: 110 },
}
export const meta: MetaFunction = () => pageTitle('Webhooks')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  return webhookListPage(getDb(), viewer, 'seller')
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'seller')
  return answerForm(await handleWebhookListForm(getDb(), viewer, 'seller', await readForm(request)), '/seller/webhooks')
}

export default function SellerManageWebhooks() {
  return (
    <WebhooksPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>() as FormReply | null} />
  )
}
