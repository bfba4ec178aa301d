import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ImagesPage } from '~/features/toolkit/images-page'
import { PLAYGROUND_MAX_BYTES } from '~/features/toolkit/images.server'
import { imagesAction, imagesPage } from '~/features/toolkit/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readLimitedUploadForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'AnyImagePlayground',
  title: 'Image playground',
  menu: { group: 'Toolkit', label: 'Image playground', order: 40 },
}
export const meta: MetaFunction = () => pageTitle('Image playground')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  return imagesPage(getDb(), viewer, new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'toolkit')
  const form = await readLimitedUploadForm(request, { maxFileBytes: PLAYGROUND_MAX_BYTES, maxFiles: 1 })
  return answerForm(await imagesAction(getDb(), viewer, form), '/toolkit/images')
}

export default function ImagePlaygroundRoute() {
  return <ImagesPage data={useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
