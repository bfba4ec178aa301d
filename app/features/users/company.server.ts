import { sql } from 'kysely'
import type { CompanyStatus } from '#db/types'
import type { Executor } from '~/platform/executor'
import { checkPick } from '../search/pick.server'
import { pickedId, type PickOption } from '~/platform/pick'
import type { CompanyKind } from '~/auth/roles'

export type CompanyMatch =
  { ok: true; id: number; name: string } | { ok: false; message: string; choices: PickOption[] }

/** Buyers and sellers are not scoped per viewer: whoever may fill a company field sees them all. */
const ANYONE = { userId: 0, roles: [] }

/**
 * The company a typed value names, through the pickers' one check: "#12", "Name (#12)", a
 * company picker's "Name (buyer #12)", or the exact name (any case). When it names none, or
 * several, the refusal offers the matching companies to choose from.
 */
export async function resolveCompany(db: Executor, kind: CompanyKind, typed: string): Promise<CompanyMatch> {
  const named = pickedId(typed)
  if (named?.table && named.table !== kind) {
    return { ok: false, message: `That is a ${named.table}: a ${kind} user belongs to a ${kind} company`, choices: [] }
  }
  const check = await checkPick(db, ANYONE, kind, named?.table ? `#${named.id}` : typed)
  return check.ok ? { ok: true, id: check.option.id, name: check.option.label } : check
}

type CompanyRow = { id: number; name: string; status: CompanyStatus }
export type CompanyRef = ({ ok: true } & CompanyRow) | { ok: false; message: string }

/**
 * Many typed company references at once (a bulk import's chunk), each as resolveCompany reads it:
 * "#12", "12", "Name (#12)", "Name (buyer #12)" or the exact name (any case); two queries however
 * many rows. A name shared by several companies is refused with their ids to choose from.
 */
export async function resolveCompanies(
  db: Executor,
  kind: CompanyKind,
  typed: string[],
): Promise<Map<string, CompanyRef>> {
  const table = kind === 'buyer' ? 'buyers' : 'sellers'
  const refs = new Map<string, CompanyRef>()
  const ids = new Map<string, number>()
  const names = new Map<string, string>()
  for (const text of new Set(typed)) {
    const value = text.trim()
    const named = /^\d{1,12}$/.test(value) ? { id: Number(value), table: null } : pickedId(value)
    if (named?.table && named.table !== kind)
      refs.set(text, { ok: false, message: `That is a ${named.table}, not a ${kind}` })
    else if (named) ids.set(text, named.id)
    else names.set(text, value.toLowerCase())
  }
  const byId = new Map<number, CompanyRow>()
  const wantedIds = [...new Set(ids.values())]
  for (let i = 0; i < wantedIds.length; i += 500) {
    const rows: CompanyRow[] = await db
      .selectFrom(table)
      .select(['id', 'name', 'status'])
      .where('id', 'in', wantedIds.slice(i, i + 500))
      .execute()
    for (const row of rows) byId.set(row.id, row)
  }
  for (const [text, id] of ids) {
    const row = byId.get(id)
    refs.set(text, row ? { ok: true, ...row } : { ok: false, message: `There is no ${kind} #${id}` })
  }
  const byName = new Map<string, CompanyRow[]>()
  const wanted = [...new Set(names.values())]
  for (let i = 0; i < wanted.length; i += 500) {
    const rows: CompanyRow[] = await db
      .selectFrom(table)
      .select(['id', 'name', 'status'])
      .where(sql<string>`lower(name)`, 'in', wanted.slice(i, i + 500))
      .orderBy('id')
      .execute()
    for (const row of rows) byName.set(row.name.toLowerCase(), [...(byName.get(row.name.toLowerCase()) ?? []), row])
  }
  for (const [text, name] of names) {
    const found = byName.get(name) ?? []
    refs.set(
      text,
      found.length === 1
        ? { ok: true, ...found[0]! }
        : found.length === 0
          ? { ok: false, message: `No ${kind} is called “${text.trim()}”: write its exact name or its id, like #12` }
          : {
              ok: false,
              message: `${found.length} ${kind}s are called “${found[0]!.name}”: write the id of the one you mean (${found.map((f) => `#${f.id}`).join(', ')})`,
            },
    )
  }
  return refs
}
