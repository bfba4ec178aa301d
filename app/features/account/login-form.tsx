import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useActionData, useSearchParams } from '@remix-run/react'
import { Link } from '~/ui/link'
import { SubmitButton } from '~/ui/button'
import { useZodForm } from '~/ui/form'
import { ErrorSummary, Field } from '~/ui/field'
import { Honeypot } from '~/ui/honeypot'

/** The sign-in form of /login and of the field operator's /field_operator/login. */
export function LoginForm({
  action,
  field = false,
}: {
  action: string
  /** the field operator's sign-in: no company sign-up */ field?: boolean
}) {
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const [searchParams] = useSearchParams()
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.loginSchema), {
    id: 'login',
    lastResult,
    defaultValue: { redirectTo: searchParams.get('redirectTo') ?? '' },
  })
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      {searchParams.get('redirectTo') && !form.errors?.length ? (
        <p className="notice" role="status">
          Sign in to continue.
        </p>
      ) : null}
      <ErrorSummary form={form} />
      <Field
        label="E-mail"
        type="email"
        meta={fields.email}
        inputProps={{ autoComplete: 'username', autoFocus: true }}
      />
      <Field
        label="Password"
        type="password"
        meta={fields.password}
        inputProps={{ autoComplete: 'current-password' }}
      />
      <input type="hidden" name={fields.redirectTo.name} defaultValue={fields.redirectTo.initialValue as string} />
      <Honeypot />
      <SubmitButton variant="primary" className="btn-block" pendingText="Signing in…">
        Sign in
      </SubmitButton>
      <div className="public-links">
        <Link to="/forgot_password">Forgot your password?</Link>
        {field ? null : <Link to="/signup">Create a company account</Link>}
      </div>
    </Form>
  )
}
