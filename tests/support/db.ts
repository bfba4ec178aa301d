import { getDb } from '~/db.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { demoEmail } from '../../seed/demo-users'
import type { RoleKey } from '#db/types'

export async function userIdOf(email: string): Promise<number> {
  const row = await getDb().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return row.id
}

/** A signed-in cookie for a demo role, made directly (the login form is tested elsewhere). */
export async function cookieFor(role: RoleKey | string): Promise<string> {
  const email = role.includes('@') ? role : demoEmail(role as RoleKey)
  const { cookie } = await startSession(getDb(), await userIdOf(email))
  return cookie.split(';')[0]
}

/** The signed-in viewer of a user (by e-mail or demo role), as a loader sees it. */
export async function viewerFor(who: RoleKey | string) {
  const email = who.includes('@') ? who : demoEmail(who as RoleKey)
  const { idHash } = await startSession(getDb(), await userIdOf(email))
  const viewer = await loadViewer(getDb(), idHash)
  if (!viewer) throw new Error(`no viewer for ${email}`)
  return viewer
}
