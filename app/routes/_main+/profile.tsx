import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ProfilePage } from '~/features/account/profile-page'
import { handleProfileForm, profileData } from '~/features/account/profile.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'Profile', title: 'My profile' }
export const meta: MetaFunction = () => pageTitle('My profile')

// Every signed-in user has a profile, whatever its portal (docs/domain.md: access).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  return profileData(getDb(), viewer)
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireUser(request)
  const outcome = await handleProfileForm(getDb(), viewer, await readForm(request))
  return answerForm(outcome, '/profile')
}

export default function ProfileRoute() {
  return <ProfilePage {...useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? undefined} />
}
