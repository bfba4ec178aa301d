import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { confirmsOwnPassword, OWN_PASSWORD_WRONG } from '~/auth/reauth.server'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome, type Replier } from '~/ui/outcome.server'
import { disableUser, enableUser, setPasswordByAdmin } from './access.server'
import { changeUserRoles, createUser, updateUserDetails } from './mutations.server'
import { replyWithReferences } from '../search/pick.server'
import { companyKindOf } from '~/auth/roles'
import { createUserSchema, setPasswordSchema, userDetailsSchema, userRolesSchema } from './schema'
import { countOf } from '~/utils/format'

// The admin's user forms, read and answered here; the routes only guard and pass them on.

type Reply = SubmissionResult<string[]>

/** A submission whose replies never carry the passwords typed. */
const hiding = (
  submission: { reply: (options?: Parameters<Replier<Reply>['reply']>[0] & { hideFields?: string[] }) => Reply },
  hidden: { hideFields: string[] },
): Replier<Reply> => ({ reply: (options) => submission.reply({ ...hidden, ...options }) })

/** The company field names a buyer or a seller by the roles ticked (staff have none). */
const companyReference = (form: FormData) => ({ company: companyKindOf(form.getAll('roles').map(String)) })
const userPath = (userId: number) => `/admin/users/${userId}`

/** The create form of the users list. */
export async function handleCreateUserForm(
  db: Database,
  viewer: Viewer,
  form: FormData,
  appUrl: string,
): Promise<FormOutcome<{ result?: Reply }>> {
  if (form.get('intent') !== 'create') return { status: 'invalid', reply: {} }
  const submission = parseWithZod(form, { schema: createUserSchema })
  const hidden = { hideFields: ['password', 'confirmPassword'] }
  if (submission.status !== 'success')
    return {
      status: 'invalid',
      reply: { result: await replyWithReferences(db, viewer, submission, form, companyReference(form), hidden) },
    }
  const created = await createUser(db, viewer, submission.value, appUrl)
  if (!created.ok) return { status: 'invalid', reply: { result: refusalReply(hiding(submission, hidden), created) } }
  const { userId, invited } = created.value
  const message = invited
    ? `${submission.value.name} is created; the invitation e-mail to ${submission.value.email} is on its way.`
    : `${submission.value.name} is created with the password you set.`
  return { status: 'done', redirectTo: userPath(userId), toast: { kind: 'success', message } }
}

/** What the user record's forms get back: the form that sent it, and its reply or errors. */
export type UserRecordReply =
  { intent: 'details' | 'roles'; result: Reply } | { intent: 'status'; errors?: string[] } | { intent: null }

/** The user record's forms: details, roles (with the admin's own password), disable and enable. */
export async function handleUserRecordForm(
  db: Database,
  viewer: Viewer,
  userId: number,
  form: FormData,
): Promise<FormOutcome<UserRecordReply>> {
  switch (form.get('intent')) {
    case 'details': {
      const submission = parseWithZod(form, { schema: userDetailsSchema })
      if (submission.status !== 'success')
        return { status: 'invalid', reply: { intent: 'details', result: submission.reply() } }
      const saved = await updateUserDetails(db, viewer, userId, submission.value)
      if (!saved.ok) return { status: 'invalid', reply: { intent: 'details', result: refusalReply(submission, saved) } }
      return { status: 'done', toast: { kind: 'success', message: 'Name and phone are saved.' } }
    }
    case 'roles': {
      const submission = parseWithZod(form, { schema: userRolesSchema })
      const hidden = { hideFields: ['ownPassword'] }
      if (submission.status !== 'success')
        return {
          status: 'invalid',
          reply: {
            intent: 'roles',
            result: await replyWithReferences(db, viewer, submission, form, companyReference(form), hidden),
          },
        }
      if (!(await confirmsOwnPassword(db, viewer.userId, submission.value.ownPassword))) {
        return {
          status: 'invalid',
          reply: {
            intent: 'roles',
            result: submission.reply({ ...hidden, fieldErrors: { ownPassword: [OWN_PASSWORD_WRONG] } }),
          },
        }
      }
      const saved = await changeUserRoles(db, viewer, userId, submission.value)
      if (!saved.ok)
        return {
          status: 'invalid',
          reply: { intent: 'roles', result: refusalReply(hiding(submission, hidden), saved) },
        }
      return { status: 'done', toast: { kind: 'success', message: 'Roles are saved.' } }
    }
    case 'disable': {
      const done = await disableUser(db, viewer, userId)
      if (!done.ok) return { status: 'invalid', reply: { intent: 'status', errors: [done.message] } }
      const { sessionsEnded, tokensRevoked } = done.value
      const tokens = tokensRevoked ? `, ${countOf(tokensRevoked, 'API token')} revoked` : ''
      return {
        status: 'done',
        toast: {
          kind: 'success',
          message: `The user is disabled; ${countOf(sessionsEnded, 'session')} ended${tokens}.`,
        },
      }
    }
    case 'enable': {
      const done = await enableUser(db, viewer, userId)
      if (!done.ok) return { status: 'invalid', reply: { intent: 'status', errors: [done.message] } }
      return { status: 'done', toast: { kind: 'success', message: 'The user is enabled and may sign in again.' } }
    }
    default:
      return { status: 'invalid', reply: { intent: null } }
  }
}

/** The set-password page: the admin's own password first, then the user's new one. */
export async function handleSetPasswordForm(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: setPasswordSchema })
  const hidden = { hideFields: ['password', 'confirmPassword', 'ownPassword'] }
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply(hidden) }
  if (!(await confirmsOwnPassword(db, viewer.userId, submission.value.ownPassword))) {
    return {
      status: 'invalid',
      reply: submission.reply({ ...hidden, fieldErrors: { ownPassword: [OWN_PASSWORD_WRONG] } }),
    }
  }
  const done = await setPasswordByAdmin(db, viewer, submission.value)
  if (!done.ok) return { status: 'invalid', reply: refusalReply(hiding(submission, hidden), done) }
  const { userId, name, sessionsEnded } = done.value
  return {
    status: 'done',
    redirectTo: userPath(userId),
    toast: {
      kind: 'success',
      message: `The password of ${name} is set; ${countOf(sessionsEnded, 'session')} ended. Tell it to them safely.`,
    },
  }
}
