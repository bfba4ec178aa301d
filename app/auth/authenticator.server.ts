import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Database } from '#db/database'
import { getDb } from '~/db.server'
import { cleanFormText } from '~/ui/read-form.server'
import { decoyHash, verifyPassword } from './password.server'

export interface AuthenticatedUser {
  id: number
  email: string
}

export class InvalidCredentials extends Error {
  constructor() {
    super('The e-mail or password is not right')
  }
}

/** Checks an e-mail and password; spends the same time whether or not the account exists. */
export async function checkCredentials(db: Database, email: string, password: string): Promise<AuthenticatedUser> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'status'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()))
  if (!user || !matches || user.status !== 'active') throw new InvalidCredentials()
  return { id: user.id, email: user.email }
}

export const authenticator = new Authenticator<AuthenticatedUser>()

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get('email')
    const password = form.get('password')
    if (typeof email !== 'string' || typeof password !== 'string') throw new InvalidCredentials()
    // remix-auth reads the raw body itself: clean it as readForm cleaned it for the form's checks.
    return checkCredentials(getDb(), cleanFormText(email), cleanFormText(password))
  }),
  'form',
)
