import type { Executor } from './executor'
import { kolkataDay } from '~/utils/format'

export type CodePrefix = 'MO' | 'SO' | 'SMP' | 'QC' | 'TR' | 'TB'

/**
 * The next number of a scope's counter row, taken inside the caller's transaction by an update that
 * the database serialises (a row lock on PostgreSQL, the single writer on SQLite): two documents made
 * at once get two numbers, and a rolled-back one gives its number back. Every code and document
 * number of the platform comes from here.
 */
async function nextInScope(trx: Executor, scope: string): Promise<number> {
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
  return row.last
}

/** The next code of a kind in the platform's current year: MO-2026-000001, SO-2026-000001. */
export async function nextCode(trx: Executor, prefix: CodePrefix, at = new Date()): Promise<string> {
  const scope = `${prefix}-${kolkataDay(at).slice(0, 4)}`
  return `${scope}-${String(await nextInScope(trx, scope)).padStart(6, '0')}`
}

export type DocumentPrefix = 'INV' | 'CN' | 'DN' | 'RCPT'

/** Document numbers gapless per financial year: INV/2026-27/000123, CN/…, DN/…, RCPT/…. */
export async function nextDocumentNumber(trx: Executor, prefix: DocumentPrefix, day: string): Promise<string> {
  const scope = `${prefix}/${financialYear(day)}`
  return `${scope}/${String(await nextInScope(trx, scope)).padStart(6, '0')}`
}

/** The Indian financial year (April to March) of a day: 2026-27. */
export function financialYear(day: string): string {
  const year = Number(day.slice(0, 4))
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}
