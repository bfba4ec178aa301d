import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database } from '#db/database'
import type { CompanyStatus, DB } from '#db/types'
import type { Executor } from '~/platform/executor'
import { rupeesInput } from '~/utils/money'
import { countUpTo } from '~/utils/count.server'
import { matchSearch, type SearchMatch } from '~/platform/search.server'
import { companyKinds, statusLabels, type CompanyKind } from './kinds'
import { assigneeOptions, withCompanyColumns } from './queries.server'
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

/**
 * The filtered rows of one kind's table. The search is a word-prefix match through `search_terms`
 * (see docs/decisions/0004), the city an exact match ignoring case on any of the company's addresses.
 */
function filtered(
  db: Executor,
  kind: CompanyKind,
  f: Pick<CompanyFilters, 'status' | 'assignee' | 'city'>,
  search: SearchMatch | null,
) {
  const info = companyKinds[kind]
  let query = db.selectFrom(info.table)
  if (f.status) query = query.where('status', '=', f.status)
  if (f.assignee === 'none') query = query.where(info.assigneeColumn, 'is', null)
  else if (f.assignee) query = query.where(info.assigneeColumn, '=', f.assignee)
  if (f.city) {
    // Cities are kept as typed; "pune" finds "Pune". A scan of the (city, owner) index, never of the table.
    const owners = db
      .selectFrom('addresses')
      .select(info.ownerColumn)
      .where(sql`lower(city)`, '=', f.city.toLowerCase())
    // With an assignee too, the assignee's companies are walked in the list's order ((assignee,
    // created_at) or (assignee, name)) against the city's set: a unary `+` keeps SQLite from reading
    // every company of the city by id and sorting them all (15 ms → 2.6 ms at 100,000 buyers).
    query = query.where(f.assignee && f.assignee !== 'none' ? sql<number>`+id` : sql.ref<number>('id'), 'in', owners)
  }
  if (search) query = query.where(search.has('id'))
  return query
}

/** Sorts that an index serves: name, (status, name) and created_at; the id keeps pages stable. */
const SORT_COLUMNS = { name: ['name'], created: ['created_at'], status: ['status', 'name'] } as const

function sorted<Q extends SelectQueryBuilder<DB, 'buyers' | 'sellers', object>>(
  query: Q,
  f: Pick<CompanyFilters, 'sort' | 'dir'>,
): Q {
  let ordered = query
  for (const column of [...SORT_COLUMNS[f.sort], 'id']) ordered = ordered.orderBy(sql.ref(column), f.dir) as Q
  return ordered
}

type BaseRow = { id: number; name: string; status: CompanyStatus; created_at: string; assignee_id: number | null }
type PageRow = BaseRow & { credit_limit_minor?: number; payment_terms_days?: number }

/**
 * One page of a company list and the number of matching rows (exact up to 10,000, see countUpTo):
 * the page's ids come from an index walk in the list's order, then its 50 rows are read by id.
 */
export async function listCompanies(
  db: Database,
  kind: CompanyKind,
  f: CompanyFilters,
): Promise<{ rows: CompanyListRow[]; total: number; capped: boolean }> {
  const offset = (f.page - 1) * f.pageSize
  const search = await matchSearch(db, kind, f.q)
  const { total, capped } = await countUpTo(db, filtered(db, kind, f, search).select('id'))
  let rows: PageRow[] = []
  if (offset < total || capped) {
    const ids = await sorted(filtered(db, kind, f, search).select('id'), f)
      .limit(f.pageSize)
      .offset(offset)
      .execute()
    rows = await rowsByIds(db, kind, ids)
  }
  return { rows: await decorate(db, kind, rows), total, capped }
}

/** The page's rows by primary key, in the order the ids came. */
async function rowsByIds(db: Executor, kind: CompanyKind, ids: { id: number }[]): Promise<PageRow[]> {
  if (ids.length === 0) return []
  const wanted = ids.map((r) => r.id)
  const found = await withCompanyColumns(db.selectFrom(companyKinds[kind].table), kind)
    .where('id', 'in', wanted)
    .execute()
  const byId = new Map(found.map((r) => [r.id, r as PageRow]))
  return ids.map((r) => byId.get(r.id)).filter((r): r is PageRow => r !== undefined)
}

/** The CSV export: every matching row in the list's order (slices of 500 bound the `in` lists). */
export async function exportCompanies(db: Database, kind: CompanyKind, f: CompanyFilters) {
  const info = companyKinds[kind]
  const base = await sorted(
    withCompanyColumns(filtered(db, kind, f, await matchSearch(db, kind, f.q)), kind),
    f,
  ).execute()
  const rows: Record<string, string | number | null>[] = []
  for (let i = 0; i < base.length; i += 500) {
    const slice = base.slice(i, i + 500)
    const decorated = await decorate(db, kind, slice)
    slice.forEach((row, j) =>
      rows.push({
        id: row.id,
        name: row.name,
        legal_name: row.legal_name,
        gstin: row.gstin,
        contact_email: row.contact_email,
        contact_phone: row.contact_phone,
        status: statusLabels[row.status],
        assignee: decorated[j].assigneeName,
        city: decorated[j].city,
        credit_limit: kind === 'buyer' ? rupeesInput(decorated[j].creditLimitMinor ?? 0) : null,
        payment_terms_days: decorated[j].paymentTermsDays,
        created_at: row.created_at,
      }),
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
    { key: 'created_at', header: 'Created' },
  ]
  return { columns, rows }
}

/** Adds the assignee's name and the company's city to a page of rows: two queries with `in` lists. */
async function decorate(
  db: Executor,
  kind: CompanyKind,
  rows: (BaseRow & { credit_limit_minor?: number; payment_terms_days?: number })[],
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
        rows.map((r) => r.id),
      )
      .execute(),
  ])
  const names = new Map(people.map((p) => [p.id, p.name]))
  // The city of the default billing address, else of any billing address, else of the default, else of any.
  const rank = (a: { kind: string; is_default: number }) => (a.kind === 'billing' ? 0 : 2) + (a.is_default ? 0 : 1)
  const best = new Map<number, (typeof addresses)[number]>()
  for (const a of addresses) {
    const seen = a.owner_id === null ? undefined : best.get(a.owner_id)
    if (a.owner_id !== null && (!seen || rank(a) < rank(seen) || (rank(a) === rank(seen) && a.id < seen.id)))
      best.set(a.owner_id, a)
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    createdAt: r.created_at,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_id === null ? null : (names.get(r.assignee_id) ?? null),
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
  const [list, waiting, assignees] = await Promise.all([
    listCompanies(db, kind, filters),
    countWaiting(db, kind),
    assigneeOptions(db, kind),
  ])
  return { filters, ...list, waiting, assignees: assignees.map((a) => ({ id: a.id, name: a.name })) }
}
