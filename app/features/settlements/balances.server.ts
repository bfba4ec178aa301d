import type { ExpressionBuilder } from 'kysely'
import type { DB } from '#db/types'
import type { Executor } from '~/platform/executor'
import { kolkataDay } from '~/utils/format'
import { keysetWalk } from '~/utils/keyset.server'
import { readListParams } from '~/utils/list-params'

// Across buyers: what finance watches (its home's figures) and the list of buyers' balances behind
// them (/logistics/settlements). Each read through an index: the accounts' kept figures, open
// invoices by due date (buyer_invoices_due_idx), payments by the day received (buyer_payments_received_idx).

export const BALANCE_SHOWS = ['past_due', 'paid_this_month'] as const
export type BalanceShow = (typeof BALANCE_SHOWS)[number] | ''

export interface BalanceFilters {
  show: BalanceShow
  page: number
  pageSize: number
}

export function readBalanceFilters(url: URL): BalanceFilters {
  const show = url.searchParams.get('show') ?? ''
  const { page, pageSize } = readListParams(url, { sorts: ['name'] as const, defaultSort: 'name', pageSize: 50 })
  return { show: (BALANCE_SHOWS as readonly string[]).includes(show) ? (show as BalanceShow) : '', page, pageSize }
}

const monthStart = (today: string) => `${today.slice(0, 7)}-01`
const owed = (eb: ExpressionBuilder<DB, 'buyer_invoices'>) =>
  eb.fn.coalesce(
    eb.fn.sum(
      eb(
        eb(eb(eb.ref('total_minor'), '+', eb.ref('debited_minor')), '-', eb.ref('paid_minor')),
        '-',
        eb.ref('credited_minor'),
      ),
    ),
    eb.val(0),
  )

/** Finance's figures: outstanding from all buyers, invoices past due, payments received this month. */
export async function moneyFigures(db: Executor, today = kolkataDay()) {
  const [accounts, pastDue, payments] = await Promise.all([
    db
      .selectFrom('buyer_accounts')
      .select((eb) => [
        eb.fn
          .coalesce(
            eb.fn.sum(
              eb(
                eb(eb(eb.ref('invoiced_minor'), '+', eb.ref('debited_minor')), '-', eb.ref('received_minor')),
                '-',
                eb.ref('credited_minor'),
              ),
            ),
            eb.val(0),
          )
          .as('outstanding'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('buyer_invoices')
      .select((eb) => [eb.fn.countAll<number>().as('n'), owed(eb).as('owed')])
      .where('status', '=', 'open')
      .where('due_on', '<', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('buyer_payments')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum('amount_minor'), eb.val(0)).as('amount'),
      ])
      .where('received_on', '>=', monthStart(today))
      .where('received_on', '<=', today)
      .executeTakeFirstOrThrow(),
  ])
  return {
    outstandingMinor: Number(accounts.outstanding),
    pastDue: { count: Number(pastDue.n), owedMinor: Number(pastDue.owed) },
    paidThisMonth: { count: Number(payments.n), amountMinor: Number(payments.amount) },
  }
}

/** The buyers with money on their account that the filter picks (the list and its CSV). */
function filteredBalances(db: Executor, show: BalanceShow, today: string) {
  let query = db
    .selectFrom('buyer_accounts as a')
    .innerJoin('buyers as b', 'b.id', 'a.buyer_id')
    .where('a.entries', '>', 0)
  if (show === 'past_due') {
    query = query.where(
      'a.buyer_id',
      'in',
      db.selectFrom('buyer_invoices').select('buyer_id').where('status', '=', 'open').where('due_on', '<', today),
    )
  } else if (show === 'paid_this_month') {
    query = query.where(
      'a.buyer_id',
      'in',
      db
        .selectFrom('buyer_payments')
        .select('buyer_id')
        .where('received_on', '>=', monthStart(today))
        .where('received_on', '<=', today),
    )
  }
  return query
}

const balanceRows = (query: ReturnType<typeof filteredBalances>) =>
  query
    .select(['b.id', 'b.name', 'a.invoiced_minor', 'a.debited_minor', 'a.received_minor', 'a.credited_minor'])
    .orderBy('b.name')
    .orderBy('b.id')
type BalanceRecord = Awaited<ReturnType<ReturnType<typeof balanceRows>['execute']>>[number]

/** Each buyer's outstanding, past due and paid this month (two grouped queries for them all). */
async function withFigures(db: Executor, rows: BalanceRecord[], today: string) {
  const ids = rows.map((r) => r.id)
  const [pastDue, paid] = ids.length
    ? await Promise.all([
        db
          .selectFrom('buyer_invoices')
          .select((eb) => ['buyer_id', owed(eb).as('owed')])
          .where('status', '=', 'open')
          .where('due_on', '<', today)
          .where('buyer_id', 'in', ids)
          .groupBy('buyer_id')
          .execute(),
        db
          .selectFrom('buyer_payments')
          .select((eb) => ['buyer_id', eb.fn.sum<number>('amount_minor').as('amount')])
          .where('received_on', '>=', monthStart(today))
          .where('received_on', '<=', today)
          .where('buyer_id', 'in', ids)
          .groupBy('buyer_id')
          .execute(),
      ])
    : [[], []]
  const pastDueOf = new Map(pastDue.map((r) => [Number(r.buyer_id), Number(r.owed)]))
  const paidOf = new Map(paid.map((r) => [Number(r.buyer_id), Number(r.amount)]))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    outstandingMinor:
      Number(r.invoiced_minor) + Number(r.debited_minor) - Number(r.received_minor) - Number(r.credited_minor),
    pastDueMinor: pastDueOf.get(r.id) ?? 0,
    paidThisMonthMinor: paidOf.get(r.id) ?? 0,
  }))
}

/** A page of buyers with money on their account, by name, each with its outstanding, past due and paid this month. */
export async function buyerBalances(db: Executor, f: BalanceFilters, today = kolkataDay()) {
  const query = filteredBalances(db, f.show, today)
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    balanceRows(query)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
  ])
  return { total: Number(count.n), rows: await withFigures(db, rows, today) }
}
export type BuyerBalanceRow = Awaited<ReturnType<typeof buyerBalances>>['rows'][number]

/** Every buyer the filter picks, by name, with its figures, a batch at a time (the CSV). */
export async function* buyerBalanceBatches(db: Executor, show: BalanceShow, today = kolkataDay(), batch = 1_000) {
  const next = (last: { name: string; id: number } | null) => {
    let query = filteredBalances(db, show, today)
    if (last) {
      const { name, id } = last
      query = query.where((eb) =>
        eb.or([eb('b.name', '>', name), eb.and([eb('b.name', '=', name), eb('b.id', '>', id)])]),
      )
    }
    return balanceRows(query).limit(batch).execute()
  }
  for await (const rows of keysetWalk(next, batch)) yield await withFigures(db, rows, today)
}
