import { formSubmitWait, waitText } from '~/auth/throttle.server'
import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { getDb } from '~/db.server'
import { resetPassword, resetTokenPurpose } from '~/features/account/mutations.server'
import { resetPasswordSchema } from '~/features/account/schema.server'
import { SubmitButton } from '~/ui/button'
import { useZodForm } from '~/ui/form'
import { ErrorSummary, Field } from '~/ui/field'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'
import { redirectWithToast } from '~/ui/toast.server'
import { parseWithZod, readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'ResetPassword', title: 'Choose a new password' }
export const meta: MetaFunction = () => pageTitle('Choose a new password')

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const purpose = token ? await resetTokenPurpose(getDb(), token) : null
  return { token, usable: purpose !== null, invitation: purpose === 'invite' }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success') return data(submission.reply(hidden), { status: 400 })
  const wait = await formSubmitWait('reset_password', context.clientIp)
  if (wait > 0)
    return data(
      submission.reply({
        ...hidden,
        formErrors: [`Too many tries from your network. Try again in ${waitText(wait)}.`],
      }),
      { status: 429 },
    )
  const result = await resetPassword(getDb(), submission.value.token, submission.value.password)
  if (!result.ok) return data(submission.reply({ ...hidden, formErrors: [result.message] }), { status: 400 })
  return redirectWithToast('/login', {
    kind: 'success',
    message: 'Your password is changed. Sign in with the new one.',
  })
}

export default function ResetPasswordPage() {
  const { token, usable, invitation } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useZodForm(() => import('~/features/account/schema').then((m) => m.resetPasswordSchema), {
    id: 'reset',
    lastResult,
  })
  return (
    <PublicShell>
      <div className="card">
        <h1>{invitation ? 'Welcome: choose your password' : 'Choose a new password'}</h1>
        {usable || lastResult ? (
          <Form method="post" {...getFormProps(form)}>
            <ErrorSummary form={form} />
            <input type="hidden" name={fields.token.name} value={token} />
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
            <SubmitButton variant="primary" className="btn-block" pendingText="Saving…">
              Save new password
            </SubmitButton>
          </Form>
        ) : (
          <div role="alert">
            <p>This reset link has expired or has already been used.</p>
            <Link className="btn btn-primary" to="/forgot_password">
              Ask for a new link
            </Link>
          </div>
        )}
      </div>
    </PublicShell>
  )
}
