import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { isUniqueViolation } from '#db/errors'
import crypto from 'node:crypto'
import type { Database } from '#db/database'
import { hashPassword } from '~/auth/password.server'
import { audit } from '~/platform/audit.server'
import { once } from '~/platform/idempotency.server'
import { syncSearch } from '~/platform/search.server'
import { queueInvitation, queueInvitationToExistingAccount } from '../users/invitation.server'
import type { OwnCompany } from './queries.server'

export const CONTACT_CONFLICT =
  'Your company’s details were changed by someone else since you opened this page; reload it to see the change.'

const tableOf = (company: OwnCompany) => (company.kind === 'buyer' ? 'buyers' : 'sellers')

/** Saves the company's contact e-mail and phone if nobody saved the company since the form was opened. */
export async function updateCompanyContact(
  db: Database,
  actorUserId: number,
  company: OwnCompany,
  version: string,
  input: { contactEmail: string; contactPhone?: string },
): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Result> => {
      const before = await trx
        .selectFrom(tableOf(company))
        .select(['contact_email', 'contact_phone', 'updated_at'])
        .where('id', '=', company.id)
        .executeTakeFirst()
      if (!before || before.updated_at !== version) throw new Refused(undefined, CONTACT_CONFLICT)
      const after = { contact_email: input.contactEmail, contact_phone: input.contactPhone || null }
      const now = new Date().toISOString()
      const updated = await trx
        .updateTable(tableOf(company))
        .set({ ...after, updated_at: now > version ? now : new Date(new Date(version).getTime() + 1).toISOString() })
        .where('id', '=', company.id)
        .where('updated_at', '=', version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) throw new Refused(undefined, CONTACT_CONFLICT)
      await syncSearch(trx, company.kind, company.id)
      await audit(trx, {
        actorUserId,
        action: 'company.contact_updated',
        entityType: company.kind,
        entityId: company.id,
        before: { contact_email: before.contact_email, contact_phone: before.contact_phone },
        after,
      })
      return { ok: true, value: undefined }
    }),
  )
}

/** What an invitation to an e-mail that has an account keeps as its result: no user was made. */
const NOBODY = 0

export interface InviteInput {
  name: string
  email: string
  phone?: string
  companyAdmin?: boolean
}

/**
 * Makes an active user of the company, with the company's role and a password nobody knows, and
 * e-mails it the link that sets its first password. A repeated submit (same key) returns the first user.
 *
 * An e-mail that already has an account gets no user and no link, only a mail telling its owner
 * that this company wanted to invite them; the inviter is answered as for a new e-mail (userId
 * null), so the form does not tell who has an account (docs/domain.md, "Users and companies").
 */
export async function inviteColleague(
  db: Database,
  inviter: { userId: number; name: string },
  company: OwnCompany,
  input: InviteInput,
  options: { idempotencyKey?: string; appUrl: string },
  attempt = 1,
): Promise<Result<{ userId: number | null }>> {
  const unusablePassword = await hashPassword(crypto.randomBytes(32).toString('base64url'))
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const { result } = await once(
        trx,
        options.idempotencyKey,
        `company.invite:${company.kind}:${company.id}`,
        inviter.userId,
        async () => {
          const taken = await trx
            .selectFrom('users')
            .select(['id', 'name'])
            .where('email', '=', input.email)
            .executeTakeFirst()
          if (taken) {
            await queueInvitationToExistingAccount(trx, {
              email: input.email,
              name: taken.name,
              invitedBy: inviter.name,
              companyName: company.name,
              appUrl: options.appUrl,
            })
            // On the account's own record (staff read it), not the company's history the inviter reads.
            await audit(trx, {
              actorUserId: inviter.userId,
              action: 'user.invited_with_account',
              entityType: 'user',
              entityId: taken.id,
              after: { company: company.name },
            })
            return NOBODY
          }
          const isCompanyAdmin = input.companyAdmin ? 1 : 0
          const user = await trx
            .insertInto('users')
            .values({
              email: input.email,
              name: input.name,
              phone: input.phone || null,
              password_hash: unusablePassword,
              status: 'active',
              buyer_id: company.kind === 'buyer' ? company.id : null,
              seller_id: company.kind === 'seller' ? company.id : null,
              is_company_admin: isCompanyAdmin,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await trx.insertInto('user_roles').values({ user_id: user.id, role: company.kind }).execute()
          await syncSearch(trx, 'user', user.id)
          await queueInvitation(trx, {
            userId: user.id,
            email: input.email,
            name: input.name,
            invitedBy: inviter.name,
            companyName: company.name,
            appUrl: options.appUrl,
          })
          await audit(trx, {
            actorUserId: inviter.userId,
            action: 'user.invited',
            entityType: company.kind,
            entityId: company.id,
            after: { userId: user.id, name: input.name, email: input.email, companyAdmin: isCompanyAdmin === 1 },
          })
          return user.id
        },
      )
      return result
    })
    return { ok: true, value: { userId: userId === NOBODY ? null : userId } }
  } catch (error) {
    // Two submits racing past the checks: a unique index stops one; the retry finds what the other made.
    if (attempt === 1 && isUniqueViolation(error)) {
      return inviteColleague(db, inviter, company, input, options, 2)
    }
    throw error
  }
}
