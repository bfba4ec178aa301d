import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { ChoiceField, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { useHydrated } from '~/ui/hooks'
import { RoleAndCompanyFields, type RoleOption } from './role-fields'
import { choicesOf } from '~/platform/pick'
import { ACCESS_CHOICES } from './shared'

// A message under one field must not stretch its neighbours in the row.
const TOP_ALIGNED = { alignItems: 'start' } as const

/**
 * "Add a user", folded away under the list; it opens by itself when asked to (`?create=1`, a
 * link from a company page) or when the last submit came back with errors.
 */
export function CreateUserForm({
  idempotencyKey,
  roleOptions,
  lastResult,
  open,
  defaultValue,
}: {
  idempotencyKey: string
  roleOptions: RoleOption[]
  lastResult?: SubmissionResult<string[]> | null
  open: boolean
  defaultValue: Record<string, unknown>
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createUserSchema), {
    id: 'create-user',
    lastResult,
    defaultValue,
  })
  const hydrated = useHydrated()
  // Without JavaScript both ways are on the page; with it, the password fields show when chosen.
  const showPassword = !hydrated || fields.access.value === 'password'
  return (
    <details className="card" open={open || Boolean(lastResult && lastResult.status === 'error')}>
      <summary>
        <h2 style={{ display: 'inline' }}>Add a user</h2>
      </summary>
      <Form method="post" {...getFormProps(form)} style={{ marginTop: 16 }}>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <ErrorSummary form={form} />
        <div className="form-grid" style={TOP_ALIGNED}>
          <Field label="Name" meta={fields.name} inputProps={{ autoComplete: 'off' }} />
          <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'off' }} />
          <Field
            label="Phone (optional)"
            type="tel"
            meta={fields.phone}
            inputProps={{ placeholder: '10-digit mobile or +country code' }}
          />
        </div>
        <RoleAndCompanyFields
          roles={fields.roles}
          company={fields.company}
          companyAdmin={fields.companyAdmin}
          options={roleOptions}
          choices={choicesOf(lastResult, 'company')}
        />
        <ChoiceField legend="How the user gets in" meta={fields.access} options={[...ACCESS_CHOICES]} />
        {showPassword ? (
          <>
            <p className="hint muted">
              Only with “Set a password now”: at least 10 characters. Tell it to the user yourself.
            </p>
            <div className="form-grid" style={TOP_ALIGNED}>
              <Field
                label="Password"
                type="password"
                meta={fields.password}
                inputProps={{ autoComplete: 'new-password' }}
              />
              <Field
                label="Password again"
                type="password"
                meta={fields.confirmPassword}
                inputProps={{ autoComplete: 'new-password' }}
              />
            </div>
          </>
        ) : null}
        <div className="form-actions">
          <SubmitButton variant="primary" intent="create" pendingText="Creating…">
            Add user
          </SubmitButton>
        </div>
      </Form>
    </details>
  )
}
