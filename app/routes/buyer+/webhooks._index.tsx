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
  name: 'BuyerManageWebhooks',
  title: 'Webhooks',
  menu: { group: 'Company', label: 'Webhooks', order: 110 },
}
export const meta: MetaFunction = () => pageTitle('Webhooks')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  return webhookListPage(getDb(), viewer, 'buyer')
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  return answerForm(await handleWebhookListForm(getDb(), viewer, 'buyer', await readForm(request)), '/buyer/webhooks')
}

export default function BuyerManageWebhooks() {
  return (
    <WebhooksPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>() as FormReply | null} />
  )
}
