import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database } from '#db/database'
import type { DB, RoleKey } from '#db/types'
import type { Executor } from '~/platform/executor'
import { rupeesInput } from '~/utils/money'
import { listAddresses } from '../addresses/queries.server'
import { activationGaps } from './activation.server'
import { companyKinds, type CompanyKind } from './kinds'

// One company's page and edit form, and the people who may look after companies.

/** The columns every company page reads: the assignee (KAM or agent) under one name; credit terms for buyers. */
export function withCompanyColumns(query: SelectQueryBuilder<DB, 'buyers' | 'sellers', object>, kind: CompanyKind) {
  return query
    .select([
      'id',
      'name',
      'legal_name',
      'gstin',
      'contact_email',
      'contact_phone',
      'gst_unregistered',
      'gst_unregistered_reason',
      'status',
      'created_at',
      'updated_at',
    ])
    .select(sql<number | null>`${sql.ref(companyKinds[kind].assigneeColumn)}`.as('assignee_id'))
    .$if(kind === 'buyer', (q) =>
      q
        .select(sql<number>`credit_limit_minor`.as('credit_limit_minor'))
        .select(sql<number>`payment_terms_days`.as('payment_terms_days')),
    )
    .$if(kind === 'seller', (q) => q.select(sql<number>`auto_approve_orders`.as('auto_approve_orders')))
}

/** Active users holding the role that looks after this kind of company (KAMs, supplier-team agents). */
export function assigneeOptions(db: Executor, kind: CompanyKind) {
  return activeUsersWithRole(db, companyKinds[kind].assigneeRole)
}

/** One active user holding the role (a form's choice checked on the server), or undefined. */
export function activeUserWithRole(db: Executor, role: RoleKey, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('users.id', '=', userId)
    .where('users.status', '=', 'active')
    .where('user_roles.role', '=', role)
    .executeTakeFirst()
}

/** The active users holding a role, by name. */
export function activeUsersWithRole(db: Executor, role: RoleKey) {
  // From the role's index to its holders: a few rows, whatever the number of users.
  return db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('user_roles.role', '=', role)
    .where('users.status', '=', 'active')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute()
}

/** One company with everything its page shows, or undefined when there is no such company. */
export async function companyRecord(db: Database, kind: CompanyKind, id: number) {
  const info = companyKinds[kind]
  const company = await withCompanyColumns(db.selectFrom(info.table), kind).where('id', '=', id).executeTakeFirst()
  if (!company) return undefined
  const [gaps, assignee, addresses, users] = await Promise.all([
    company.status !== 'active' ? activationGaps(db, kind, id) : ({} as Record<string, string>),
    company.assignee_id === null
      ? undefined
      : db
          .selectFrom('users')
          .select(['id', 'name', 'email', 'status'])
          .where('id', '=', company.assignee_id)
          .executeTakeFirst(),
    listAddresses(db, { kind, id }),
    companyUsers(db, kind, id),
  ])
  return {
    ...company,
    credit_limit_minor: (company as { credit_limit_minor?: number }).credit_limit_minor ?? null,
    payment_terms_days: (company as { payment_terms_days?: number }).payment_terms_days ?? null,
    auto_approve_orders: (company as { auto_approve_orders?: number }).auto_approve_orders === 1,
    assignee: assignee ?? null,
    /** What activating it still needs, by field (pending companies only). */
    activationGaps: gaps,
    addresses,
    users,
  }
}

export type CompanyRecord = NonNullable<Awaited<ReturnType<typeof companyRecord>>>

/** The company's people with their roles (one query for the users, one `in` list for the roles). */
export async function companyUsers(db: Executor, kind: CompanyKind, id: number) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'status', 'is_company_admin', 'last_login_at'])
    .where(companyKinds[kind].ownerColumn, '=', id)
    .orderBy('name')
    .orderBy('id')
    .execute()
  if (users.length === 0) return []
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.key', 'user_roles.role')
    .select(['user_roles.user_id', 'user_roles.role'])
    .where(
      'user_roles.user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('roles.position')
    .execute()
  return users.map((u) => ({ ...u, roles: roles.filter((r) => r.user_id === u.id).map((r) => r.role) }))
}

export async function companyExists(db: Executor, kind: CompanyKind, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom(companyKinds[kind].table).select('id').where('id', '=', id).executeTakeFirst())
}

/** The edit form's starting values, as the fields show them, and the version the save must match. */
export async function companyForEdit(db: Database, kind: CompanyKind, id: number) {
  const company = await companyRecord(db, kind, id)
  if (!company) return undefined
  const values: Record<string, string> = {
    name: company.name,
    legalName: company.legal_name ?? '',
    gstin: company.gstin ?? '',
    contactEmail: company.contact_email ?? '',
    contactPhone: company.contact_phone ?? '',
    assigneeId: company.assignee_id === null ? '' : String(company.assignee_id),
    gstUnregisteredReason: company.gst_unregistered_reason ?? '',
  }
  if (company.gst_unregistered === 1) values.gstUnregistered = 'on'
  if (kind === 'buyer') {
    values.creditLimit = rupeesInput(company.credit_limit_minor ?? 0)
    values.paymentTermsDays = String(company.payment_terms_days ?? 0)
  }
  if (kind === 'seller' && company.auto_approve_orders) values.autoApproveOrders = 'on'
  const assignees = await assigneeOptions(db, kind)
  // A company keeps showing its current assignee even if that person no longer holds the role.
  if (company.assignee && !assignees.some((a) => a.id === company.assignee!.id)) assignees.push(company.assignee)
  return {
    id: company.id,
    name: company.name,
    version: company.updated_at,
    values,
    assignees: assignees.map((a) => ({ id: a.id, name: a.name })),
  }
}
