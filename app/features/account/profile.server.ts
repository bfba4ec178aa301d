import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { changePassword, signOutEverywhereElse, updateProfile } from './mutations.server'
import type { ProfileData, ProfileReply } from './profile-page'
import { changePasswordSchema, profileSchema } from './schema'
import { countOf } from '~/utils/format'

// The profile page of every signed-in user (docs/domain.md: access): what it shows and its three forms.

export async function profileData(db: Database, viewer: Viewer): Promise<ProfileData> {
  const sessions = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', viewer.userId)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirstOrThrow()
  return {
    user: {
      name: viewer.name,
      email: viewer.email,
      phone: viewer.phone ?? '',
      roles: viewer.roles,
      company: viewer.company?.name ?? null,
    },
    otherSessions: Number(sessions.n) - 1,
  }
}

/** The profile page's forms; a done outcome goes back to the page (answerForm's `page`). */
export async function handleProfileForm(
  db: Database,
  viewer: Viewer,
  form: FormData,
): Promise<FormOutcome<ProfileReply>> {
  switch (form.get('intent')) {
    case 'profile': {
      const submission = parseWithZod(form, { schema: profileSchema })
      if (submission.status !== 'success')
        return { status: 'invalid', reply: { intent: 'profile', result: submission.reply() } }
      await updateProfile(db, viewer.userId, submission.value)
      return { status: 'done', toast: { kind: 'success', message: 'Your profile is saved.' } }
    }
    case 'password': {
      const submission = parseWithZod(form, { schema: changePasswordSchema })
      const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }
      if (submission.status !== 'success')
        return { status: 'invalid', reply: { intent: 'password', result: submission.reply(hidden) } }
      const result = await changePassword(db, viewer, submission.value.currentPassword, submission.value.newPassword)
      if (!result.ok) {
        return {
          status: 'invalid',
          reply: {
            intent: 'password',
            result: submission.reply({
              ...hidden,
              fieldErrors: { [result.field ?? 'currentPassword']: [result.message] },
            }),
          },
        }
      }
      return {
        status: 'done',
        toast: { kind: 'success', message: 'Your password is changed. Other devices are signed out.' },
      }
    }
    case 'sessions': {
      const ended = await signOutEverywhereElse(db, viewer)
      return {
        status: 'done',
        toast: { kind: 'success', message: `Signed out of ${countOf(ended, 'other session')}.` },
      }
    }
    default:
      return { status: 'invalid', reply: { intent: null, result: undefined } }
  }
}
