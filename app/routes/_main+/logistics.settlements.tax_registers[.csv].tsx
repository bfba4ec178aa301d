import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { freightRegisterCsv } from '~/features/logistics/freight-registers.server'

// The month's reverse-charge register of freight as a CSV (a resource route), of one GST registration
// (?registration=GSTIN) or all of them (issue 52).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  return freightRegisterCsv(getDb(), new URL(request.url))
}
