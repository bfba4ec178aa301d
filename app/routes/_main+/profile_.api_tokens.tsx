import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guard.server'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { apiTokensPage, handleApiTokenAction } from '~/features/api-tokens/page.server'
import { ApiTokensPage } from '~/features/api-tokens/tokens-page'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'ProfileApiTokens',
  title: 'API tokens',
  parents: [{ text: 'My profile', to: '/profile' }],
}
export const meta: MetaFunction = () => pageTitle('API tokens')

/** Staff keep their own tokens here; a company's users have their portal's page (its administrators' tokens act for the company). */
async function requireStaff(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request)
  if (viewer.company) throw redirect(`/${viewer.company.kind}/api_tokens`)
  return viewer
}

// Every staff user's own API tokens; the developer admin sees and may revoke every token.
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireStaff(request)
  return apiTokensPage(getDb(), viewer)
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireStaff(request)
  const outcome = await handleApiTokenAction(getDb(), viewer, await readForm(request))
  return outcome.status === 'answer' ? data(outcome.data) : answerForm(outcome, '/profile/api_tokens')
}

export default function ProfileApiTokens() {
  return <ApiTokensPage data={useLoaderData<typeof loader>()} action={useActionData<typeof action>()} />
}
