// Companies made directly in the test database, so each test knows exactly what it looks for.
import type { Insertable } from 'kysely'
import { getDb } from '~/db.server'
import { syncSearch } from '~/platform/search.server'
import type { BuyersTable, CompanyStatus, RoleKey, SellersTable } from '#db/types'
import { readCompanyFilters, type CompanyFilters } from '~/features/companies/schema'
import type { CompanyKind } from '~/features/companies/kinds'

type Address = { kind?: 'billing' | 'shipping' | 'pickup'; city: string; isDefault?: boolean }

export async function makeBuyer(
  values: Partial<Insertable<BuyersTable>> & { name: string },
  addresses: Address[] = [],
): Promise<number> {
  const db = getDb()
  const row = await db.insertInto('buyers').values(values).returning('id').executeTakeFirstOrThrow()
  await syncSearch(db, 'buyer', row.id)
  for (const a of addresses) {
    await db
      .insertInto('addresses')
      .values({
        buyer_id: row.id,
        kind: a.kind ?? 'billing',
        line1: '1 Test Road',
        city: a.city,
        state: 'Test State',
        pin: '400001',
        is_default: a.isDefault ? 1 : 0,
      })
      .execute()
  }
  return row.id
}

export async function makeSeller(values: Partial<Insertable<SellersTable>> & { name: string }): Promise<number> {
  const row = await getDb().insertInto('sellers').values(values).returning('id').executeTakeFirstOrThrow()
  await syncSearch(getDb(), 'seller', row.id)
  return row.id
}

/** A user of a company, active unless told otherwise. */
export async function makeCompanyUser(
  kind: CompanyKind,
  companyId: number,
  email: string,
  status: 'active' | 'disabled' = 'active',
) {
  const user = await getDb()
    .insertInto('users')
    .values({
      email,
      name: email.split('@')[0],
      password_hash: 'x',
      status,
      [kind === 'buyer' ? 'buyer_id' : 'seller_id']: companyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await getDb().insertInto('user_roles').values({ user_id: user.id, role: kind }).execute()
  await syncSearch(getDb(), 'user', user.id)
  return user.id
}

/** The list filters a URL query gives, as the list page reads them. */
export function filtersOf(kind: CompanyKind, query: string, pageSize?: number): CompanyFilters {
  const filters = readCompanyFilters(new URL(`http://localhost/x?${query}`), kind)
  return pageSize ? { ...filters, pageSize } : filters
}

export const statuses = (rows: { status: CompanyStatus }[]) => rows.map((r) => r.status)

/** A platform staff user with one role (a field operator, say), active. */
export async function makeStaffUser(role: RoleKey, email: string, name = email.split('@')[0]) {
  const user = await getDb()
    .insertInto('users')
    .values({ email, name, password_hash: 'x', status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await getDb().insertInto('user_roles').values({ user_id: user.id, role }).execute()
  return user.id
}
