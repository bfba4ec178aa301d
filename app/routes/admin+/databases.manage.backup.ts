import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDatabase } from '~/db.server'
import { backupDownload } from '~/features/database-admin/pages.server'
import { readForm } from '~/ui/read-form.server'

/**
 * POST with the admin's own password (the database page's form): a fresh online backup of the
 * SQLite database, as a download. A wrong password goes back to the page, which says so at the field.
 */
export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const form = await readForm(request)
  const download = await backupDownload(
    getDatabase(),
    config().databaseUrl,
    viewer,
    String(form.get('ownPassword') ?? ''),
  )
  return download ?? redirect('/admin/databases/manage?backup=wrong-password#backup-heading', 303)
}

/** A backup is taken by a POST (the form); a GET here takes none. */
export function loader() {
  throw new Response('Take a backup with the form on the database page.', { status: 405, headers: { Allow: 'POST' } })
}
