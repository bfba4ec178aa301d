import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { authenticator, InvalidCredentials } from '~/auth/authenticator.server'
import { landingFor } from '~/auth/guard.server'
import { isBot } from '~/auth/honeypot'
import { loadViewer, startSession } from '~/auth/session.server'
import { beginLoginAttempt, loginFailed, loginSucceeded, waitText } from '~/auth/throttle.server'
import { getDb } from '~/db.server'
import { audit } from '~/platform/audit.server'
import { loginSchema } from './schema'
import { readForm } from '~/ui/read-form.server'

/** The sign-in action of /login and /field_operator/login. */
export async function handleLogin(request: Request, context: AppLoadContext) {
  const form = await readForm(request.clone())
  const submission = parseWithZod(form, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password'] }), { status: 400 })
  }
  if (isBot(form)) {
    return data(submission.reply({ formErrors: ['Your sign-in could not be accepted.'], hideFields: ['password'] }), {
      status: 400,
    })
  }
  const { email } = submission.value
  const ip = context.clientIp ?? 'unknown'
  // Counted before the password is checked: parallel guesses cannot all be checked.
  const wait = await beginLoginAttempt(email, ip)
  if (wait > 0) {
    const message = `Too many failed sign-in attempts. Try again in ${waitText(wait)}, or reset your password.`
    return data(submission.reply({ formErrors: [message], hideFields: ['password'] }), { status: 429 })
  }
  let user
  try {
    user = await authenticator.authenticate('form', request)
  } catch (error) {
    if (!(error instanceof InvalidCredentials)) throw error
    await loginFailed(email)
    return data(submission.reply({ formErrors: [error.message], hideFields: ['password'] }), { status: 400 })
  }
  await loginSucceeded(email, ip)
  const db = getDb()
  const { cookie, idHash } = await db.transaction().execute(async (trx) => {
    const session = await startSession(trx, user.id, { ip, userAgent: request.headers.get('user-agent') })
    await trx.updateTable('users').set({ last_login_at: new Date().toISOString() }).where('id', '=', user.id).execute()
    await audit(trx, {
      actorUserId: user.id,
      action: 'session.started',
      entityType: 'user',
      entityId: user.id,
      after: { ip },
    })
    return session
  })
  const viewer = await loadViewer(db, idHash)
  if (!viewer) throw new Error('the new session could not be read back')
  return redirect(landingFor(viewer, submission.value.redirectTo), { headers: { 'Set-Cookie': cookie } })
}
