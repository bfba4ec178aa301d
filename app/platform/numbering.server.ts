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

export type DocumentPrefix = 'INV' | 'CN' | 'DN' | 'RCPT' | 'PDN' | 'PAY'

/** The longest document number CGST Rule 46 (invoices), 53 (notes) and 50 (receipt vouchers) allow. */
export const DOCUMENT_NUMBER_MAX = 16

/**
 * Document numbers gapless per financial year, at most 16 characters (CGST Rule 46):
 * INV/26-27/000123, CN/26-27/000123, DN/…, RCPT/26-27/00123 (its serial has the digits that fit).
 * The counter's scope is the series and the full financial year (INV/2026-27), as before the short
 * format: a year's series carries on across the change of format, never restarting. A GST
 * registration other than the home one (issue 52) has its own series, its two letters after the
 * prefix: INVTN/26-27/0001 (scope INVTN/2026-27).
 */
export async function nextDocumentNumber(
  trx: Executor,
  prefix: DocumentPrefix,
  day: string,
  series: string | null = null,
): Promise<string> {
  return documentNumber(prefix, day, await nextInScope(trx, documentScope(prefix, day, series)), series)
}

/** The counter row of a series in a financial year: INV/2026-27 (INVTN/2026-27 for another registration's). */
export const documentScope = (prefix: DocumentPrefix, day: string, series: string | null = null) =>
  `${prefix}${series ?? ''}/${financialYear(day)}`

/** The printed number of a series' nth document of a day's financial year: INV/26-27/000123, INVTN/26-27/0001. */
export function documentNumber(
  prefix: DocumentPrefix,
  day: string,
  serial: number,
  series: string | null = null,
): string {
  const head = `${prefix}${series ?? ''}/${financialYear(day).slice(2)}/`
  return `${head}${String(serial).padStart(Math.min(6, DOCUMENT_NUMBER_MAX - head.length), '0')}`
}

/** The Indian financial year (April to March) of a day: 2026-27 (numbers print its short form, 26-27). */
export function financialYear(day: string): string {
  const year = Number(day.slice(0, 4))
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}
