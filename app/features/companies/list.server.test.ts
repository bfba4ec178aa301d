import { csvResponse } from '~/utils/csv.server'
import { parseCsv } from '../../../tests/support/csv'
import { getDb } from '~/db.server'
import { filtersOf, makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { companyListPage, exportCompanies, listCompanies } from './list.server'
import { companyRecord } from './queries.server'

// Every company here carries "Quokka" in its name and lives in "Quokkapur", which no other data has.
let kam: number
const ids: Record<string, number> = {}

beforeAll(async () => {
  kam = await userIdOf('demand_kam@example.com')
  ids.alpha = await makeBuyer(
    {
      name: 'Alpha Quokka Traders',
      gstin: '27AAAAA0000A1Z5',
      contact_email: 'alpha@quokka.example',
      status: 'active',
      kam_user_id: kam,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    [
      { kind: 'shipping', city: 'Elsewhere', isDefault: true },
      { kind: 'billing', city: 'Quokkapur', isDefault: true },
    ],
  )
  ids.bravo = await makeBuyer(
    { name: 'Bravo Quokka Retail', status: 'pending', created_at: '2026-03-01T00:00:00.000Z' },
    [{ kind: 'shipping', city: 'QUOKKAPUR' }],
  )
  ids.charlie = await makeBuyer(
    { name: 'Charlie Quokka Looms', status: 'suspended', kam_user_id: kam, created_at: '2026-02-01T00:00:00.000Z' },
    [{ city: 'Elsewhere' }],
  )
  ids.delta = await makeBuyer({
    name: 'Delta Quokka Mills',
    status: 'active',
    created_at: '2026-04-01T00:00:00.000Z',
    contact_email: 'buying@delta-q.example',
  })
  ids.percent = await makeBuyer({
    name: 'Quokka 50% Off Stores',
    status: 'active',
    created_at: '2026-05-01T00:00:00.000Z',
  })
})

const names = (rows: { name: string }[]) => rows.map((r) => r.name)

describe('the buyers list', () => {
  it('searches name, legal name, GSTIN and contact e-mail, ignoring case', async () => {
    const db = getDb()
    expect(names((await listCompanies(db, 'buyer', filtersOf('buyer', 'q=QUOKKA'))).rows)).toEqual([
      'Alpha Quokka Traders',
      'Bravo Quokka Retail',
      'Charlie Quokka Looms',
      'Delta Quokka Mills',
      'Quokka 50% Off Stores',
    ])
    expect(names((await listCompanies(db, 'buyer', filtersOf('buyer', 'q=27aaaaa0000'))).rows)).toEqual([
      'Alpha Quokka Traders',
    ])
    expect(names((await listCompanies(db, 'buyer', filtersOf('buyer', 'q=delta-q.example'))).rows)).toEqual([
      'Delta Quokka Mills',
    ])
    // A typed % is a percent sign, not a wildcard.
    expect(names((await listCompanies(db, 'buyer', filtersOf('buyer', 'q=quokka 50%'))).rows)).toEqual([
      'Quokka 50% Off Stores',
    ])
  })

  it('filters by status, KAM, no KAM and city (any address, any case)', async () => {
    const db = getDb()
    const list = (query: string) =>
      listCompanies(db, 'buyer', filtersOf('buyer', `q=quokka&${query}`)).then((r) => names(r.rows))
    expect(await list('status=pending')).toEqual(['Bravo Quokka Retail'])
    expect(await list('status=suspended')).toEqual(['Charlie Quokka Looms'])
    expect(await list(`kam=${kam}`)).toEqual(['Alpha Quokka Traders', 'Charlie Quokka Looms'])
    expect(await list('kam=none')).toEqual(['Bravo Quokka Retail', 'Delta Quokka Mills', 'Quokka 50% Off Stores'])
    expect(await list('city=quokkapur')).toEqual(['Alpha Quokka Traders', 'Bravo Quokka Retail'])
    expect(await list(`city=Quokkapur&kam=${kam}&status=active`)).toEqual(['Alpha Quokka Traders'])
    // Without a search the index-served path answers the same.
    const byCity = await listCompanies(db, 'buyer', filtersOf('buyer', 'city=QuokkaPUR'))
    expect(names(byCity.rows)).toEqual(['Alpha Quokka Traders', 'Bravo Quokka Retail'])
    expect(byCity.total).toBe(2)
    const pending = await listCompanies(db, 'buyer', filtersOf('buyer', 'status=pending'))
    expect(names(pending.rows)).toContain('Bravo Quokka Retail')
    expect(pending.rows.every((r) => r.status === 'pending')).toBe(true)
  })

  it('combines status and KAM without a search the same way', async () => {
    const db = getDb()
    const active = await listCompanies(db, 'buyer', filtersOf('buyer', `status=active&kam=${kam}`))
    expect(names(active.rows)).toContain('Alpha Quokka Traders')
    expect(names(active.rows)).not.toContain('Charlie Quokka Looms')
    expect(active.rows.every((r) => r.status === 'active' && r.assigneeId === kam)).toBe(true)
    const expected = await db
      .selectFrom('buyers')
      .select('id')
      .where('status', '=', 'active')
      .where('kam_user_id', '=', kam)
      .execute()
    expect(active.total).toBe(expected.length)
    const suspended = await listCompanies(db, 'buyer', filtersOf('buyer', `status=suspended&kam=${kam}`))
    expect(names(suspended.rows)).toEqual(['Charlie Quokka Looms'])
    const unassignedPending = await listCompanies(db, 'buyer', filtersOf('buyer', 'status=pending&kam=none'))
    expect(names(unassignedPending.rows)).toContain('Bravo Quokka Retail')
    expect(unassignedPending.rows.every((r) => r.status === 'pending' && r.assigneeId === null)).toBe(true)
  })

  it('ignores values it does not know instead of failing', async () => {
    const result = await listCompanies(
      getDb(),
      'buyer',
      filtersOf('buyer', 'q=quokka&status=deleted&kam=abc&sort=evil;drop&dir=sideways&page=-3'),
    )
    expect(result.total).toBe(5)
  })

  it('sorts by name, created and status in both directions', async () => {
    const db = getDb()
    const list = (query: string) =>
      listCompanies(db, 'buyer', filtersOf('buyer', `q=quokka&${query}`)).then((r) => names(r.rows))
    expect(await list('sort=name&dir=desc')).toEqual([
      'Quokka 50% Off Stores',
      'Delta Quokka Mills',
      'Charlie Quokka Looms',
      'Bravo Quokka Retail',
      'Alpha Quokka Traders',
    ])
    expect(await list('sort=created&dir=desc')).toEqual([
      'Quokka 50% Off Stores',
      'Delta Quokka Mills',
      'Bravo Quokka Retail',
      'Charlie Quokka Looms',
      'Alpha Quokka Traders',
    ])
    expect(await list('sort=status&dir=asc')).toEqual([
      'Alpha Quokka Traders',
      'Delta Quokka Mills',
      'Quokka 50% Off Stores',
      'Bravo Quokka Retail',
      'Charlie Quokka Looms',
    ])
  })

  it('pages with the total of all matching rows, on both query paths', async () => {
    const db = getDb()
    const first = await listCompanies(db, 'buyer', filtersOf('buyer', 'q=quokka', 2))
    const third = await listCompanies(db, 'buyer', filtersOf('buyer', 'q=quokka&page=3', 2))
    expect([first.total, third.total]).toEqual([5, 5])
    expect(names(first.rows)).toEqual(['Alpha Quokka Traders', 'Bravo Quokka Retail'])
    expect(names(third.rows)).toEqual(['Quokka 50% Off Stores'])
    const beyond = await listCompanies(db, 'buyer', filtersOf('buyer', 'q=quokka&page=9', 2))
    expect(beyond).toEqual({ rows: [], total: 5, capped: false })
    const unfiltered = await listCompanies(db, 'buyer', filtersOf('buyer', 'page=2', 3))
    expect(unfiltered.rows).toHaveLength(3)
    const all = await getDb()
      .selectFrom('buyers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(unfiltered.total).toBe(Number(all.n))
  })

  it('shows the city of the default billing address and the KAM by name', async () => {
    const { rows } = await listCompanies(getDb(), 'buyer', filtersOf('buyer', 'q=quokka'))
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]))
    expect(byName['Alpha Quokka Traders']).toMatchObject({
      city: 'Quokkapur',
      assigneeName: 'Rahul Kam',
      status: 'active',
    })
    expect(byName['Bravo Quokka Retail']).toMatchObject({ city: 'QUOKKAPUR', assigneeName: null })
    expect(byName['Delta Quokka Mills'].city).toBeNull()
  })

  it('counts the companies waiting for approval and offers active KAMs as the filter', async () => {
    const page = await companyListPage(getDb(), 'buyer', filtersOf('buyer', ''))
    const pending = await getDb().selectFrom('buyers').select('id').where('status', '=', 'pending').execute()
    expect(page.waiting).toBe(pending.length)
    // Every active holder of the KAM role, by name (the demo data has three).
    const kams = await getDb()
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.id', 'users.name'])
      .where('user_roles.role', '=', 'demand_kam')
      .where('users.status', '=', 'active')
      .orderBy('users.name')
      .execute()
    expect(kams.map((k) => k.name)).toContain('Rahul Kam')
    expect(page.assignees).toEqual(kams)
  })

  it('exports every matching row, not just one page', async () => {
    const { columns, rows } = await exportCompanies(getDb(), 'buyer', filtersOf('buyer', 'q=quokka&city=quokkapur', 1))
    expect(columns.map((c) => c.header)).toContain('Credit limit (INR)')
    expect(rows.map((r) => r.name)).toEqual(['Alpha Quokka Traders', 'Bravo Quokka Retail'])
    expect(rows[0]).toMatchObject({
      status: 'Active',
      assignee: 'Rahul Kam',
      city: 'Quokkapur',
      gstin: '27AAAAA0000A1Z5',
      credit_limit: '0.00',
    })
    expect(rows[1]).toMatchObject({ status: 'Waiting for approval' })
  })

  it('keeps a name a spreadsheet would run as a formula inert in the CSV', async () => {
    await makeBuyer({ name: '=HYPERLINK("http://evil.example","Quokka")' })
    const { rows, columns } = await exportCompanies(getDb(), 'buyer', filtersOf('buyer', 'q=hyperlink'))
    const [row] = parseCsv(await csvResponse('buyers.csv', columns, rows).text())
    expect(row!.Name).toBe(`'=HYPERLINK("http://evil.example","Quokka")`)
  })
})

describe('the sellers list and record', () => {
  it('filters sellers by agent and has no credit columns', async () => {
    const agent = await userIdOf('supplier_agent@example.com')
    await makeSeller({ name: 'Quokka Spinners', status: 'active', agent_user_id: agent })
    await makeSeller({ name: 'Quokka Dyers', status: 'pending' })
    const db = getDb()
    expect(names((await listCompanies(db, 'seller', filtersOf('seller', `q=quokka&agent=${agent}`))).rows)).toEqual([
      'Quokka Spinners',
    ])
    expect(names((await listCompanies(db, 'seller', filtersOf('seller', 'q=quokka&agent=none'))).rows)).toEqual([
      'Quokka Dyers',
    ])
    const { columns } = await exportCompanies(db, 'seller', filtersOf('seller', 'q=quokka'))
    expect(columns.map((c) => c.header)).not.toContain('Credit limit (INR)')
  })

  it('reads a record with its addresses, users and roles, and nothing for an unknown id', async () => {
    const db = getDb()
    const indigo = await db
      .selectFrom('buyers')
      .select('id')
      .where('name', '=', 'Indigo Threads Retail')
      .executeTakeFirstOrThrow()
    const record = await companyRecord(db, 'buyer', indigo.id)
    expect(record?.assignee?.name).toBe('Rahul Kam')
    expect(record?.addresses.map((a) => a.kind)).toEqual(['billing', 'shipping'])
    expect(record?.users).toEqual([
      expect.objectContaining({ email: 'buyer@example.com', roles: ['buyer'], is_company_admin: 1 }),
    ])
    expect(await companyRecord(db, 'buyer', 99_999_999)).toBeUndefined()
  })
})
