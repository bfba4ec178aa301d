import type { RoleKey, UserStatus } from '#db/types'
import { countUpTo } from '~/utils/count.server'
import type { Executor } from '~/platform/executor'
import { matchSearch } from '~/platform/search.server'
import { SORT_COLUMN, type CompanyRef, type UserFilters } from './filters'
import type { CompanyKind } from '~/auth/roles'

export interface UserListRow {
  id: number
  name: string
  email: string
  status: UserStatus
  createdAt: string
  lastLoginAt: string | null
  roles: RoleKey[]
  company: { kind: CompanyKind; id: number; name: string } | null
}

/** One count (capped, see countUpTo) and one page query; roles and company names only for the page's rows. */
export async function listUsers(
  db: Executor,
  filters: UserFilters,
): Promise<{ total: number; capped: boolean; rows: UserListRow[] }> {
  let query = db.selectFrom('users')
  const search = await matchSearch(db, 'user', filters.q)
  if (search) query = query.where(search.has('users.id'))
  if (filters.role) {
    const role = filters.role
    // EXISTS, not IN: walking the name index stops after one page instead of listing 80,000 holders of a role.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'users.id')
          .where('user_roles.role', '=', role),
      ),
    )
  }
  if (filters.status) query = query.where('users.status', '=', filters.status)
  if (filters.kind === 'staff') query = query.where('users.buyer_id', 'is', null).where('users.seller_id', 'is', null)
  if (filters.kind === 'buyer') query = query.where('users.buyer_id', 'is not', null)
  if (filters.kind === 'seller') query = query.where('users.seller_id', 'is not', null)
  if (filters.company)
    query = query.where(
      filters.company.kind === 'buyer' ? 'users.buyer_id' : 'users.seller_id',
      '=',
      filters.company.id,
    )

  const { total, capped } = await countUpTo(db, query.select('users.id'))
  const offset = (filters.page - 1) * filters.pageSize
  if (offset >= total && !capped) return { total, capped, rows: [] }
  let page = query
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.status',
      'users.created_at',
      'users.last_login_at',
      'users.buyer_id',
      'users.seller_id',
    ])
    .orderBy(SORT_COLUMN[filters.sort], filters.dir)
  // The e-mail is unique; name and creation time tie, and the id keeps pages stable.
  if (filters.sort !== 'email') page = page.orderBy('users.id', filters.dir)
  const rows = await page.limit(filters.pageSize).offset(offset).execute()

  const [roles, companies] = await Promise.all([
    rolesOf(
      db,
      rows.map((r) => r.id),
    ),
    companyNames(db, rows.map((r) => r.buyer_id).filter(isId), rows.map((r) => r.seller_id).filter(isId)),
  ])
  return {
    total,
    capped,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      status: r.status,
      createdAt: r.created_at,
      lastLoginAt: r.last_login_at,
      roles: roles.get(r.id) ?? [],
      company:
        r.buyer_id != null
          ? { kind: 'buyer', id: r.buyer_id, name: companies.buyer.get(r.buyer_id) ?? `Buyer #${r.buyer_id}` }
          : r.seller_id != null
            ? { kind: 'seller', id: r.seller_id, name: companies.seller.get(r.seller_id) ?? `Seller #${r.seller_id}` }
            : null,
    })),
  }
}

const isId = (value: number | null): value is number => value != null

/** Roles of some users, in the roles table's order. */
export async function rolesOf(db: Executor, userIds: number[]): Promise<Map<number, RoleKey[]>> {
  const map = new Map<number, RoleKey[]>()
  if (userIds.length === 0) return map
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.key', 'user_roles.role')
    .select(['user_roles.user_id', 'user_roles.role'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.position')
    .execute()
  for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row.role])
  return map
}

async function companyNames(db: Executor, buyerIds: number[], sellerIds: number[]) {
  const [buyers, sellers] = await Promise.all([
    buyerIds.length
      ? db
          .selectFrom('buyers')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(buyerIds)])
          .execute()
      : [],
    sellerIds.length
      ? db
          .selectFrom('sellers')
          .select(['id', 'name'])
          .where('id', 'in', [...new Set(sellerIds)])
          .execute()
      : [],
  ])
  return { buyer: new Map(buyers.map((b) => [b.id, b.name])), seller: new Map(sellers.map((s) => [s.id, s.name])) }
}

/** The name of a company named in a link (`company=buyer:12`), for the filter's chip. */
export async function companyName(db: Executor, ref: CompanyRef): Promise<string | null> {
  const row = await db
    .selectFrom(ref.kind === 'buyer' ? 'buyers' : 'sellers')
    .select('name')
    .where('id', '=', ref.id)
    .executeTakeFirst()
  return row?.name ?? null
}

export async function roleOptions(db: Executor): Promise<{ value: RoleKey; label: string }[]> {
  const rows = await db.selectFrom('roles').select(['key', 'label']).orderBy('position').execute()
  return rows.map((r) => ({ value: r.key, label: r.label }))
}

export async function userRecord(db: Executor, userId: number) {
  const user = await db
    .selectFrom('users')
    .leftJoin('buyers', 'buyers.id', 'users.buyer_id')
    .leftJoin('sellers', 'sellers.id', 'users.seller_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.phone',
      'users.status',
      'users.buyer_id',
      'users.seller_id',
      'users.is_company_admin',
      'users.created_at',
      'users.updated_at',
      'users.last_login_at',
      'buyers.name as buyer_name',
      'sellers.name as seller_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  if (!user) return null
  const [roles, sessions] = await Promise.all([
    rolesOf(db, [userId]),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirstOrThrow(),
  ])
  const company =
    user.buyer_id != null
      ? { kind: 'buyer' as const, id: user.buyer_id, name: user.buyer_name ?? '' }
      : user.seller_id != null
        ? { kind: 'seller' as const, id: user.seller_id, name: user.seller_name ?? '' }
        : null
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    status: user.status,
    companyAdmin: user.is_company_admin === 1,
    createdAt: user.created_at,
    version: user.updated_at,
    lastLoginAt: user.last_login_at,
    roles: roles.get(userId) ?? [],
    company,
    sessions: Number(sessions.n),
  }
}

export type UserRecord = NonNullable<Awaited<ReturnType<typeof userRecord>>>

export async function emailOfUser(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  return row?.email ?? null
}
