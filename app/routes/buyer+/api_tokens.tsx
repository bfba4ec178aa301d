import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { apiTokensPage, handleApiTokenAction } from '~/features/api-tokens/page.server'
import { ApiTokensPage } from '~/features/api-tokens/tokens-page'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'BuyerApiTokens',
  title: 'API tokens',
  menu: { group: 'Company', label: 'API tokens', order: 110 },
}
export const meta: MetaFunction = () => pageTitle('API tokens')

// The company's API tokens (docs/api.md "Tokens"): its administrators make and revoke them; its other
// users read whom to ask.
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  return apiTokensPage(getDb(), viewer)
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'buyer')
  const outcome = await handleApiTokenAction(getDb(), viewer, await readForm(request))
  return outcome.status === 'answer' ? data(outcome.data) : answerForm(outcome, '/buyer/api_tokens')
}

export default function BuyerApiTokens() {
  return <ApiTokensPage data={useLoaderData<typeof loader>()} action={useActionData<typeof action>()} />
}
