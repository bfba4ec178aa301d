import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge, StatusBadge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorSummary, Field, FormErrors } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { countOf, formatDateTime } from '~/utils/format'
import type { UserRecord } from './queries.server'
import { RoleAndCompanyFields, type RoleOption } from './role-fields'
import { choicesOf } from '~/platform/pick'
import { companyPath } from './user-list'

type Reply = SubmissionResult<string[]> | null | undefined

export function UserFacts({ user, roleOptions }: { user: UserRecord; roleOptions: RoleOption[] }) {
  const roleLabel = (role: string) => roleOptions.find((o) => o.value === role)?.label ?? role
  return (
    <section className="card" aria-labelledby="user-facts">
      <h2 id="user-facts">Account</h2>
      <dl className="details">
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{user.phone ?? '—'}</dd>
        </div>
        <div>
          <dt>Roles</dt>
          <dd className="row">
            {user.roles.length
              ? user.roles.map((r) => (
                  <Badge key={r} tone="info">
                    {roleLabel(r)}
                  </Badge>
                ))
              : 'None'}
          </dd>
        </div>
        <div>
          <dt>Company</dt>
          <dd>
            {user.company ? (
              <>
                <Link to={companyPath(user.company)}>{user.company.name}</Link>{' '}
                <span className="muted">({user.company.kind})</span>
                {user.companyAdmin ? (
                  <>
                    {' '}
                    <Badge>Company admin</Badge>
                  </>
                ) : null}
              </>
            ) : (
              'Staff (no company)'
            )}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={user.status} />
          </dd>
        </div>
        <div>
          <dt>Open sessions</dt>
          <dd data-testid="sessions">{user.sessions}</dd>
        </div>
        <div>
          <dt>Last sign-in</dt>
          <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(user.createdAt)}</dd>
        </div>
      </dl>
    </section>
  )
}

export function UserDetailsForm({ user, lastResult }: { user: UserRecord; lastResult: Reply }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.userDetailsSchema), {
    id: 'user-details',
    lastResult,
    defaultValue: { name: user.name, phone: user.phone ?? '' },
  })
  return (
    <section className="card" aria-labelledby="user-details-heading">
      <h2 id="user-details-heading">Name and phone</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={user.version} />
        <ErrorSummary form={form} />
        <Field label="Name" meta={fields.name} inputProps={{ autoComplete: 'off' }} />
        <Field label="Phone" type="tel" meta={fields.phone} hint="Optional: 10-digit Indian mobile, or +country code" />
        <SubmitButton variant="primary" intent="details" pendingText="Saving…">
          Save name and phone
        </SubmitButton>
      </Form>
    </section>
  )
}

export function UserRolesForm({
  user,
  roleOptions,
  lastResult,
}: {
  user: UserRecord
  roleOptions: RoleOption[]
  lastResult: Reply
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.userRolesSchema), {
    id: 'user-roles',
    lastResult,
    defaultValue: {
      roles: user.roles,
      company: user.company ? `#${user.company.id}` : '',
      companyAdmin: user.companyAdmin,
    },
  })
  return (
    <section className="card" aria-labelledby="user-roles-heading">
      <h2 id="user-roles-heading">Roles and company</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="version" value={user.version} />
        <ErrorSummary form={form} />
        <RoleAndCompanyFields
          roles={fields.roles}
          company={fields.company}
          companyAdmin={fields.companyAdmin}
          options={roleOptions}
          choices={choicesOf(lastResult, 'company')}
        />
        <Field
          label="Your own password"
          type="password"
          meta={fields.ownPassword}
          hint="To confirm it is you"
          inputProps={{ autoComplete: 'current-password' }}
        />
        <SubmitButton variant="primary" intent="roles" pendingText="Saving…">
          Save roles
        </SubmitButton>
      </Form>
    </section>
  )
}

/** Disable (ends every session at once) or enable, and the way to set the user's password. */
export function UserAccess({ user, isSelf, errors }: { user: UserRecord; isSelf: boolean; errors?: string[] }) {
  const sessions = countOf(user.sessions, 'open session')
  return (
    <section className="card" aria-labelledby="user-access-heading">
      <h2 id="user-access-heading">Access</h2>
      <FormErrors errors={errors} />
      <div className="row">
        {user.status === 'active' ? (
          isSelf ? (
            <p className="muted">You cannot disable your own account.</p>
          ) : (
            <ConfirmDialog
              trigger="Disable user"
              triggerVariant="danger"
              title={`Disable ${user.name}?`}
              description={`${user.name} can no longer sign in, and its ${sessions} end at once. You can enable it again later.`}
            >
              <Form method="post">
                <input type="hidden" name="intent" value="disable" />
                <Button type="submit" variant="danger" style={{ marginTop: 12 }}>
                  Yes, disable {user.name}
                </Button>
              </Form>
            </ConfirmDialog>
          )
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="enable" />
            <SubmitButton intent="enable" pendingText="Enabling…">
              Enable user
            </SubmitButton>
          </Form>
        )}
        <Link className="btn" to={`/admin/users/manage/password?user=${user.id}`}>
          Set its password
        </Link>
      </div>
    </section>
  )
}
