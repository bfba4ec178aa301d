import type { Executor } from '../audit/audit.server'
import { kolkataDay } from '~/utils/format'

export type CodePrefix = 'MO' | 'SO' | 'SMP' | 'QC' | 'TR' | 'TB'

/**
 * The next code of a kind in the platform's current year: MO-2026-000001, SO-2026-000001. Taken
 * inside the caller's transaction by an update of the scope's counter row, which the database
 * serialises (a row lock on PostgreSQL, the single writer on SQLite): two orders placed at once
 * get two numbers, and a rolled-back order gives its number back.
 */
export async function nextCode(trx: Executor, prefix: CodePrefix, at = new Date()): Promise<string> {
  const scope = `${prefix}-${kolkataDay(at).slice(0, 4)}`
  await trx
    .insertInto('code_counters')
    .values({ scope, last: 0 })
    .onConflict((oc) => oc.column('scope').doNothing())
    .execute()
  const row = await trx
    .updateTable('code_counters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('scope', '=', scope)
    .returning('last')
    .executeTakeFirstOrThrow()
  return `${scope}-${String(row.last).padStart(6, '0')}`
}
