import { redirect } from '@remix-run/node'
import type { Executor } from '~/platform/executor'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { readId } from '~/utils/list-params'

/**
 * The buyer a cart page is for (the master order cart's, the samples cart's), from its URL:
 * `?buyer=12` from a link, or a name or "Name (#12)" typed in the buyer picker, which is sent on to
 * the cart's own address (its forms post there). Without one, or with one that names no buyer or
 * several: what was typed, why, and the buyers to choose from.
 */
export async function cartBuyerOf(
  db: Executor,
  url: URL,
  pathOf: (buyerId: number) => string,
): Promise<{ buyerId: number } | { buyerId: null; typed: string; error: string | null; choices?: PickOption[] }> {
  const typed = (url.searchParams.get('buyer') ?? '').trim().slice(0, 200)
  const id = readId(typed)
  if (id) return { buyerId: id }
  if (!typed) return { buyerId: null, typed, error: null }
  const match = await resolveCompany(db, 'buyer', typed)
  if (match.ok) throw redirect(pathOf(match.id))
  return { buyerId: null, typed, error: match.message, choices: match.choices }
}
