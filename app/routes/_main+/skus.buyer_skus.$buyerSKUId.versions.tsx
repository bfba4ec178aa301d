import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { buyerSkuPath, LIST_PATH } from '~/features/buyer-skus/paths'
import { versionsPage } from '~/features/buyer-skus/queries.server'
import { VersionsView } from '~/features/buyer-skus/versions-view'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'

export const handle: LoaderHandle<typeof loader> = {
  name: 'BuyerSKUVersions',
  title: 'Versions',
  breadcrumb: 'Versions',
  parents: (data) => [
    { text: 'Buyer SKUs', to: LIST_PATH },
    ...(data ? [{ text: data.header.buyer_code, to: buyerSkuPath(data.header.id) }] : []),
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Versions of ${data.header.buyer_code}` : 'Versions')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const id = readId(params.buyerSKUId) ?? notFound()
  const search = new URL(request.url).searchParams
  return (await versionsPage(getDb(), id, { v: search.get('v'), a: search.get('a'), b: search.get('b') })) ?? notFound()
}

export default function BuyerSkuVersionsPage() {
  return <VersionsView {...useLoaderData<typeof loader>()} />
}
