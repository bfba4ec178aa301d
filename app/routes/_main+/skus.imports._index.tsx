import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ImportList } from '~/features/imports/import-list'
import { importListPage } from '~/features/imports/queries.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'ManageImports',
  title: 'Imports',
  menu: { group: 'Catalogue', label: 'Imports', order: 40 },
}
export const meta: MetaFunction = () => pageTitle('Imports')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return importListPage(getDb(), new URL(request.url))
}

export default function ImportsPage() {
  return <ImportList {...useLoaderData<typeof loader>()} />
}
