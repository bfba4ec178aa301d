import { Refused, settle, type Refusal, type Result } from '~/utils/refusal.server'
import type { PickChoices } from '~/platform/pick'
import { isUniqueViolation } from '#db/errors'
import crypto from 'node:crypto'
import type { Database } from '#db/database'
import type { Updateable } from 'kysely'
import type { RoleKey, UsersTable } from '#db/types'
import { holderBinding, revokeUserApiTokens, sameHolder } from '~/auth/api-tokens.server'
import { hashPassword } from '~/auth/password.server'
import type { Viewer } from '~/auth/session.server'
import { syncSearch } from '~/platform/search.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { resolveCompany } from './company.server'
import { queueInvitation } from './invitation.server'
import { rolesOf } from './queries.server'
import { companyKindOf, roleIssues } from '~/auth/roles'
import type { CreateUserInput, UserRolesInput } from './schema'

export type { Result }

export const CHANGED_SINCE_OPENED =
  'This user was changed by someone else since you opened the page; reload it and try again.'

/** A field's messages as one sentence each, for the shared Refused. */
const firstMessages = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.join(' ')]))

/** The roles' own rules, refused at their fields before anything is read. */
function ruleRefusal(input: { roles: RoleKey[]; company?: string; companyAdmin?: boolean }): Refusal | null {
  const issues = roleIssues(input)
  if (issues.length === 0) return null
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of issues) (fieldErrors[issue.path] ??= []).push(issue.message)
  return new Refused(firstMessages(fieldErrors)).refusal
}

/** The company the roles call for, resolved from what was typed; null for staff. */
async function companyFor(
  trx: Executor,
  roles: RoleKey[],
  typed: string | undefined,
  errors: Record<string, string[]>,
  choices: PickChoices,
) {
  const kind = companyKindOf(roles)
  if (!kind) return null
  const match = await resolveCompany(trx, kind, typed ?? '')
  if (!match.ok) {
    errors.company = [match.message]
    if (match.choices.length) choices.company = match.choices
    return null
  }
  return { kind, id: match.id, name: match.name }
}

const EMAIL_TAKEN = 'There is already a user with this e-mail address'

/**
 * Creates a user with its roles (and company), then either queues the invitation e-mail or sets
 * the password typed by the admin. A retried submit with the same key returns the first user.
 */
export async function createUser(
  db: Database,
  viewer: Pick<Viewer, 'userId' | 'name'>,
  input: CreateUserInput,
  appUrl: string,
): Promise<Result<{ userId: number; repeated: boolean; invited: boolean }>> {
  const rules = ruleRefusal(input)
  if (rules) return rules
  const invited = input.access !== 'password'
  // Invited users get a hash nobody knows until they choose a password through the link.
  const passwordHash = await hashPassword(
    invited ? crypto.randomBytes(32).toString('base64url') : (input.password ?? ''),
  )
  return settle(
    () =>
      db.transaction().execute(async (trx) => {
        const { result, repeated } = await once(trx, input.idempotencyKey, 'user.create', viewer.userId, async () => {
          const errors: Record<string, string[]> = {}
          const choices: PickChoices = {}
          const company = await companyFor(trx, input.roles, input.company, errors, choices)
          const taken = await trx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()
          if (taken) errors.email = [EMAIL_TAKEN]
          if (Object.keys(errors).length > 0) throw new Refused(firstMessages(errors), undefined, choices)
          const user = await trx
            .insertInto('users')
            .values({
              email: input.email,
              name: input.name,
              phone: input.phone || null,
              password_hash: passwordHash,
              buyer_id: company?.kind === 'buyer' ? company.id : null,
              seller_id: company?.kind === 'seller' ? company.id : null,
              is_company_admin: company && input.companyAdmin ? 1 : 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await trx
            .insertInto('user_roles')
            .values(input.roles.map((role) => ({ user_id: user.id, role })))
            .execute()
          await syncSearch(trx, 'user', user.id)
          await audit(trx, {
            actorUserId: viewer.userId,
            action: 'user.created',
            entityType: 'user',
            entityId: user.id,
            after: {
              email: input.email,
              name: input.name,
              phone: input.phone || null,
              roles: input.roles,
              company: company ? `${company.kind} #${company.id} ${company.name}` : null,
              companyAdmin: Boolean(company && input.companyAdmin),
              access: invited ? 'invitation e-mail' : 'password set by admin',
            },
          })
          if (invited) {
            await queueInvitation(trx, {
              userId: user.id,
              email: input.email,
              name: input.name,
              invitedBy: viewer.name,
              companyName: company?.name,
              appUrl,
            })
          }
          return user.id
        })
        return { userId: result, repeated, invited }
      }),
    // Two different submits racing past the check: the unique index lets one through.
    (error) => (isUniqueViolation(error) ? new Refused({ email: EMAIL_TAKEN }).refusal : undefined),
  )
}

export async function updateUserDetails(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  userId: number,
  input: { version: string; name: string; phone?: string },
): Promise<Result<undefined>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').select(['name', 'phone']).where('id', '=', userId).executeTakeFirst()
      if (!before) throw new Refused(undefined, 'This user does not exist')
      const after = { name: input.name, phone: input.phone || null }
      await updateUnlessChanged(trx, userId, input.version, after)
      await syncSearch(trx, 'user', userId)
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'user.updated',
        entityType: 'user',
        entityId: userId,
        before,
        after,
      })
      return undefined
    }),
  )
}

/** Saves a user's columns only if nobody saved the user since the form was opened (its version). */
async function updateUnlessChanged(trx: Executor, userId: number, version: string, values: Updateable<UsersTable>) {
  const updated = await trx
    .updateTable('users')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new Refused(undefined, CHANGED_SINCE_OPENED)
}

/** Active administrators other than this user; the platform never runs out of them. */
export async function otherActiveAdmins(trx: Executor, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_roles.role', '=', 'admin')
    .where('users.status', '=', 'active')
    .where('users.id', '!=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const companyLabel = (row: { buyer_id: number | null; seller_id: number | null }) =>
  row.buyer_id != null ? `buyer #${row.buyer_id}` : row.seller_id != null ? `seller #${row.seller_id}` : null

/** Replaces the user's roles (and company): same rules as at creation, plus the administrators' safety rules. */
export async function changeUserRoles(
  db: Database,
  viewer: Pick<Viewer, 'userId'>,
  userId: number,
  input: Omit<UserRolesInput, 'intent'>,
): Promise<Result<undefined>> {
  const rules = ruleRefusal(input)
  if (rules) return rules
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('users')
        .select(['status', 'updated_at', 'buyer_id', 'seller_id', 'is_company_admin'])
        .where('id', '=', userId)
        .executeTakeFirst()
      if (!current) throw new Refused(undefined, 'This user does not exist')
      if (current.updated_at !== input.version) throw new Refused(undefined, CHANGED_SINCE_OPENED)
      const beforeRoles = (await rolesOf(trx, [userId])).get(userId) ?? []
      const errors: Record<string, string[]> = {}
      const choices: PickChoices = {}
      const company = await companyFor(trx, input.roles, input.company, errors, choices)
      const losesAdmin = beforeRoles.includes('admin') && !input.roles.includes('admin')
      if (losesAdmin && userId === viewer.userId) {
        errors.roles = ['You cannot remove your own admin role; ask another administrator to do it']
      } else if (losesAdmin && current.status === 'active' && (await otherActiveAdmins(trx, userId)) === 0) {
        errors.roles = ['This is the last active administrator: make another user an administrator first']
      }
      if (Object.keys(errors).length > 0) throw new Refused(firstMessages(errors), undefined, choices)

      const after = {
        buyer_id: company?.kind === 'buyer' ? company.id : null,
        seller_id: company?.kind === 'seller' ? company.id : null,
        is_company_admin: company && input.companyAdmin ? 1 : 0,
      }
      await updateUnlessChanged(trx, userId, input.version, after)
      await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute()
      await trx
        .insertInto('user_roles')
        .values(input.roles.map((role) => ({ user_id: userId, role })))
        .execute()
      // A token belongs to the company (or staff) it was made for: a user who leaves it leaves its
      // tokens there, revoked, so they never come back should the user return (issue 50).
      const leaving = holderBinding(beforeRoles, current)
      const tokensRevoked = sameHolder(leaving, holderBinding(input.roles, after))
        ? 0
        : await revokeUserApiTokens(trx, userId, {
            actorUserId: viewer.userId,
            note: 'its user left the company (or staff) it was made for',
            leaving,
          })
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'user.roles_changed',
        entityType: 'user',
        entityId: userId,
        before: { roles: beforeRoles, company: companyLabel(current), companyAdmin: current.is_company_admin === 1 },
        after: { roles: input.roles, company: companyLabel(after), companyAdmin: after.is_company_admin === 1 },
        note: tokensRevoked ? `API tokens revoked: ${tokensRevoked}` : undefined,
      })
      return undefined
    }),
  )
}
