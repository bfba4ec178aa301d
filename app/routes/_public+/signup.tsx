import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { landingFor, PENDING_PATH } from '~/auth/guard.server'
import { isBot } from '~/auth/honeypot'
import { getViewer, startSession } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { signUp } from '~/features/account/mutations.server'
import { signupSchema } from '~/features/account/schema'
import { SubmitButton } from '~/ui/button'
import { ChoiceField, Field, FormErrors } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Honeypot } from '~/ui/honeypot'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'Signup', title: 'Create a company account' }
export const meta: MetaFunction = () => pageTitle('Create a company account')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request)
  if (viewer) throw redirect(landingFor(viewer))
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: signupSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success') return data(submission.reply(hidden), { status: 400 })
  if (isBot(form)) return data(submission.reply({ ...hidden, formErrors: ['Your sign-up could not be accepted.'] }), { status: 400 })
  const db = getDb()
  const result = await signUp(db, submission.value)
  if (!result.ok) {
    return data(
      submission.reply({ ...hidden, fieldErrors: result.field ? { [result.field]: [result.message] } : {}, formErrors: result.field ? [] : [result.message] }),
      { status: 400 },
    )
  }
  const { cookie } = await startSession(db, result.value.userId, { ip: context.clientIp, userAgent: request.headers.get('user-agent') })
  return redirect(PENDING_PATH, { headers: { 'Set-Cookie': cookie } })
}

export default function SignupPage() {
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useZodForm(signupSchema, { id: 'signup', lastResult })
  return (
    <PublicShell>
      <div className="card">
        <h1>Create a company account</h1>
        <p className="muted">Our team checks every new company before it can trade. You can sign in straight away and will be told when your company is active.</p>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <ChoiceField
            legend="My company"
            meta={fields.companyKind}
            options={[
              { value: 'buyer', label: 'buys goods' },
              { value: 'seller', label: 'makes and sells goods' },
            ]}
          />
          <Field label="Company name" meta={fields.companyName} inputProps={{ autoComplete: 'organization' }} />
          <Field label="Your name" meta={fields.name} inputProps={{ autoComplete: 'name' }} />
          <Field label="Work e-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'email' }} />
          <Field label="Mobile (optional)" type="tel" meta={fields.phone} hint="10-digit Indian mobile, or +country code" inputProps={{ autoComplete: 'tel' }} />
          <Field label="Password" type="password" meta={fields.password} hint="At least 10 characters" inputProps={{ autoComplete: 'new-password' }} />
          <Field label="Password again" type="password" meta={fields.confirmPassword} inputProps={{ autoComplete: 'new-password' }} />
          <Honeypot />
          <SubmitButton variant="primary" className="btn-block" pendingText="Creating your account…">
            Create account
          </SubmitButton>
          <div className="public-links">
            <Link to="/login">I already have an account</Link>
          </div>
        </Form>
      </div>
    </PublicShell>
  )
}
