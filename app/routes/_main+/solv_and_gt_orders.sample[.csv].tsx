import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { sampleImportRows } from '~/features/orders/channel-import.server'
import { IMPORT_COLUMNS } from '~/features/orders/channels'
import { csvResponse } from '~/utils/csv.server'

// A sample import file for /solv_and_gt_orders, from the data: it imports as it is.
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  return csvResponse(
    'channel-orders-sample.csv',
    IMPORT_COLUMNS.map((c) => ({ key: c.name, header: c.name })),
    await sampleImportRows(getDb()),
  )
}
