import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { einvoiceJson } from '~/features/settlements/gst/pages.server'

// One document's e-invoice JSON (INV-01 1.1) as a download (a resource route).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return (await einvoiceJson(getDb(), params.docKey)) ?? notFound()
}
