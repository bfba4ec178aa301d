import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { readId } from '~/utils/list-params'
import { historyOf } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import type { HistoryViewer } from '../audit/tell'
import { listAddresses } from '../addresses/queries.server'

/** The viewer's own buyer or seller company. */
export interface OwnCompany {
  kind: 'buyer' | 'seller'
  id: number
  name: string
}

/**
 * The company of a /buyer/{id}/company or /seller/{id}/company URL, only when it is the viewer's
 * own: another company's id, a non-number or the other kind of company is null (a 404).
 */
export function ownCompanyOf(viewer: Viewer, kind: OwnCompany['kind'], idParam: string | undefined): OwnCompany | null {
  const id = readId(idParam)
  if (id === null || !viewer.company || viewer.company.kind !== kind || viewer.company.id !== id) return null
  return { kind, id, name: viewer.company.name }
}

/** Whether the user administers this company (edits it, invites colleagues). */
export async function isCompanyAdmin(db: Executor, userId: number, company: OwnCompany): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('is_company_admin')
    .where('id', '=', userId)
    .where(company.kind === 'buyer' ? 'buyer_id' : 'seller_id', '=', company.id)
    .where('status', '=', 'active')
    .executeTakeFirst()
  return row?.is_company_admin === 1
}

/**
 * What a buyer may see of its own company: its terms and its account manager. Nothing of sellers
 * or costs is selected here.
 */
async function buyerDetails(db: Database, id: number) {
  const row = await db
    .selectFrom('buyers')
    .leftJoin('users as kam', 'kam.id', 'buyers.kam_user_id')
    .select([
      'buyers.name',
      'buyers.legal_name',
      'buyers.gstin',
      'buyers.status',
      'buyers.contact_email',
      'buyers.contact_phone',
      'buyers.updated_at',
      'buyers.credit_limit_minor',
      'buyers.payment_terms_days',
      'kam.name as manager_name',
      'kam.email as manager_email',
    ])
    .where('buyers.id', '=', id)
    .executeTakeFirstOrThrow()
  return { kind: 'buyer' as const, ...row }
}

/** What a seller may see of its own company: its supplier-team agent; nothing of buyers or buyer prices. */
async function sellerDetails(db: Database, id: number) {
  const row = await db
    .selectFrom('sellers')
    .leftJoin('users as agent', 'agent.id', 'sellers.agent_user_id')
    .select([
      'sellers.name',
      'sellers.legal_name',
      'sellers.gstin',
      'sellers.status',
      'sellers.contact_email',
      'sellers.contact_phone',
      'sellers.updated_at',
      'agent.name as manager_name',
      'agent.email as manager_email',
    ])
    .where('sellers.id', '=', id)
    .executeTakeFirstOrThrow()
  return { kind: 'seller' as const, ...row }
}

export function companyDetails(db: Database, company: OwnCompany) {
  return company.kind === 'buyer' ? buyerDetails(db, company.id) : sellerDetails(db, company.id)
}

export type CompanyDetails = Awaited<ReturnType<typeof companyDetails>>

/** The people of the company, by name. */
export function companyUsers(db: Executor, company: OwnCompany) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'status', 'is_company_admin', 'last_login_at'])
    .where(company.kind === 'buyer' ? 'buyer_id' : 'seller_id', '=', company.id)
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute()
}

export type CompanyUser = Awaited<ReturnType<typeof companyUsers>>[number]

/**
 * The changes the company made to itself (contact, addresses, invitations). Staff entries about the
 * company (approvals, terms, assignments) stay on the staff pages.
 */
export function companyChanges(db: Executor, company: OwnCompany, limit = 30) {
  const viewer: HistoryViewer =
    company.kind === 'buyer'
      ? { kind: 'buyer', buyerId: company.id }
      : { kind: 'seller', sellerId: company.id, sellerName: company.name }
  return historyOf(db, viewer, company.kind, company.id, {
    limit,
    only: ['address.*', 'company.contact_updated', 'user.invited'],
  })
}

/** Everything the company's own page shows, in one call for the buyer's and the seller's route. */
export async function ownCompanyPage(db: Database, userId: number, company: OwnCompany) {
  const [details, users, admin, addresses, changes] = await Promise.all([
    companyDetails(db, company),
    companyUsers(db, company),
    isCompanyAdmin(db, userId, company),
    listAddresses(db, { kind: company.kind, id: company.id }),
    companyChanges(db, company),
  ])
  return { company: details, users, isAdmin: admin, addresses, changes }
}
