import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { emailOfUser } from '~/features/users/queries.server'
import { SubmitButton } from '~/ui/button'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { readId } from '~/utils/list-params'
import { readForm } from '~/ui/read-form.server'
import { answerForm } from '~/ui/outcome.server'
import { handleSetPasswordForm } from '~/features/users/forms.server'

export const handle: RouteHandle = {
  name: 'AdminSetPassword',
  title: 'Set a password',
  parents: [{ text: 'Users', to: '/admin/users/manage' }],
  menu: { group: 'People', label: 'Set a password', order: 20 },
}
export const meta: MetaFunction = () => pageTitle('Set a password')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const params = new URL(request.url).searchParams
  const userId = readId(params.get('user'))
  const email = userId ? await emailOfUser(getDb(), userId) : params.get('email')
  return { email: (email ?? '').trim().toLowerCase().slice(0, 254) }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return answerForm(await handleSetPasswordForm(getDb(), viewer, await readForm(request)))
}

export default function AdminSetPassword() {
  const { email } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useZodForm(() => import('~/features/users/schema').then((m) => m.setPasswordSchema), {
    id: 'set-password',
    lastResult,
    defaultValue: { email },
  })
  return (
    <>
      <PageHeader title="Set a password" />
      <div className="card" style={{ maxWidth: 560 }}>
        <p className="muted">
          The user's open sessions end, and any reset or invitation link it still has stops working. Your own session
          stays open when you set your own password.
        </p>
        <Form method="post" {...getFormProps(form)}>
          <ErrorSummary form={form} />
          <Field label="User's e-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'off' }} />
          <Field
            label="New password"
            type="password"
            meta={fields.password}
            hint="At least 10 characters"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            label="New password again"
            type="password"
            meta={fields.confirmPassword}
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            label="Your own password"
            type="password"
            meta={fields.ownPassword}
            hint="To confirm it is you"
            inputProps={{ autoComplete: 'current-password' }}
          />
          <SubmitButton variant="primary" pendingText="Setting…">
            Set password
          </SubmitButton>
        </Form>
      </div>
    </>
  )
}
