import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleFlagForm } from '~/features/flags/action.server'
import { FlagList } from '~/features/flags/flag-list'
import { listFlags } from '~/features/flags/flags.server'
import type { FormReply } from '~/platform/form-reply'
import { roleOptions } from '~/features/users/queries.server'
import { ROLE_KEYS } from '~/auth/roles'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { PageHeader } from '~/ui/shell'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'DevAdminManageFlagPage',
  title: 'Feature flags',
  menu: { group: 'Catalogue', order: 20, label: 'Flags' },
}
export const meta: MetaFunction = () => pageTitle('Feature flags')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'dev_admin')
  const db = getDb()
  const [flags, labels] = await Promise.all([listFlags(db), roleOptions(db)])
  // Every role the app knows, labelled as in user administration.
  const roles = ROLE_KEYS.map((key) => ({ value: key, label: labels.find((l) => l.value === key)?.label ?? key }))
  return { flags, roles }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'dev_admin')
  return answerForm(await handleFlagForm(getDb(), viewer.userId, await readForm(request)), '/dev_admin/flags')
}

export default function DevAdminManageFlagPage() {
  const { flags, roles } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as FormReply | null | undefined
  return (
    <>
      <PageHeader title="Feature flags" />
      <p className="muted">
        Each flag switches a feature of the app on or off, for every role or only for the roles ticked.
      </p>
      <FlagList flags={flags} roles={roles} reply={reply} />
    </>
  )
}
