import { getFormProps } from '@conform-to/react'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { isBot } from '~/auth/honeypot'
import { formSubmitWait, waitText } from '~/auth/throttle.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { requestPasswordReset, RESET_TOKEN_MINUTES } from '~/features/account/mutations.server'
import { forgotPasswordSchema } from '~/features/account/schema.server'
import { kickWorker } from '~/platform/outbox.server'
import { SubmitButton } from '~/ui/button'
import { useZodForm } from '~/ui/form'
import { ErrorSummary, Field } from '~/ui/field'
import { Honeypot } from '~/ui/honeypot'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'
import { parseWithZod, readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'ForgotPassword', title: 'Forgot password' }
export const meta: MetaFunction = () => pageTitle('Forgot password')

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
  const wait = await formSubmitWait('forgot_password', context.clientIp)
  if (wait > 0)
    return data(
      {
        result: submission.reply({
          formErrors: [`Too many requests from your network. Try again in ${waitText(wait)}.`],
        }),
        sent: false,
      },
      { status: 429 },
    )
  if (!isBot(form)) {
    const db = getDb()
    await requestPasswordReset(db, submission.value.email, config().appUrl)
    // The background worker sends it; asked now, the link leaves within a second or two.
    kickWorker()
  }
  // The same answer whether or not the account exists, so addresses cannot be probed.
  return { result: submission.reply({ resetForm: true }), sent: true, email: submission.value.email }
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useZodForm(() => import('~/features/account/schema').then((m) => m.forgotPasswordSchema), {
    id: 'forgot',
    lastResult: actionData?.result,
  })
  return (
    <PublicShell>
      <div className="card">
        <h1>Forgot your password?</h1>
        {actionData?.sent ? (
          <div role="status">
            <p>
              If an active account uses <strong>{'email' in actionData ? actionData.email : ''}</strong>, a link to
              choose a new password is on its way. It works once and expires in {RESET_TOKEN_MINUTES} minutes.
            </p>
            <Link to="/login">Back to sign in</Link>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <p className="muted">
              Enter the e-mail you sign in with and we will send you a link to choose a new password.
            </p>
            <ErrorSummary form={form} />
            <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'email' }} />
            <Honeypot />
            <SubmitButton variant="primary" className="btn-block" pendingText="Sending…">
              Send reset link
            </SubmitButton>
            <div className="public-links">
              <Link to="/login">Back to sign in</Link>
            </div>
          </Form>
        )}
      </div>
    </PublicShell>
  )
}
