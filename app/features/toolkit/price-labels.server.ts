import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { formatMoney } from '~/utils/format'
import { priceInForceSql } from '../buyer-skus/versions.server'
import { checkPick, mayPick } from '../search/pick.server'
import type { PickOption } from '~/platform/pick'

// Price labels (/toolkit/price-label-generator): a buyer's SKUs with their code, name, the price in
// force now and a Code 128 of the code. Buyer prices are the buyer's own and the operations team's:
// staff who pick buyers choose any buyer, a buyer's users print their own; nobody else has any.

export interface PriceLabel {
  buyerCode: string
  name: string
  price: string
}

export const MAX_PRICE_CODES = 100
export const MAX_COPIES = 24
export const MAX_PRICE_LABELS = 480

/** Buyer codes typed one per line or separated by commas: as typed (buyer codes keep their case), each once. */
export function readBuyerCodes(text: string | null): string[] {
  const codes = (text ?? '')
    .split(/[\n,;]+/)
    .map((c) => c.trim())
    .filter((c) => c.length > 0 && c.length <= 60)
  return [...new Set(codes)].slice(0, MAX_PRICE_CODES)
}

export type BuyerChoice = { mode: 'own'; buyer: { id: number; name: string } } | { mode: 'pick' } | { mode: 'none' }

/** Whose SKUs the viewer may label. */
export function buyerChoice(viewer: Viewer): BuyerChoice {
  if (viewer.company?.kind === 'buyer')
    return { mode: 'own', buyer: { id: viewer.company.id, name: viewer.company.name } }
  return mayPick(viewer, 'buyer') ? { mode: 'pick' } : { mode: 'none' }
}

/** The buyer a staff member typed (an exact name, code or #id), or why not with the buyers to choose from. */
export async function resolveBuyer(
  db: Database,
  viewer: Viewer,
  typed: string,
): Promise<{ ok: true; buyer: { id: number; name: string } } | { ok: false; message: string; choices: PickOption[] }> {
  const check = await checkPick(db, viewer, 'buyer', typed)
  return check.ok ? { ok: true, buyer: { id: check.option.id, name: check.option.label } } : check
}

/** The labels of a buyer's SKUs by their codes, in the order typed; codes the buyer has no active SKU for, apart. */
export async function priceLabels(db: Database, buyerId: number, codes: string[], copies: number) {
  if (!codes.length) return { labels: [] as PriceLabel[], missing: [] as string[], noPrice: [] as string[] }
  const rows = await db
    .selectFrom('buyer_skus')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .select(['buyer_skus.buyer_code', 'product_skus.name', priceInForceSql().as('price_minor')])
    .where('buyer_skus.buyer_id', '=', buyerId)
    .where('buyer_skus.status', '=', 'active')
    .where('buyer_skus.buyer_code', 'in', codes)
    .execute()
  const byCode = new Map(rows.map((r) => [r.buyer_code, r]))
  const labels: PriceLabel[] = []
  const missing: string[] = []
  const noPrice: string[] = []
  for (const code of codes) {
    const row = byCode.get(code)
    if (!row) missing.push(code)
    else if (row.price_minor === null) noPrice.push(code)
    else
      for (let i = 0; i < copies && labels.length < MAX_PRICE_LABELS; i++)
        labels.push({ buyerCode: row.buyer_code, name: row.name, price: formatMoney(Number(row.price_minor)) })
  }
  return { labels, missing, noPrice }
}
