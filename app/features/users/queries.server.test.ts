import { beforeAll, describe, expect, test } from 'vitest'
import { ROLE_LABELS } from '~/auth/roles'
import type { RoleKey } from '#db/types'
import { getDb } from '~/db.server'
import { readUserFilters } from './filters'
import { listUsers, userRecord } from './queries.server'
import { syncSearch } from '~/platform/search.server'

const list = (query: string) => listUsers(getDb(), readUserFilters(new URL(`http://x/admin/users/manage?${query}`)))

async function addUser(
  email: string,
  name: string,
  roles: RoleKey[],
  extra: { buyer_id?: number; seller_id?: number; status?: 'active' | 'disabled'; created_at?: string } = {},
) {
  const db = getDb()
  const user = await db
    .insertInto('users')
    .values({ email, name, password_hash: 'not-a-hash', ...extra })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: user.id, role })))
    .execute()
  await syncSearch(db, 'user', user.id)
  return user.id
}

let indigo: number
let tiruppur: number

beforeAll(async () => {
  const db = getDb()
  indigo = (
    await db.selectFrom('buyers').select('id').where('name', '=', 'Indigo Threads Retail').executeTakeFirstOrThrow()
  ).id
  tiruppur = (
    await db.selectFrom('sellers').select('id').where('name', '=', 'Tiruppur Knit Works').executeTakeFirstOrThrow()
  ).id
  await addUser('zeta.q@list.test', 'Qlist Zeta', ['biz_fin', 'logistics'], { created_at: '2020-01-01T00:00:00.000Z' })
  await addUser('alpha.q@list.test', 'Qlist Alpha', ['buyer'], {
    buyer_id: indigo,
    created_at: '2030-01-01T00:00:00.000Z',
  })
  await addUser('mid.q@list.test', 'Qlist Mid', ['seller'], {
    seller_id: tiruppur,
    status: 'disabled',
    created_at: '2025-01-01T00:00:00.000Z',
  })
  for (let i = 0; i < 55; i++)
    await addUser(`bulk${String(i).padStart(2, '0')}@paging.test`, `Paging Person ${String(i).padStart(2, '0')}`, [
      'internal',
    ])
})

describe('the user list', () => {
  test('searches name and e-mail, case-insensitively, with roles and company names on each row', async () => {
    const byName = await list('q=QLIST')
    expect(byName.total).toBe(3)
    expect(byName.rows.map((r) => r.name)).toEqual(['Qlist Alpha', 'Qlist Mid', 'Qlist Zeta'])
    const zeta = byName.rows[2]
    expect(zeta.roles).toEqual(['biz_fin', 'logistics'])
    expect(zeta.company).toBeNull()
    expect(byName.rows[0].company).toEqual({ kind: 'buyer', id: indigo, name: 'Indigo Threads Retail' })
    expect(byName.rows[1].company).toEqual({ kind: 'seller', id: tiruppur, name: 'Tiruppur Knit Works' })
    expect((await list('q=zeta.q@')).rows.map((r) => r.email)).toEqual(['zeta.q@list.test'])
    // LIKE wildcards typed by the user match themselves.
    expect((await list('q=%25')).total).toBe(0)
  })

  test('filters by role, status, kind of user and one company', async () => {
    expect((await list('q=qlist&role=logistics')).rows.map((r) => r.name)).toEqual(['Qlist Zeta'])
    expect((await list('q=qlist&status=disabled')).rows.map((r) => r.name)).toEqual(['Qlist Mid'])
    expect((await list('q=qlist&status=active')).total).toBe(2)
    expect((await list('q=qlist&kind=staff')).rows.map((r) => r.name)).toEqual(['Qlist Zeta'])
    expect((await list('q=qlist&kind=buyer')).rows.map((r) => r.name)).toEqual(['Qlist Alpha'])
    expect((await list('q=qlist&kind=seller')).rows.map((r) => r.name)).toEqual(['Qlist Mid'])
    const ofIndigo = await list(`company=buyer:${indigo}`)
    expect(ofIndigo.rows.map((r) => r.email).sort()).toEqual(['alpha.q@list.test', 'buyer@example.com'])
    expect((await list(`company=seller:${tiruppur}&status=active`)).rows.map((r) => r.email)).toEqual([
      'seller@example.com',
    ])
    // A role that is not one of the 13 is ignored rather than matching nothing.
    expect((await list('q=qlist&role=pirate')).total).toBe(3)
  })

  test('sorts by name, e-mail and creation time, both ways', async () => {
    const names = async (q: string) => (await list(`q=qlist&${q}`)).rows.map((r) => r.name)
    expect(await names('sort=name&dir=desc')).toEqual(['Qlist Zeta', 'Qlist Mid', 'Qlist Alpha'])
    expect(await names('sort=email')).toEqual(['Qlist Alpha', 'Qlist Mid', 'Qlist Zeta'])
    expect(await names('sort=created&dir=desc')).toEqual(['Qlist Alpha', 'Qlist Mid', 'Qlist Zeta'])
    expect(await names('sort=created&dir=asc')).toEqual(['Qlist Zeta', 'Qlist Mid', 'Qlist Alpha'])
  })

  test('pages 25 rows at a time, or up to 100 when asked, and counts every match', async () => {
    const first = await list('q=paging person&perPage=50')
    expect(first.total).toBe(55)
    expect(first.rows).toHaveLength(50)
    expect(first.rows[0].name).toBe('Paging Person 00')
    const second = await list('q=paging person&perPage=50&page=2')
    expect(second.rows.map((r) => r.name)).toEqual([
      'Paging Person 50',
      'Paging Person 51',
      'Paging Person 52',
      'Paging Person 53',
      'Paging Person 54',
    ])
    expect((await list('q=paging person')).rows).toHaveLength(25)
    expect(await list('q=paging person&perPage=50&page=3')).toEqual({ total: 55, capped: false, rows: [] })
  })
})

describe('a user record', () => {
  test('has roles, company and open sessions; an unknown id is null', async () => {
    const db = getDb()
    const buyer = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow()
    const record = await userRecord(db, buyer.id)
    expect(record).toMatchObject({
      email: 'buyer@example.com',
      roles: ['buyer'],
      companyAdmin: true,
      company: { kind: 'buyer', name: 'Indigo Threads Retail' },
    })
    expect(await userRecord(db, 987654)).toBeNull()
  })
})

describe('role labels', () => {
  test('are the roles table’s labels, for every role', async () => {
    const rows = await getDb().selectFrom('roles').select(['key', 'label']).execute()
    expect(Object.fromEntries(rows.map((r) => [r.key, r.label]))).toEqual(ROLE_LABELS)
  })
})
