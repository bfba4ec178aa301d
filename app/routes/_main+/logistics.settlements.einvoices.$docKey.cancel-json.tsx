import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { einvoiceCancelJson } from '~/features/settlements/gst/pages.server'

// One registered document's Cancel IRN JSON ({Irn, CnlRsn, CnlRem}, NIC's format) as a download,
// from the e-invoice page's GET form (?reason=&remark=); refused (409, with the reason) once the
// portal's 24 hours are over or when the IRN is cancelled already.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSection(request, 'money', 'act')
  return (await einvoiceCancelJson(getDb(), params.docKey, new URL(request.url))) ?? notFound()
}
