import type { ToldEntry } from '~/ui/history'
import { formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { historyQuery } from '~/features/audit/history.server'
import { type Executor } from '~/platform/executor'
import { STAFF_VIEWER, tellAll, type AuditRow } from '../audit/tell'
import { newestFirst, priceRequestHistory } from '../price-requests/history.server'
import { versionInForce } from './versions.server'

// Reads of one buyer SKU: its page, its versions. Every version read is by (buyer_sku_id, number).

/** The buyer SKU with its buyer and product SKU, or undefined. */
export function buyerSkuHeader(db: Executor, id: number) {
  return db
    .selectFrom('buyer_skus')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .innerJoin('products', 'products.id', 'product_skus.product_id')
    .select([
      'buyer_skus.id',
      'buyer_skus.buyer_id',
      'buyers.name as buyer_name',
      'buyer_skus.buyer_code',
      'buyer_skus.current_version',
      'buyer_skus.status',
      'buyer_skus.created_at',
      'buyer_skus.updated_at',
      'product_skus.id as product_sku_id',
      'product_skus.code as sku_code',
      'product_skus.name as sku_name',
      'products.name as product_name',
      'products.unit',
    ])
    .where('buyer_skus.id', '=', id)
    .executeTakeFirst()
}
export type BuyerSkuHeader = NonNullable<Awaited<ReturnType<typeof buyerSkuHeader>>>

export function buyerSkuExists(db: Executor, id: number) {
  return db.selectFrom('buyer_skus').select('id').where('id', '=', id).executeTakeFirst()
}

/** One version with its author's name. */
function versionQuery(db: Executor, buyerSkuId: number) {
  return db
    .selectFrom('buyer_sku_versions')
    .leftJoin('users', 'users.id', 'buyer_sku_versions.created_by')
    .select([
      'buyer_sku_versions.id',
      'buyer_sku_versions.number',
      'buyer_sku_versions.buyer_code',
      'buyer_sku_versions.price_minor',
      'buyer_sku_versions.moq_milli',
      'buyer_sku_versions.note',
      'buyer_sku_versions.effective_from',
      'buyer_sku_versions.created_at',
      'buyer_sku_versions.price_request_id',
      'users.name as created_by_name',
    ])
    .where('buyer_sku_versions.buyer_sku_id', '=', buyerSkuId)
}
export type BuyerSkuVersion = Awaited<ReturnType<ReturnType<typeof versionQuery>['execute']>>[number]

/** Every version, newest first (a buyer SKU has a handful; the unique (buyer_sku_id, number) index reads them). */
export function versionsOf(db: Executor, buyerSkuId: number) {
  return versionQuery(db, buyerSkuId).orderBy('buyer_sku_versions.number', 'desc').execute()
}

/** The version in force now and, when the latest one starts later, that one too. */
export async function inForceAndWaiting(
  db: Executor,
  buyerSkuId: number,
  currentVersion: number,
  at = new Date().toISOString(),
) {
  const inForceRow = await versionInForce(db, buyerSkuId, at)
  const inForce = inForceRow
    ? await versionQuery(db, buyerSkuId).where('buyer_sku_versions.number', '=', inForceRow.number).executeTakeFirst()
    : undefined
  const waiting =
    currentVersion > (inForce?.number ?? 0)
      ? await versionQuery(db, buyerSkuId).where('buyer_sku_versions.number', '=', currentVersion).executeTakeFirst()
      : undefined
  return { inForce: inForce ?? null, waiting: waiting ?? null }
}

/** Price-change requests waiting for a decision on this buyer SKU, with who asked. */
export function pendingPriceRequests(db: Executor, buyerSkuId: number) {
  return db
    .selectFrom('price_change_requests')
    .innerJoin('users', 'users.id', 'price_change_requests.requested_by')
    .select([
      'price_change_requests.id',
      'price_change_requests.proposed_price_minor',
      'price_change_requests.current_price_minor',
      'price_change_requests.reason',
      'price_change_requests.effective_from',
      'price_change_requests.created_at',
      'users.name as requested_by_name',
    ])
    .where('price_change_requests.buyer_sku_id', '=', buyerSkuId)
    .where('price_change_requests.status', '=', 'pending')
    .orderBy('price_change_requests.id', 'desc')
    .execute()
}

/** The versions asked for in the URL, as typed (`?v=3&a=1&b=3`); null when absent. */
export interface VersionChoice {
  v: string | null
  a: string | null
  b: string | null
}

/**
 * The versions page: every version newest first, the one being viewed (`v`, default the latest) and
 * the two compared (`a` and `b`, default the one before the latest and the latest). Unknown numbers
 * give a message instead of a view.
 */
export async function versionsPage(
  db: Executor,
  buyerSkuId: number,
  choice: VersionChoice,
  at = new Date().toISOString(),
) {
  const header = await buyerSkuHeader(db, buyerSkuId)
  if (!header) return undefined
  const versions = await versionsOf(db, buyerSkuId)
  const byNumber = new Map(versions.map((v) => [v.number, v]))
  const inForce = versions.find((v) => v.effective_from <= at)?.number ?? null
  const messages: string[] = []
  const range = versions.length ? `versions 1 to ${versions[0].number}` : 'no versions'
  const pick = (typed: string | null, fallback: number | undefined) => {
    if (typed === null || typed.trim() === '') return fallback === undefined ? null : (byNumber.get(fallback) ?? null)
    const found = /^\d{1,9}$/.test(typed.trim()) ? byNumber.get(Number(typed.trim())) : undefined
    if (!found) messages.push(`There is no version “${typed.slice(0, 20)}” of this buyer SKU: it has ${range}.`)
    return found ?? null
  }
  const latest = versions[0]?.number
  const viewing = pick(choice.v, latest)
  const a = pick(choice.a, versions[1]?.number ?? latest)
  const b = pick(choice.b, latest)
  return { header, versions, inForce, viewing, compare: a && b ? { a, b } : null, messages, at }
}

const versionOf = (json: string | null) => {
  try {
    const version = (JSON.parse(json ?? '{}') as { version?: unknown }).version
    return typeof version === 'number' ? version : null
  } catch {
    return null
  }
}

/**
 * Everything recorded for a buyer SKU, newest first: its own entries, its price-change requests'
 * (proposed, approved, rejected, withdrawn), and each price version and request step that no entry
 * records (the demo data's, or older ones), so every version and request is in the history too.
 */
export async function buyerSkuHistory(
  db: Executor,
  sku: Pick<BuyerSkuHeader, 'id' | 'unit'>,
  limit = 50,
): Promise<ToldEntry[]> {
  const [own, ofRequests, versions] = await Promise.all([
    historyQuery(db)
      .where('audit_events.entity_type', '=', 'buyer_sku')
      .where('audit_events.entity_id', '=', String(sku.id))
      .orderBy('audit_events.id', 'desc')
      .execute(),
    priceRequestHistory(db, { buyerSkuId: sku.id }, (id, words) => `Price change #${id} ${words}`),
    db
      .selectFrom('buyer_sku_versions')
      .leftJoin('users', 'users.id', 'buyer_sku_versions.created_by')
      .select([
        'buyer_sku_versions.id',
        'buyer_sku_versions.number',
        'buyer_sku_versions.buyer_code',
        'buyer_sku_versions.price_minor',
        'buyer_sku_versions.moq_milli',
        'buyer_sku_versions.note',
        'buyer_sku_versions.effective_from',
        'buyer_sku_versions.created_at',
        'users.name as actor_name',
      ])
      .where('buyer_sku_versions.buyer_sku_id', '=', sku.id)
      .execute(),
  ])
  const recorded = new Set(own.map((e) => versionOf(e.after_json)).filter((n) => n !== null))
  const unrecorded: AuditRow[] = versions
    .filter((v) => !recorded.has(v.number))
    .map((v) => ({
      // Negative: never the id of an audit entry, so the list keys stay unique.
      id: -v.id,
      at: v.created_at,
      action: 'buyer_sku.version_recorded',
      entity_type: 'buyer_sku',
      actor_name: v.actor_name,
      actor_buyer_id: null,
      actor_seller_id: null,
      before_json: null,
      after_json: JSON.stringify({
        buyer_code: v.buyer_code,
        price: formatMoney(v.price_minor),
        moq: formatQuantity(v.moq_milli, sku.unit),
        in_force_from: v.effective_from,
      }),
      note: v.note,
    }))
  const versionWords = new Map(versions.map((v) => [-v.id, `Price version ${v.number} recorded`]))
  const entries: ToldEntry[] = [
    ...tellAll(own, STAFF_VIEWER),
    ...ofRequests,
    ...tellAll(unrecorded, STAFF_VIEWER).map((entry) => ({ ...entry, what: versionWords.get(entry.id) ?? entry.what })),
  ]
  return entries.sort(newestFirst).slice(0, limit)
}
