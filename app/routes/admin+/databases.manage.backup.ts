import type { ActionFunctionArgs } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDatabase } from '~/db.server'
import { backupDownload } from '~/features/database-admin/pages.server'

/** POST: a fresh online backup of the SQLite database, as a download (the database page's button). */
export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return backupDownload(getDatabase(), config().databaseUrl, viewer)
}

/** A backup is taken by a POST (the button); a GET here takes none. */
export function loader() {
  throw new Response('Take a backup with the button on the database page.', { status: 405, headers: { Allow: 'POST' } })
}
