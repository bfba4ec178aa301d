import { getDb } from '~/db.server'
import { startSession } from '~/auth/session.server'
import { demoEmail } from '#db/seed'
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
