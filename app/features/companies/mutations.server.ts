import { nextStamp } from '~/utils/version-stamp'
import { isUniqueViolation } from '#db/errors'
import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { Database } from '#db/database'
import { hashPassword } from '~/auth/password.server'
import { formatMoney, possessive } from '~/utils/format'
import { syncSearch } from '~/platform/search.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { queueEmail } from '~/platform/outbox.server'
import { takeStep } from '~/platform/steps.server'
import { queueInvitation } from '../users/invitation.server'
import { activationGaps } from './activation.server'
import { companyKinds, companyMachines, type CompanyKind, type Transition } from './kinds'
import { activeUserWithRole, withCompanyColumns } from './queries.server'
import type { AddSellerForm, CompanyDetails } from './schema'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
export type { Result }

interface Actor {
  userId: number
  name: string
}

/** The assignee must be an active user holding the kind's role (a KAM for buyers, an agent for sellers). */
async function checkAssignee(
  trx: Executor,
  kind: CompanyKind,
  userId: number | undefined,
): Promise<{ id: number; name: string } | null> {
  if (userId === undefined) return null
  const user = await activeUserWithRole(trx, companyKinds[kind].assigneeRole, userId)
  if (!user)
    throw new Refused(
      'assigneeId',
      `Choose an active ${companyKinds[kind].assigneeLongLabel.toLowerCase()} from the list`,
    )
  return user
}

/** Two saves racing past checkGstin: the unique index decides, and the loser is told at the field. */
const gstinTaken =
  (kind: CompanyKind) =>
  (error: unknown): Result<never> | undefined =>
    isUniqueViolation(error, companyKinds[kind].table, ['gstin'])
      ? {
          ok: false,
          field: 'gstin',
          message: `Another ${companyKinds[kind].label.toLowerCase()} already has this GSTIN`,
        }
      : undefined

/** A GSTIN belongs to one company of a kind. */
async function checkGstin(trx: Executor, kind: CompanyKind, gstin: string | undefined, exceptId?: number) {
  if (!gstin) return
  const taken = await trx
    .selectFrom(companyKinds[kind].table)
    .select(['id', 'name'])
    .where('gstin', '=', gstin)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (taken) throw new Refused('gstin', `${taken.name} already has this GSTIN`)
}

/**
 * Saves a company's details if nobody else saved since `version` (its updated_at when the form
 * opened). The audit entry holds the changed fields only.
 */
export async function updateCompany(
  db: Database,
  actor: Actor,
  kind: CompanyKind,
  id: number,
  input: CompanyDetails & { version: string },
): Promise<Result<{ changed: string[] }>> {
  const info = companyKinds[kind]
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const current = await withCompanyColumns(trx.selectFrom(info.table), kind)
          .where('id', '=', id)
          .executeTakeFirst()
        if (!current) throw new Refused(undefined, `This ${info.label.toLowerCase()} no longer exists`)
        if (current.updated_at !== input.version) throw conflict()
        // Keeping the current assignee is always allowed, even if that person has since lost the role.
        const assignee =
          input.assigneeId !== undefined && input.assigneeId === current.assignee_id
            ? { id: current.assignee_id }
            : await checkAssignee(trx, kind, input.assigneeId)
        await checkGstin(trx, kind, input.gstin, id)

        const next: Record<string, string | number | null> = {
          name: input.name,
          legal_name: input.legalName || null,
          gstin: input.gstin || null,
          contact_email: input.contactEmail || null,
          contact_phone: input.contactPhone || null,
          gst_unregistered: input.gstUnregistered ? 1 : 0,
          gst_unregistered_reason: input.gstUnregistered ? input.gstUnregisteredReason || null : null,
          [info.assigneeColumn]: assignee?.id ?? null,
        }
        if (kind === 'buyer') {
          next.credit_limit_minor = input.creditLimit ?? 0
          next.payment_terms_days = input.paymentTermsDays ?? 0
        }
        if (kind === 'seller') next.auto_approve_orders = input.autoApproveOrders ? 1 : 0
        const was: Record<string, unknown> = { ...current, [info.assigneeColumn]: current.assignee_id }
        const changed = Object.keys(next).filter((key) => was[key] !== next[key])
        if (changed.length === 0) return { ok: true as const, value: { changed } }

        const updated = await trx
          .updateTable(info.table)
          .set({ ...next, updated_at: nextStamp(current.updated_at) })
          .where('id', '=', id)
          .where('updated_at', '=', input.version)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw conflict()
        await syncSearch(trx, kind, id)

        // The history shows people by name and money as rupees, not ids and paise.
        const assigneeNames = await namesOf(trx, [current.assignee_id, assignee?.id ?? null])
        const readable = (key: string, value: unknown) =>
          key === info.assigneeColumn
            ? [info.assigneeLabel.toLowerCase(), assigneeNames.get(value as number) ?? null]
            : key === 'credit_limit_minor'
              ? ['credit_limit', formatMoney(value as number)]
              : key === 'auto_approve_orders'
                ? ['orders approved automatically', value === 1 ? 'yes' : 'no']
                : key === 'gst_unregistered'
                  ? ['not registered for GST', value === 1 ? 'yes' : 'no']
                  : [key, value]
        await audit(trx, {
          actorUserId: actor.userId,
          action: `${kind}.updated`,
          entityType: kind,
          entityId: id,
          before: Object.fromEntries(changed.map((key) => readable(key, was[key]))),
          after: Object.fromEntries(changed.map((key) => readable(key, next[key]))),
        })
        return { ok: true as const, value: { changed } }
      }),
    gstinTaken(kind),
  )
}

const conflict = () =>
  new Refused(
    undefined,
    'Someone else changed this company since you opened the form. Reload the page to see their changes, then make yours again.',
  )

async function namesOf(trx: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id): id is number => id !== null)
  if (wanted.length === 0) return new Map()
  const rows = await trx.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute()
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** A company staff create is made active only when it meets what activation needs; otherwise it stays pending. */
async function startingStatus(trx: Executor, kind: CompanyKind, id: number): Promise<'active' | 'pending'> {
  const gaps = await activationGaps(trx, kind, id)
  if (Object.keys(gaps).length) return 'pending'
  await trx.updateTable(companyKinds[kind].table).set({ status: 'active' }).where('id', '=', id).execute()
  return 'active'
}

const EMAILS: Record<Transition, (company: string, appUrl: string) => { subject: string; text: string }> = {
  activate: (company, appUrl) => ({
    subject: `${company} is now active on the sourcing platform`,
    text: `Our team has checked ${company} and activated its account. You can now sign in and use the platform:\n\n${appUrl}/login`,
  }),
  suspend: (company) => ({
    subject: `${possessive(company)} account is suspended`,
    text: `The account of ${company} on the sourcing platform is suspended. Until it is active again, its users see only a waiting page after signing in.\n\nYour account manager can tell you more.`,
  }),
  reactivate: (company, appUrl) => ({
    subject: `${company} is active again on the sourcing platform`,
    text: `The account of ${company} is active again. You can sign in and carry on:\n\n${appUrl}/login`,
  }),
}

/**
 * Moves a company from one status to the next through the one step helper: the UPDATE only happens
 * from the expected status, so of two staff doing it at once one wins and the other is told who did.
 */
export async function changeCompanyStatus(
  db: Database,
  actor: Actor,
  kind: CompanyKind,
  id: number,
  transition: Transition,
  options: { reason?: string; appUrl: string },
): Promise<Result<{ name: string; emailed: number }>> {
  const info = companyKinds[kind]
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const company = await trx
        .selectFrom(info.table)
        .select(['name', 'contact_email', 'status'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!company) throw new Refused(undefined, `This ${info.label.toLowerCase()} no longer exists.`)
      // Activating and reactivating both make a company active, so both need what activation needs.
      if (
        (transition === 'activate' && company.status === 'pending') ||
        (transition === 'reactivate' && company.status === 'suspended')
      ) {
        // The company's row is taken first, so an edit cannot slip a gap in between the check and the step.
        await trx
          .updateTable(info.table)
          .set({ updated_at: sql`updated_at` })
          .where('id', '=', id)
          .execute()
        const gaps = await activationGaps(trx, kind, id)
        if (Object.keys(gaps).length)
          throw new Refused(gaps, `${company.name} cannot be activated yet: ${Object.values(gaps).join('; ')}.`)
      }
      await takeStep(trx, companyMachines[kind], id, transition, {
        actorUserId: actor.userId,
        current: company.status,
        note: options.reason,
        set: { updated_at: new Date().toISOString() },
        reason: { field: 'reason', message: 'Say why the company is suspended (staff see it in the history)' },
      })
      // Everyone who uses the company hears of it, and its contact address if no user has it.
      const users = await trx
        .selectFrom('users')
        .select('email')
        .where(info.ownerColumn, '=', id)
        .where('status', '=', 'active')
        .execute()
      const own = new Set(users.map((u) => u.email.toLowerCase()))
      const recipients = new Set(own)
      if (company.contact_email) recipients.add(company.contact_email.toLowerCase())
      const email = EMAILS[transition](company.name, options.appUrl)
      const done = companyMachines[kind].steps[transition].done
      // In the company's users' inboxes the company page opens (a suspended company's users see only
      // the waiting page: nothing to open); a contact address that is someone else's account gets no link.
      const link =
        transition === 'suspend' ? undefined : kind === 'buyer' ? `/redirect/buyer/${id}` : `/seller/${id}/company`
      for (const to of recipients)
        await queueEmail(trx, { to, kind: `company.${done}`, ...email, link: own.has(to) ? link : undefined })
      return { ok: true as const, value: { name: company.name, emailed: recipients.size } }
    }),
  )
}

/**
 * Staff add a seller they have already vetted: it starts active when it already meets what
 * activation needs (activationGaps), otherwise pending with those gaps returned, to be activated
 * from its page later. Optionally its first billing address and its first user (an invitation sets
 * the password). A retried submit with the same key returns the seller the first one made.
 */
export async function createSeller(
  db: Database,
  actor: Actor,
  input: AddSellerForm,
  appUrl: string,
): Promise<Result<{ sellerId: number; repeated: boolean; status: 'active' | 'pending'; gaps: string[] }>> {
  // Nobody knows this password: the invited user chooses its own through the e-mailed link.
  const unusableHash = input.userEmail ? await hashPassword(crypto.randomBytes(32).toString('base64url')) : null
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const { result, repeated } = await once(trx, input.idempotencyKey, 'seller.create', actor.userId, async () => {
          const agent = await checkAssignee(trx, 'seller', input.assigneeId)
          await checkGstin(trx, 'seller', input.gstin)
          if (input.userEmail) {
            const used = await trx
              .selectFrom('users')
              .select('id')
              .where('email', '=', input.userEmail)
              .executeTakeFirst()
            if (used) throw new Refused('userEmail', 'A user with this e-mail already exists')
          }
          const seller = await trx
            .insertInto('sellers')
            .values({
              name: input.name,
              legal_name: input.legalName || null,
              gstin: input.gstin || null,
              contact_email: input.contactEmail || null,
              contact_phone: input.contactPhone || null,
              gst_unregistered: input.gstUnregistered ? 1 : 0,
              gst_unregistered_reason: input.gstUnregistered ? input.gstUnregisteredReason || null : null,
              agent_user_id: agent?.id ?? null,
              status: 'pending',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await syncSearch(trx, 'seller', seller.id)
          const address = input.addressLine1
            ? {
                kind: 'billing' as const,
                line1: input.addressLine1,
                line2: input.addressLine2 || null,
                city: input.addressCity!,
                state: input.addressState!,
                pin: input.addressPin!,
              }
            : null
          if (address)
            await trx
              .insertInto('addresses')
              .values({ ...address, seller_id: seller.id, is_default: 1 })
              .execute()
          let firstUser: { id: number; email: string } | null = null
          if (input.userEmail && input.userName && unusableHash) {
            const user = await trx
              .insertInto('users')
              .values({
                email: input.userEmail,
                name: input.userName,
                password_hash: unusableHash,
                seller_id: seller.id,
                is_company_admin: 1,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
            await trx.insertInto('user_roles').values({ user_id: user.id, role: 'seller' }).execute()
            await syncSearch(trx, 'user', user.id)
            await queueInvitation(trx, {
              userId: user.id,
              email: input.userEmail,
              name: input.userName,
              invitedBy: actor.name,
              companyName: input.name,
              appUrl,
            })
            firstUser = { id: user.id, email: input.userEmail }
          }
          // The same rule as the activate step, once the billing address is in.
          const status = await startingStatus(trx, 'seller', seller.id)
          await audit(trx, {
            actorUserId: actor.userId,
            action: 'seller.created',
            entityType: 'seller',
            entityId: seller.id,
            after: {
              name: input.name,
              status,
              gstin: input.gstin || null,
              agent: agent?.name ?? null,
              address: address ? `${address.line1}, ${address.city} ${address.pin}` : null,
              first_user: firstUser?.email ?? null,
            },
          })
          return seller.id
        })
        // Read back rather than remembered: a repeated submit answers with the seller as it is now.
        const gaps = await activationGaps(trx, 'seller', result)
        const now = await trx.selectFrom('sellers').select('status').where('id', '=', result).executeTakeFirstOrThrow()
        const status = now.status === 'active' ? ('active' as const) : ('pending' as const)
        return {
          ok: true as const,
          value: { sellerId: result, repeated, status, gaps: status === 'active' ? [] : Object.values(gaps) },
        }
      }),
    gstinTaken('seller'),
  )
}
