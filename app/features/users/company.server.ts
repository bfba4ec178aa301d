import { sql } from 'kysely'
import { searchIds } from '../search/search.server'
import type { Executor } from '../audit/audit.server'
import type { CompanyKind } from './roles'

export type CompanyMatch = { ok: true; id: number; name: string } | { ok: false; message: string }

const CANDIDATES = 5
const listed = (rows: { id: number; name: string }[]) => rows.map((r) => `#${r.id} ${r.name}`).join('; ')

/**
 * The company a typed value names: "#12", or the company's exact name (any case). When it names
 * none, or several, the message lists up to five candidates as "#id Name" to type instead.
 */
export async function resolveCompany(db: Executor, kind: CompanyKind, typed: string): Promise<CompanyMatch> {
  const table = kind === 'buyer' ? 'buyers' : 'sellers'
  const text = typed.trim()
  const byId = /^#\s*(\d{1,12})$/.exec(text)
  if (byId) {
    const row = await db.selectFrom(table).select(['id', 'name']).where('id', '=', Number(byId[1])).executeTakeFirst()
    return row ? { ok: true, id: row.id, name: row.name } : { ok: false, message: `There is no ${kind} #${byId[1]}` }
  }
  const exact = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where(sql<boolean>`lower(${sql.ref('name')}) = ${text.toLowerCase()}`)
    .orderBy('id')
    .limit(CANDIDATES)
    .execute()
  if (exact.length === 1) return { ok: true, id: exact[0].id, name: exact[0].name }
  if (exact.length > 1) {
    return { ok: false, message: `Several ${kind}s are called "${text}": ${listed(exact)}. Type the #id of the one you mean.` }
  }
  const similar = searchIds(db, kind, text)
  const near = similar ? await db.selectFrom(table).select(['id', 'name']).where('id', 'in', similar).orderBy('name').limit(CANDIDATES).execute() : []
  return {
    ok: false,
    message: near.length
      ? `No ${kind} is called "${text}". Did you mean: ${listed(near)}?`
      : `No ${kind} is called "${text}". Type #id or the company's exact name.`,
  }
}
