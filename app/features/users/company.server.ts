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
