import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { utmAction, utmPage } from '~/features/toolkit/pages.server'
import { UtmPage } from '~/features/toolkit/utm-page'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'AnyUTMTrackingModule',
  title: 'UTM links',
  menu: { group: 'Toolkit', label: 'UTM links', order: 30 },
}
export const meta: MetaFunction = () => pageTitle('UTM links')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return utmPage(getDb(), viewer, new URL(request.url).searchParams)
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return answerForm(await utmAction(getDb(), viewer, await readForm(request)), '/toolkit/utm')
}

export default function UtmRoute() {
  return <UtmPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
