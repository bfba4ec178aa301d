import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database } from '#db/database'
import type { CompanyStatus } from '#db/types'
import type { Executor } from '../audit/audit.server'
import { rupeesInput } from '~/utils/money'
import { containsTextIn } from '~/utils/search'
import { companyKinds, statusLabels, type CompanyKind } from './kinds'
import { assigneeOptions } from './queries.server'
import type { CompanyFilters } from './schema'

// The buyers and sellers lists: filters, sorts, pages and the CSV export, fast at 100,000 rows.

export interface CompanyListRow {
  id: number
  name: string
  status: CompanyStatus
  createdAt: string
  assigneeId: number | null
  assigneeName: string | null
  city: string | null
  /** Buyers only. */
  creditLimitMinor: number | null
  paymentTermsDays: number | null
}

const SEARCHED = ['name', 'legal_name', 'gstin', 'contact_email']

/** Which filter's index the query may use; the others are written so that no index serves them. */
type IndexUse = 'status' | 'assignee' | 'all' | 'none'

/**
 * The filtered rows of one kind's table. Without statistics SQLite would serve two filters with one
 * index and a random read per row, which is slower than reading the table straight through when the
 * filter is broad (95% of companies are active): `(status || '')` and `(assignee + 0)` keep the
 * planner off an index where `use` says so, portably.
 */
function filtered(db: Executor, kind: CompanyKind, f: Pick<CompanyFilters, 'q' | 'status' | 'assignee' | 'city'>, use: IndexUse = 'all') {
  const info = companyKinds[kind]
  const status = use === 'all' || use === 'status' ? sql.ref('status') : sql`(${sql.ref('status')} || '')`
  const assignee = use === 'all' || use === 'assignee' ? sql.ref(info.assigneeColumn) : sql`(${sql.ref(info.assigneeColumn)} + 0)`
  let query = db.selectFrom(info.table)
  if (f.status) query = query.where(status, '=', f.status)
  if (f.assignee === 'none') query = query.where(assignee, 'is', null)
  else if (f.assignee) query = query.where(assignee, '=', f.assignee)
  if (f.city) {
    // Cities are kept as typed; "pune" finds "Pune". A scan of the (city, owner) index, never of the table.
    const owners = db
      .selectFrom('addresses')
      .select(info.ownerColumn)
      .where(sql`lower(city)`, '=', sql`lower(${f.city})`)
    query = query.where('id', 'in', owners)
  }
  if (f.q) query = query.where(containsTextIn(db, SEARCHED, f.q))
  return query
}

/** Sorts that an index serves: name, (status, name) and created_at; the id keeps pages stable. */
const SORT_COLUMNS = { name: ['name'], created: ['created_at'], status: ['status', 'name'] } as const

function sorted<Q extends SelectQueryBuilder<any, any, any>>(query: Q, f: Pick<CompanyFilters, 'sort' | 'dir'>): Q {
  let ordered = query
  for (const column of [...SORT_COLUMNS[f.sort], 'id']) ordered = ordered.orderBy(sql.ref(column), f.dir) as Q
  return ordered
}

type BaseRow = { id: number; name: string; status: CompanyStatus; created_at: string; assignee_id: number | null }
type PageRow = BaseRow & { credit_limit_minor?: number; payment_terms_days?: number }

function withColumns(db: Executor, kind: CompanyKind) {
  const info = companyKinds[kind]
  return db
    .selectFrom(info.table)
    .select(['id', 'name', 'status', 'created_at', `${info.assigneeColumn} as assignee_id` as 'kam_user_id as assignee_id'])
    .$if(kind === 'buyer', (q) =>
      q.select(sql<number>`credit_limit_minor`.as('credit_limit_minor')).select(sql<number>`payment_terms_days`.as('payment_terms_days'))
    )
}

async function countOf(db: Executor, kind: CompanyKind, f: CompanyFilters, use: IndexUse): Promise<number> {
  const row = await filtered(db, kind, f, use)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * One page of a company list and the number of matching rows, in the fewest rows read:
 * - one filter or none: a count and a page that walk an index;
 * - status and assignee together: a count that reads the table straight through, and a page that
 *   walks the assignee's index for active companies (the common status) or the status index;
 * - a text search or a city: every row has to be looked at anyway, so one pass finds the page's ids
 *   and counts them (count(*) over ()), and the page's 50 rows are read by id.
 */
export async function listCompanies(db: Database, kind: CompanyKind, f: CompanyFilters): Promise<{ rows: CompanyListRow[]; total: number }> {
  const offset = (f.page - 1) * f.pageSize
  const page = <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => sorted(query, f).limit(f.pageSize).offset(offset) as Q
  let rows: PageRow[] = []
  let total: number
  if (f.q || f.city) {
    const found = await page(filtered(db, kind, f, 'none').select(['id', sql<number>`count(*) over ()`.as('total')])).execute()
    total = found.length > 0 ? Number(found[0].total) : offset === 0 ? 0 : await countOf(db, kind, f, 'none')
    rows = await rowsByIds(db, kind, found)
  } else if (f.status && f.assignee) {
    total = await countOf(db, kind, f, 'none')
    const use = f.status === 'active' ? 'assignee' : 'status'
    if (offset < total) rows = await rowsByIds(db, kind, await page(filtered(db, kind, f, use).select('id')).execute())
  } else {
    total = await countOf(db, kind, f, 'all')
    if (offset < total) rows = await rowsByIds(db, kind, await page(filtered(db, kind, f, 'all').select('id')).execute())
  }
  return { rows: await decorate(db, kind, rows), total }
}

/** The page's rows by primary key, in the order the ids came. */
async function rowsByIds(db: Executor, kind: CompanyKind, ids: { id: number }[]): Promise<PageRow[]> {
  if (ids.length === 0) return []
  const wanted = ids.map((r) => r.id)
  const found = await withColumns(db, kind).where('id', 'in', wanted).execute()
  const byId = new Map(found.map((r) => [r.id, r as PageRow]))
  return ids.map((r) => byId.get(r.id)).filter((r): r is PageRow => r !== undefined)
}

/** A spreadsheet must not run what a company typed as its name (=HYPERLINK(...) and the like). */
const inert = (text: string | null) => (text && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/** The CSV export: every matching row in the list's order (slices of 500 bound the `in` lists). */
export async function exportCompanies(db: Database, kind: CompanyKind, f: CompanyFilters) {
  const info = companyKinds[kind]
  // Every matching row is read anyway: straight through the table unless one index narrows it.
  const use: IndexUse = f.q || f.city || (f.status && f.assignee) ? 'none' : 'all'
  const base = await sorted(
    filtered(db, kind, f, use)
      .select([
        'id',
        'name',
        'legal_name',
        'gstin',
        'contact_email',
        'contact_phone',
        'status',
        'created_at',
        `${info.assigneeColumn} as assignee_id` as 'kam_user_id as assignee_id',
      ])
      .$if(kind === 'buyer', (q) =>
        q.select(sql<number>`credit_limit_minor`.as('credit_limit_minor')).select(sql<number>`payment_terms_days`.as('payment_terms_days'))
      ),
    f
  ).execute()
  const rows: Record<string, string | number | null>[] = []
  for (let i = 0; i < base.length; i += 500) {
    const slice = base.slice(i, i + 500)
    const decorated = await decorate(db, kind, slice)
    slice.forEach((row, j) =>
      rows.push({
        id: row.id,
        name: inert(row.name),
        legal_name: inert(row.legal_name),
        gstin: row.gstin,
        contact_email: inert(row.contact_email),
        contact_phone: row.contact_phone,
        status: statusLabels[row.status],
        assignee: decorated[j].assigneeName,
        city: inert(decorated[j].city),
        credit_limit: kind === 'buyer' ? rupeesInput(decorated[j].creditLimitMinor ?? 0) : null,
        payment_terms_days: decorated[j].paymentTermsDays,
        created_at: row.created_at,
      })
    )
  }
  const columns = [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'legal_name', header: 'Legal name' },
    { key: 'gstin', header: 'GSTIN' },
    { key: 'contact_email', header: 'Contact e-mail' },
    { key: 'contact_phone', header: 'Contact phone' },
    { key: 'status', header: 'Status' },
    { key: 'assignee', header: info.assigneeLongLabel },
    { key: 'city', header: 'City' },
    ...(kind === 'buyer'
      ? [
          { key: 'credit_limit', header: 'Credit limit (INR)' },
          { key: 'payment_terms_days', header: 'Payment terms (days)' },
        ]
      : []),
    { key: 'created_at', header: 'Created (UTC)' },
  ]
  return { columns, rows }
}

/** Adds the assignee's name and the company's city to a page of rows: two queries with `in` lists. */
async function decorate(
  db: Executor,
  kind: CompanyKind,
  rows: (BaseRow & { credit_limit_minor?: number; payment_terms_days?: number })[]
): Promise<CompanyListRow[]> {
  if (rows.length === 0) return []
  const ownerColumn = companyKinds[kind].ownerColumn
  const assigneeIds = [...new Set(rows.map((r) => r.assignee_id).filter((id): id is number => id !== null))]
  const [people, addresses] = await Promise.all([
    assigneeIds.length ? db.selectFrom('users').select(['id', 'name']).where('id', 'in', assigneeIds).execute() : [],
    db
      .selectFrom('addresses')
      .select(['id', `${ownerColumn} as owner_id` as 'buyer_id as owner_id', 'kind', 'is_default', 'city'])
      .where(
        ownerColumn,
        'in',
        rows.map((r) => r.id)
      )
      .execute(),
  ])
  const names = new Map(people.map((p) => [p.id, p.name]))
  // The city of the default billing address, else of any billing address, else of the default, else of any.
  const rank = (a: { kind: string; is_default: number }) => (a.kind === 'billing' ? 0 : 2) + (a.is_default ? 0 : 1)
  const best = new Map<number, (typeof addresses)[number]>()
  for (const a of addresses) {
    const seen = a.owner_id === null ? undefined : best.get(a.owner_id)
    if (a.owner_id !== null && (!seen || rank(a) < rank(seen) || (rank(a) === rank(seen) && a.id < seen.id))) best.set(a.owner_id, a)
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    createdAt: r.created_at,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_id === null ? null : names.get(r.assignee_id) ?? null,
    city: best.get(r.id)?.city ?? null,
    creditLimitMinor: r.credit_limit_minor ?? null,
    paymentTermsDays: r.payment_terms_days ?? null,
  }))
}

export async function countWaiting(db: Database, kind: CompanyKind): Promise<number> {
  const row = await db
    .selectFrom(companyKinds[kind].table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Everything the list page shows: the page of rows, the count, the waiting count, the assignee filter's options. */
export async function companyListPage(db: Database, kind: CompanyKind, filters: CompanyFilters) {
  const [list, waiting, assignees] = await Promise.all([listCompanies(db, kind, filters), countWaiting(db, kind), assigneeOptions(db, kind)])
  return { filters, ...list, waiting, assignees: assignees.map((a) => ({ id: a.id, name: a.name })) }
}
