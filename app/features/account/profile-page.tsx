import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { RoleBadges } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { useZodForm } from '~/ui/form'
import { ErrorSummary, Field } from '~/ui/field'
import { PageHeader } from '~/ui/shell'
import type { RoleKey } from '#db/types'
import { countOf } from '~/utils/format'

export interface ProfileData {
  user: { name: string; email: string; phone: string; roles: RoleKey[]; company: string | null }
  otherSessions: number
}
/** The reply of a refused form, sent back to the form it came from. */
export type ProfileReply = { intent: 'profile' | 'password' | null; result: SubmissionResult<string[]> | undefined }

/** The profile page: account details, password, other sessions. */
export function ProfilePage({ user, otherSessions, actionData }: ProfileData & { actionData?: ProfileReply }) {
  const [profileForm, profileFields] = useZodForm(() => import('./schema').then((m) => m.profileSchema), {
    id: 'profile-form',
    lastResult: actionData?.intent === 'profile' ? actionData.result : undefined,
    defaultValue: { name: user.name, phone: user.phone },
  })
  const [passwordForm, passwordFields] = useZodForm(() => import('./schema').then((m) => m.changePasswordSchema), {
    id: 'password-form',
    lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
  })
  return (
    <>
      <PageHeader title="My profile" />
      <div className="card">
        <h2>Account</h2>
        <p>
          <strong>{user.email}</strong>
          {user.company ? <span className="muted"> · {user.company}</span> : null}
        </p>
        <RoleBadges roles={user.roles} />
        <Form method="post" {...getFormProps(profileForm)}>
          <input type="hidden" name="intent" value="profile" />
          <ErrorSummary form={profileForm} />
          <Field label="Name" meta={profileFields.name} inputProps={{ autoComplete: 'name' }} />
          <Field
            label="Mobile"
            type="tel"
            meta={profileFields.phone}
            hint="10-digit Indian mobile, or +country code"
            inputProps={{ autoComplete: 'tel' }}
          />
          <SubmitButton variant="primary" intent="profile" pendingText="Saving…">
            Save profile
          </SubmitButton>
        </Form>
      </div>
      <div className="card">
        <h2 id="change-password">Change password</h2>
        <Form method="post" {...getFormProps(passwordForm)}>
          <input type="hidden" name="intent" value="password" />
          <ErrorSummary form={passwordForm} />
          <Field
            label="Current password"
            type="password"
            meta={passwordFields.currentPassword}
            inputProps={{ autoComplete: 'current-password' }}
          />
          <Field
            label="New password"
            type="password"
            meta={passwordFields.newPassword}
            hint="At least 10 characters"
            inputProps={{ autoComplete: 'new-password' }}
          />
          <Field
            label="New password again"
            type="password"
            meta={passwordFields.confirmPassword}
            inputProps={{ autoComplete: 'new-password' }}
          />
          <SubmitButton variant="primary" intent="password" pendingText="Changing…">
            Change password
          </SubmitButton>
        </Form>
      </div>
      <div className="card">
        <h2>Sessions</h2>
        <p>
          You are signed in here{otherSessions > 0 ? ` and on ${countOf(otherSessions, 'other device')}` : ' only'}.
        </p>
        {otherSessions > 0 ? (
          <ConfirmDialog
            trigger="Sign out everywhere else"
            title="Sign out of every other device?"
            description="You stay signed in here. Everyone else using your account must sign in again."
          >
            <Form method="post">
              <input type="hidden" name="intent" value="sessions" />
              <Button type="submit" variant="danger" style={{ marginTop: 12 }}>
                Yes, sign out other devices
              </Button>
            </Form>
          </ConfirmDialog>
        ) : null}
      </div>
      {user.company ? null : (
        <div className="card">
          <h2>API tokens</h2>
          <p>
            Tokens let a program call the platform’s API as you. <a href="/profile/api_tokens">Your API tokens</a>
          </p>
        </div>
      )}
    </>
  )
}
