import type { Database } from '#db/database'
import { verifyPassword } from './password.server'

export const OWN_PASSWORD_WRONG = 'That is not your password'

/**
 * Changes that hand someone else's account to whoever holds this session (setting its password,
 * changing its roles) ask for the acting user's own password again: a session left open on a
 * shared machine is not enough.
 */
export async function confirmsOwnPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst()
  return Boolean(user) && (await verifyPassword(password, user!.password_hash))
}
