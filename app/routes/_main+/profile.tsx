import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { changePassword, signOutEverywhereElse, updateProfile } from '~/features/account/mutations.server'
import { changePasswordSchema, profileSchema } from '~/features/account/schema'
import { RoleBadges } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { useZodForm } from '~/ui/form'
import { Field, FormErrors } from '~/ui/field'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PageHeader } from '~/ui/shell'
import { redirectWithToast } from '~/ui/toast.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = { name: 'Profile', title: 'My profile' }
export const meta: MetaFunction = () => pageTitle('My profile')

// Every signed-in user has a profile, whatever its portal (docs/domain.md: access).
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUser(request)
  const sessions = await getDb()
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', viewer.userId)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirstOrThrow()
  return {
    user: { name: viewer.name, email: viewer.email, phone: viewer.phone ?? '', roles: viewer.roles, company: viewer.company?.name ?? null },
    otherSessions: Number(sessions.n) - 1,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireUser(request)
  const form = await readForm(request)
  const db = getDb()
  switch (form.get('intent')) {
    case 'profile': {
      const submission = parseWithZod(form, { schema: profileSchema })
      if (submission.status !== 'success') return data({ intent: 'profile', result: submission.reply() }, { status: 400 })
      await updateProfile(db, viewer.userId, submission.value)
      return redirectWithToast('/profile', { kind: 'success', message: 'Your profile is saved.' })
    }
    case 'password': {
      const submission = parseWithZod(form, { schema: changePasswordSchema })
      const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }
      if (submission.status !== 'success') return data({ intent: 'password', result: submission.reply(hidden) }, { status: 400 })
      const result = await changePassword(db, viewer, submission.value.currentPassword, submission.value.newPassword)
      if (!result.ok) {
        return data(
          { intent: 'password', result: submission.reply({ ...hidden, fieldErrors: { [result.field ?? 'currentPassword']: [result.message] } }) },
          { status: 400 },
        )
      }
      return redirectWithToast('/profile', { kind: 'success', message: 'Your password is changed. Other devices are signed out.' })
    }
    case 'sessions': {
      const ended = await signOutEverywhereElse(db, viewer)
      return redirectWithToast('/profile', { kind: 'success', message: `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.` })
    }
    default:
      return data({ intent: null, result: undefined }, { status: 400 })
  }
}

export default function ProfilePage() {
  const { user, otherSessions } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [profileForm, profileFields] = useZodForm(profileSchema, { id: 'profile-form', lastResult: actionData?.intent === 'profile' ? actionData.result : undefined, defaultValue: { name: user.name, phone: user.phone } })
  const [passwordForm, passwordFields] = useZodForm(changePasswordSchema, { id: 'password-form', lastResult: actionData?.intent === 'password' ? actionData.result : undefined })
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
          <FormErrors id={profileForm.errorId} errors={profileForm.errors} />
          <Field label="Name" meta={profileFields.name} inputProps={{ autoComplete: 'name' }} />
          <Field label="Mobile" type="tel" meta={profileFields.phone} hint="10-digit Indian mobile, or +country code" inputProps={{ autoComplete: 'tel' }} />
          <SubmitButton variant="primary" intent="profile" pendingText="Saving…">
            Save profile
          </SubmitButton>
        </Form>
      </div>
      <div className="card">
        <h2 id="change-password">Change password</h2>
        <Form method="post" {...getFormProps(passwordForm)}>
          <input type="hidden" name="intent" value="password" />
          <FormErrors id={passwordForm.errorId} errors={passwordForm.errors} />
          <Field label="Current password" type="password" meta={passwordFields.currentPassword} inputProps={{ autoComplete: 'current-password' }} />
          <Field label="New password" type="password" meta={passwordFields.newPassword} hint="At least 10 characters" inputProps={{ autoComplete: 'new-password' }} />
          <Field label="New password again" type="password" meta={passwordFields.confirmPassword} inputProps={{ autoComplete: 'new-password' }} />
          <SubmitButton variant="primary" intent="password" pendingText="Changing…">
            Change password
          </SubmitButton>
        </Form>
      </div>
      <div className="card">
        <h2>Sessions</h2>
        <p>
          You are signed in here{otherSessions > 0 ? ` and on ${otherSessions} other device${otherSessions === 1 ? '' : 's'}` : ' only'}.
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
    </>
  )
}
