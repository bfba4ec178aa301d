import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, UploadHandler } from '@remix-run/node'
import { data } from '@remix-run/node'
import fs from 'node:fs'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { config } from '~/config.server'
import { getDatabase } from '~/db.server'
import { newStagedFile } from '~/features/database-admin/backup.server'
import { DatabasePage } from '~/features/database-admin/database-page'
import { databasePage, discard, restore, runCheck, stageAnswer } from '~/features/database-admin/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { readForm } from '~/ui/read-form.server'
import { redirectWithToast } from '~/ui/toast.server'

export const handle: RouteHandle = {
  name: 'AdminManageDatabases',
  title: 'Database',
  breadcrumb: 'Database',
  menu: { group: 'Platform', label: 'Database', order: 90 },
}
export const meta: MetaFunction = () => pageTitle('Database')

const PAGE = '/admin/databases/manage'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  return databasePage(getDatabase(), config().databaseUrl, new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const handle = getDatabase()
  const databaseUrl = config().databaseUrl
  // An uploaded backup streams to a staged file (never held in memory); its id takes its place in the form.
  let staged: { id: string } | { problem: string } | null = null
  const uploads: UploadHandler = async ({ name, filename, data: body }) => {
    if (filename === undefined) {
      let text = ''
      for await (const chunk of body) text += Buffer.from(chunk).toString('utf8')
      return text.slice(0, 200)
    }
    if (name !== 'backup' || handle.kind !== 'sqlite' || staged) {
      for await (const _ of body) void _
      return null
    }
    if (!filename) {
      for await (const _ of body) void _
      staged = { problem: 'Choose the backup file to upload.' }
      return null
    }
    const target = newStagedFile(databaseUrl)
    const out = fs.createWriteStream(target.file, { mode: 0o600 })
    for await (const chunk of body)
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
    await new Promise<void>((resolve, reject) => {
      out.once('error', reject)
      out.end(() => resolve())
    })
    staged = { id: target.id }
    return null
  }
  const form = await readForm(request, { uploads, maxFiles: 1 })
  switch (form.get('intent')) {
    case 'check':
      return data(await runCheck(handle, viewer))
    case 'stage':
      return data(await stageAnswer(handle, databaseUrl, staged ?? { problem: 'Choose the backup file to upload.' }), {
        status: staged && 'id' in staged ? 200 : 400,
      })
    case 'restore': {
      const outcome = await restore(handle, databaseUrl, viewer, form)
      // Every session ended with the restore, this one too: the sign-in page says what happened.
      if ('done' in outcome)
        return redirectWithToast(`/login?redirectTo=${encodeURIComponent(PAGE)}`, {
          kind: 'success',
          message: `The backup is restored. The database as it was is kept as ${outcome.done}. Every session has ended: everyone, you too, signs in again.`,
        })
      return data(outcome, { status: 400 })
    }
    case 'discard':
      discard(databaseUrl, form)
      return redirectWithToast(PAGE, {
        kind: 'info',
        message: 'The uploaded backup is discarded; nothing was changed.',
      })
    default:
      return data(null, { status: 400 })
  }
}

export default function DatabaseRoute() {
  return <DatabasePage data={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
