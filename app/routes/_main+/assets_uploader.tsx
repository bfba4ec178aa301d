import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { AssetsPage } from '~/features/assets/assets-page'
import { assetsAction, assetsPage } from '~/features/assets/pages.server'
import { ASSET_MAX_BYTES, ASSET_MAX_FILES } from '~/features/assets/shared'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readLimitedUploadForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'AssetUploader',
  title: 'Asset Uploader',
  breadcrumb: 'Asset uploader',
  menu: { group: 'Tools', label: 'Asset uploader', order: 10 },
}
export const meta: MetaFunction = () => pageTitle('Asset uploader')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  return assetsPage(getDb(), viewer, new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const url = new URL(request.url)
  const form = await readLimitedUploadForm(request, { maxFileBytes: ASSET_MAX_BYTES, maxFiles: ASSET_MAX_FILES })
  return answerForm(await assetsAction(getDb(), viewer, form), `${url.pathname}${url.search}`)
}

export default function AssetUploaderPage() {
  return <AssetsPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
