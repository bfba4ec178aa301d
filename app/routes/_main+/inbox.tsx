import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guard.server'
import { pagePathOf } from '~/auth/redirect'
import { getDb } from '~/db.server'
import { handleInboxForm } from '~/features/inbox/inbox.server'
import { InboxPage } from '~/features/inbox/inbox-page'
import { inboxPage, readInboxFilters } from '~/features/inbox/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'Inbox', title: 'Inbox' }
export const meta: MetaFunction = () => pageTitle('Inbox')

// Every signed-in user has an inbox, whatever its portal, shown in the shell of the portal it came
// from (?portal=, as the profile). A user of a company that is not active sees the waiting page.
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  return inboxPage(getDb(), viewer.userId, readInboxFilters(new URL(request.url)))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireUser(request)
  const back = pagePathOf(request)
  const outcome = await handleInboxForm(getDb(), viewer, await readForm(request))
  if (outcome.status === 'open') return redirect(outcome.to ?? back)
  return answerForm(outcome, back)
}

export default function InboxRoute() {
  return <InboxPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />
}
