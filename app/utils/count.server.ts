import { sql, type SelectQueryBuilder } from 'kysely'
import type { Executor } from '~/platform/executor'
import { COUNT_CAP } from './list-params'

/**
 * Counts the rows of a filtered list, stopping at COUNT_CAP + 1: an exact figure for any list a
 * person pages through, "10,000+" past that, at a bounded cost whatever the table size.
 */
export async function countUpTo<D, TB extends keyof D, O>(
  db: Executor,
  query: SelectQueryBuilder<D, TB, O>,
  cap = COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const row = await db
    .selectFrom(
      query
        .clearSelect()
        .select(sql<number>`1`.as('one'))
        .clearOrderBy()
        .limit(cap + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const n = Number(row.n)
  return { total: Math.min(n, cap), capped: n > cap }
}
