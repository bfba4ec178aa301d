import { sql, type SqlBool } from 'kysely'
import { mayEnter, type PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import type { Executor } from '~/platform/executor'
import { statusLabels } from '../companies/kinds'
import { findKamBuyerSkus, kamBuyerSkus } from '../price-requests/queries.server'
import { searchIds } from '~/platform/search.server'
import { pickedId, pickValue, withChoices, type PickChoices, type PickKind, type PickOption } from '~/platform/pick'

/**
 * The records a picker offers and the check of what was typed into it, for each kind, within the
 * viewer's scope: the resource route /pick/:kind answers the combobox from here, and the forms'
 * mutations check a typed reference here, so both see exactly the same records.
 */

/** How many matches a picker lists. */
export const PICK_LIMIT = 8

/** Who picks, and for kinds picked within a record (a buyer's SKUs), that record's id. */
type Who = Pick<Viewer, 'userId' | 'roles'> & { within?: number | null }

interface PickSource {
  /** The portals whose users may pick this kind (any one of them). */
  portals: PortalKey[]
  /** What the field's label calls one. */
  noun: string
  search(db: Executor, who: Who, text: string): Promise<PickOption[]>
  byId(db: Executor, who: Who, id: number, table: string | null): Promise<PickOption | undefined>
  /** Records whose name or code is exactly the text (any case). */
  exact(db: Executor, who: Who, text: string): Promise<PickOption[]>
}

type CompanyRow = { id: number; name: string; status: keyof typeof statusLabels }
const companyOption = (row: CompanyRow, table?: 'buyer' | 'seller'): PickOption => ({
  id: row.id,
  value: pickValue(row.name, row.id, table),
  label: row.name,
  detail:
    [
      table === 'buyer' ? 'Buyer' : table === 'seller' ? 'Seller' : null,
      row.status === 'active' ? null : statusLabels[row.status],
    ]
      .filter(Boolean)
      .join(' · ') || null,
})

const sameText = (column: string, text: string) => sql<SqlBool>`lower(${sql.ref(column)}) = ${text.toLowerCase()}`

function companies(table: 'buyer' | 'seller', tagged: boolean): Omit<PickSource, 'portals' | 'noun'> {
  const from = table === 'buyer' ? 'buyers' : 'sellers'
  const option = (row: CompanyRow) => companyOption(row, tagged ? table : undefined)
  return {
    async search(db, _who, text) {
      const ids = searchIds(db, table, text)
      if (!ids) return []
      const rows = await db
        .selectFrom(from)
        .select(['id', 'name', 'status'])
        .where('id', 'in', ids)
        .orderBy('name')
        .orderBy('id')
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(option)
    },
    async byId(db, _who, id, named) {
      if (named && named !== table) return undefined
      const row = await db.selectFrom(from).select(['id', 'name', 'status']).where('id', '=', id).executeTakeFirst()
      return row ? option(row) : undefined
    },
    async exact(db, _who, text) {
      const rows = await db
        .selectFrom(from)
        .select(['id', 'name', 'status'])
        .where(sameText('name', text))
        .orderBy('id')
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(option)
    },
  }
}

type SkuRow = { id: number; code: string; name: string; status: string }
const skuOption = (row: SkuRow): PickOption => ({
  id: row.id,
  value: row.code,
  label: `${row.code} ${row.name}`,
  detail: row.status === 'active' ? null : 'Archived',
})

const sampleSkus = (db: Executor) =>
  db
    .selectFrom('sample_skus')
    .innerJoin('categories', 'categories.id', 'sample_skus.category_id')
    .select([
      'sample_skus.id',
      'sample_skus.code',
      'sample_skus.name',
      'sample_skus.stock',
      'sample_skus.active',
      'categories.name as category',
    ])
type SampleSkuRow = { id: number; code: string; name: string; stock: number; active: number; category: string }
const sampleSkuOption = (row: SampleSkuRow): PickOption => ({
  id: row.id,
  value: row.code,
  label: `${row.code} ${row.name}`,
  detail: [row.category, row.active ? `${row.stock} in stock` : 'Inactive'].join(' · '),
})

type KamSkuRow = { id: number; buyerCode: string; buyerName: string; productSkuCode: string; productSkuName: string }
const kamSkuOption = (row: KamSkuRow): PickOption => ({
  id: row.id,
  value: pickValue(row.buyerCode, row.id),
  label: row.buyerCode,
  detail: `${row.buyerName} · ${row.productSkuCode} ${row.productSkuName}`,
})
const kamSkuColumns = [
  'buyer_skus.id',
  'buyer_skus.buyer_code as buyerCode',
  'buyers.name as buyerName',
  'product_skus.code as productSkuCode',
  'product_skus.name as productSkuName',
] as const

type OrderSkuRow = { id: number; buyer_code: string; code: string; name: string }
const orderSkuOption = (row: OrderSkuRow): PickOption => ({
  id: row.id,
  value: pickValue(row.buyer_code, row.id),
  label: row.buyer_code,
  detail: `${row.code} ${row.name}`,
})
/** The active buyer SKUs of the buyer a picker is within, with their product SKUs. */
const buyerSkusWithin = (db: Executor, buyerId: number) =>
  db
    .selectFrom('buyer_skus')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .select(['buyer_skus.id', 'buyer_skus.buyer_code', 'product_skus.code', 'product_skus.name'])
    .where('buyer_skus.buyer_id', '=', buyerId)
    .where('buyer_skus.status', '=', 'active')

const SOURCES: Record<PickKind, PickSource> = {
  buyer: { portals: ['main', 'admin'], noun: 'buyer', ...companies('buyer', false) },
  seller: { portals: ['main', 'admin'], noun: 'seller', ...companies('seller', false) },
  // A user's company: buyers and sellers together, each value saying which it is.
  company: {
    portals: ['admin'],
    noun: 'company',
    async search(db, who, text) {
      const [buyers, sellers] = await Promise.all([
        companies('buyer', true).search(db, who, text),
        companies('seller', true).search(db, who, text),
      ])
      return [...buyers, ...sellers].sort((a, b) => a.label.localeCompare(b.label)).slice(0, PICK_LIMIT)
    },
    async byId(db, who, id, table) {
      if (table === 'buyer') return companies('buyer', true).byId(db, who, id, table)
      if (table === 'seller') return companies('seller', true).byId(db, who, id, table)
      return undefined
    },
    async exact(db, who, text) {
      return [
        ...(await companies('buyer', true).exact(db, who, text)),
        ...(await companies('seller', true).exact(db, who, text)),
      ]
    },
  },
  product_sku: {
    portals: ['main', 'admin', 'catalog_manager', 'biz_ops'],
    noun: 'product SKU',
    async search(db, _who, text) {
      const ids = searchIds(db, 'product_sku', text)
      if (!ids) return []
      const rows = await db
        .selectFrom('product_skus')
        .select(['id', 'code', 'name', 'status'])
        .where('id', 'in', ids)
        .orderBy('code')
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(skuOption)
    },
    async byId(db, _who, id, table) {
      if (table) return undefined
      const row = await db
        .selectFrom('product_skus')
        .select(['id', 'code', 'name', 'status'])
        .where('id', '=', id)
        .executeTakeFirst()
      return row ? skuOption(row) : undefined
    },
    async exact(db, _who, text) {
      // Codes are kept in capitals.
      const rows = await db
        .selectFrom('product_skus')
        .select(['id', 'code', 'name', 'status'])
        .where('code', '=', text.toUpperCase())
        .execute()
      return rows.map(skuOption)
    },
  },
  // The KAM's own buyers' active buyer SKUs: what it may propose prices for.
  buyer_sku: {
    portals: ['demand_kam'],
    noun: 'buyer SKU',
    async search(db, who, text) {
      return (await findKamBuyerSkus(db, who.userId, text)).slice(0, PICK_LIMIT).map(kamSkuOption)
    },
    async byId(db, who, id, table) {
      if (table) return undefined
      const row = await kamBuyerSkus(db, who.userId)
        .select(kamSkuColumns)
        .where('buyer_skus.id', '=', id)
        .executeTakeFirst()
      return row ? kamSkuOption(row) : undefined
    },
    async exact(db, who, text) {
      const rows = await kamBuyerSkus(db, who.userId)
        .select(kamSkuColumns)
        .where(sameText('buyer_skus.buyer_code', text))
        .orderBy('buyers.name')
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(kamSkuOption)
    },
  },
  // One buyer's active SKUs, for an order of that buyer (the cart): by buyer code or product words.
  order_buyer_sku: {
    portals: ['main'],
    noun: 'buyer SKU',
    async search(db, who, text) {
      if (!who.within) return []
      const ids = searchIds(db, 'buyer_sku', text)
      // Words of the product SKU's name (or its code) too, as the picker's hint says: the product
      // SKUs matching, then this buyer's SKUs of them through (buyer_id, product_sku_id).
      const ofSku = searchIds(db, 'product_sku', text)
      if (!ids || !ofSku) return []
      const rows = await buyerSkusWithin(db, who.within)
        .where((eb) => eb.or([eb('buyer_skus.id', 'in', ids), eb('buyer_skus.product_sku_id', 'in', ofSku)]))
        .orderBy('buyer_skus.buyer_code')
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(orderSkuOption)
    },
    async byId(db, who, id, table) {
      if (table || !who.within) return undefined
      const row = await buyerSkusWithin(db, who.within).where('buyer_skus.id', '=', id).executeTakeFirst()
      return row ? orderSkuOption(row) : undefined
    },
    async exact(db, who, text) {
      if (!who.within) return []
      const rows = await buyerSkusWithin(db, who.within)
        .where(sameText('buyer_skus.buyer_code', text))
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(orderSkuOption)
    },
  },
  // Active sample SKUs, by code or words: for the samples cart and the sample order filters.
  sample_sku: {
    portals: ['main', 'admin', 'demand_kam', 'biz_ops'],
    noun: 'sample SKU',
    async search(db, _who, text) {
      const ids = searchIds(db, 'sample_sku', text)
      if (!ids) return []
      const rows = await sampleSkus(db)
        .where('sample_skus.id', 'in', ids)
        .orderBy('sample_skus.code')
        .limit(PICK_LIMIT)
        .execute()
      return rows.map(sampleSkuOption)
    },
    async byId(db, _who, id, table) {
      if (table) return undefined
      const row = await sampleSkus(db).where('sample_skus.id', '=', id).executeTakeFirst()
      return row ? sampleSkuOption(row) : undefined
    },
    async exact(db, _who, text) {
      const rows = await sampleSkus(db).where('sample_skus.code', '=', text.toUpperCase()).execute()
      return rows.map(sampleSkuOption)
    },
  },
}

/** Whether the viewer may pick records of this kind at all. */
export function mayPick(who: Pick<Viewer, 'roles'>, kind: PickKind): boolean {
  return SOURCES[kind].portals.some((portal) => mayEnter(who.roles, portal))
}

/** Up to PICK_LIMIT records matching what was typed (word prefixes, as every search), in the viewer's scope. */
export async function findPicks(db: Executor, who: Who, kind: PickKind, text: string): Promise<PickOption[]> {
  const query = text.trim().slice(0, 120)
  if (!query) return []
  return SOURCES[kind].search(db, who, query)
}

export type PickCheck = { ok: true; option: PickOption } | { ok: false; message: string; choices: PickOption[] }

/**
 * The one record a typed reference names: its id ("#12", "Name (#12)"), or its exact name or code.
 * Otherwise the refusal says why and offers the records that match as words, to choose from.
 */
export async function checkPick(db: Executor, who: Who, kind: PickKind, typed: string): Promise<PickCheck> {
  const source = SOURCES[kind]
  const text = typed.trim().slice(0, 200)
  const noun = source.noun
  if (!text) return { ok: false, message: `Choose the ${noun}`, choices: [] }
  const named = pickedId(text)
  if (named) {
    const option = await source.byId(db, who, named.id, named.table)
    if (option) return { ok: true, option }
    const label = text.replace(/\s*\((?:[a-z_]+ )?#\d+\)$/, '')
    const choices = label && !label.startsWith('#') ? await source.search(db, who, label) : []
    return {
      ok: false,
      message: `There is no ${noun} ${named.table ? `${named.table} ` : ''}#${named.id}${choices.length ? ': choose one below' : ''}`,
      choices,
    }
  }
  const exact = await source.exact(db, who, text)
  if (exact.length === 1) return { ok: true, option: exact[0] }
  if (exact.length > 1)
    return { ok: false, message: `Several ${noun}s are called “${text}”: choose one below`, choices: exact }
  const choices = await source.search(db, who, text)
  if (choices.length === 0) return { ok: false, message: `No ${noun} matches “${text}”`, choices }
  return {
    ok: false,
    message:
      choices.length === 1
        ? `Is it this ${noun}? Choose it below`
        : `Several ${noun}s match “${text}”: choose one below`,
    choices,
  }
}

interface RefusedSubmission<Reply> {
  error?: Record<string, string[] | null> | null
  reply(options?: { fieldErrors?: Record<string, string[]>; hideFields?: string[] }): Reply
}

/**
 * The reply to a form its schema refused, with its references checked too: a typed buyer or
 * product SKU that names none or several is answered on this first submit, beside the other
 * fields' messages, with its choices, not only once everything else is right.
 */
export async function replyWithReferences<Reply extends object>(
  db: Executor,
  who: Who,
  submission: RefusedSubmission<Reply>,
  form: FormData,
  references: Record<string, PickKind | null>,
  options: { hideFields?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  const fieldErrors: Record<string, string[]> = { ...options.fieldErrors }
  const choices: PickChoices = {}
  for (const [name, kind] of Object.entries(references)) {
    const typed = form.get(name)
    if (!kind || typeof typed !== 'string' || !typed.trim() || submission.error?.[name]?.length) continue
    const check = await checkPick(db, who, kind, typed)
    if (check.ok) continue
    fieldErrors[name] = [check.message]
    if (check.choices.length) choices[name] = check.choices
  }
  const reply = submission.reply({ hideFields: options.hideFields, fieldErrors }) as Reply & {
    error?: Record<string, unknown> | null
  }
  // The messages in the form's order (its fields' order in the body), so the summary reads top-down.
  if (reply.error) {
    const order = [...new Set(['', ...form.keys()])]
    const rank = (name: string) => order.indexOf(name) + 1 || order.length + 1
    reply.error = Object.fromEntries(Object.entries(reply.error).sort(([a], [b]) => rank(a) - rank(b)))
  }
  return withChoices(reply, choices)
}
