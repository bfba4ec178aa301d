import { getFormProps } from '@conform-to/react'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { Link } from '~/ui/link'
import { landingFor } from '~/auth/guard.server'
import { isBot } from '~/auth/honeypot'
import { formSubmitWait, waitText } from '~/auth/throttle.server'
import { getViewer } from '~/auth/session.server'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { signUp } from '~/features/account/mutations.server'
import { signupSchema } from '~/features/account/schema.server'
import { SignupSent } from '~/features/account/signup-sent'
import { SubmitButton } from '~/ui/button'
import { ChoiceField, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { Honeypot } from '~/ui/honeypot'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'
import { parseWithZod, readForm } from '~/ui/read-form.server'

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
  if (isBot(form))
    return data(submission.reply({ ...hidden, formErrors: ['Your sign-up could not be accepted.'] }), { status: 400 })
  const wait = await formSubmitWait('signup', context.clientIp)
  if (wait > 0)
    return data(
      submission.reply({
        ...hidden,
        formErrors: [`Too many sign-ups from your network. Try again in ${waitText(wait)}.`],
      }),
      { status: 429 },
    )
  // The same answer for a new and a known e-mail, and no session either way (docs/domain.md).
  await signUp(getDb(), submission.value, config().appUrl)
  return redirect(SENT_PATH)
}

const SENT_PATH = '/signup?sent=1'

export default function SignupPage() {
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useZodForm(() => import('~/features/account/schema').then((m) => m.signupSchema), {
    id: 'signup',
    lastResult,
  })
  const [searchParams] = useSearchParams()
  if (searchParams.get('sent') === '1') return <SignupSent />
  return (
    <PublicShell>
      <div className="card">
        <h1>Create a company account</h1>
        <p className="muted">
          Our team checks every new company before it can trade. We will e-mail you when your company is active;
          meanwhile you can sign in and see its status.
        </p>
        <Form method="post" {...getFormProps(form)}>
          <ErrorSummary form={form} />
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
          <Field
            label="Mobile (optional)"
            type="tel"
            meta={fields.phone}
            hint="10-digit Indian mobile, or +country code"
            inputProps={{ autoComplete: 'tel' }}
          />
          <Field
            label="Password"
            type="password"
            meta={fields.password}
            hint="At least 10 characters"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            label="Password again"
            type="password"
            meta={fields.confirmPassword}
            inputProps={{ autoComplete: 'new-password' }}
          />
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
