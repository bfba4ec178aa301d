import * as z from 'zod'
import type { SellerSkuStatus } from '#db/types'
import { auditMany, type AuditInput } from '~/platform/audit.server'
import {
  batches,
  formValues,
  ImportConflict,
  messageLine,
  messagesByColumn,
  refusedRow,
  type AppliedImportRow,
  type ApplyContext,
  type CheckedImportRow,
  type ImportColumn,
  type ImportContext,
  type ImportKindDefinition,
  type ImportRowInput,
} from '~/platform/bulk-import'
import type { Executor, Trx } from '~/platform/executor'
import { syncSearchMany } from '~/platform/search.server'
import { formatMoney } from '~/utils/format'
import { rupeesInput } from '~/utils/money'
import { formatQuantity, quantityInput } from '~/utils/quantity'
import { nextStamp } from '~/utils/version-stamp'
import { productSkusByCodes } from '../product-skus/by-code.server'
import { resolveCompanies } from '../users/company.server'
import { publishGaps, type OfferField } from './rules'
import { createSellerSkuSchema, editSellerSkuSchema } from './schema'

// Sellers' offers and their costs from a file (docs/domain.md "Bulk imports (issue 40)"). A row
// names an offer by its seller and product SKU: a seller has at most one open (draft or live) offer
// of a product SKU. Seller SKUs: without an open offer the row creates one (draft, or live when its
// status says so and the publish rules are met); with one it changes that offer's terms and status
// (draft or live) where the row differs; columns left out keep the offer's values, an empty cell
// empties a term (a live offer must stay complete). Sellers' cost updates: the cost of the open
// offer, which must exist. The forms' checks apply: the same zod fields, an active seller and
// product SKU for a new offer, the publish rules for a live one.

export const sellerSkuColumns: ImportColumn[] = [
  {
    name: 'seller',
    required: true,
    about: 'The seller: its exact name (any case) or its id, like #12.',
    example: 'Tiruppur Knit Works',
  },
  {
    name: 'product_sku',
    required: true,
    about: 'The product SKU’s code: with the seller it names the offer.',
    example: 'FAB-DNM-00001',
  },
  {
    name: 'seller_code',
    required: false,
    about: 'The seller’s own code for it (needed to publish).',
    example: 'TKW-4411',
  },
  {
    name: 'cost',
    required: false,
    about: 'The cost price per unit in rupees, above 0 (needed to publish).',
    example: '180.00',
  },
  {
    name: 'moq',
    required: false,
    about: 'The MOQ in the product’s unit, above 0 (needed to publish).',
    example: '500',
  },
  {
    name: 'monthly_capacity',
    required: false,
    about: 'The monthly capacity in the product’s unit, above 0 (needed to publish).',
    example: '20000',
  },
  {
    name: 'lead_time_days',
    required: false,
    about: 'The lead time in whole days, 1 to 365 (needed to publish).',
    example: '21',
  },
  {
    name: 'status',
    required: false,
    about: 'draft or live. A new offer is a draft unless it says live; a live offer must be complete.',
    example: 'live',
  },
]

export const sellerCostColumns: ImportColumn[] = [
  sellerSkuColumns[0]!,
  { ...sellerSkuColumns[1]!, about: 'The product SKU’s code of the seller’s open (draft or live) offer.' },
  { name: 'cost', required: true, about: 'The new cost price per unit in rupees, above 0.', example: '182.50' },
]

const TERMS = {
  seller_code: 'sellerCode',
  cost: 'cost',
  moq: 'moq',
  monthly_capacity: 'monthlyCapacity',
  lead_time_days: 'leadTimeDays',
} as const
type TermColumn = keyof typeof TERMS
const FIELDS = { seller: 'seller', product_sku: 'productSku', ...TERMS } as const
const COLUMN_OF: Record<string, string> = Object.fromEntries(Object.entries(FIELDS).map(([c, f]) => [f, c]))

// The offer forms' own fields and checks.
const offerSchema = editSellerSkuSchema.omit({ version: true }).extend({
  seller: createSellerSkuSchema.shape.seller,
  productSku: createSellerSkuSchema.shape.productSku,
})
const costSchema = z.object({
  seller: createSellerSkuSchema.shape.seller,
  productSku: createSellerSkuSchema.shape.productSku,
  cost: editSellerSkuSchema.shape.cost.unwrap(),
})

/** The stored terms of an offer. */
interface Terms {
  seller_code: string | null
  cost_minor: number | null
  moq_milli: number | null
  monthly_capacity_milli: number | null
  lead_time_days: number | null
}
const TERM_KEYS = ['seller_code', 'cost_minor', 'moq_milli', 'monthly_capacity_milli', 'lead_time_days'] as const
const storedOf: Record<TermColumn, keyof Terms> = {
  seller_code: 'seller_code',
  cost: 'cost_minor',
  moq: 'moq_milli',
  monthly_capacity: 'monthly_capacity_milli',
  lead_time_days: 'lead_time_days',
}
const gapColumn: Record<OfferField, string> = {
  seller: 'seller',
  productSku: 'product_sku',
  sellerCode: 'seller_code',
  cost: 'cost',
  moq: 'moq',
  monthlyCapacity: 'monthly_capacity',
  leadTimeDays: 'lead_time_days',
}

interface Offer extends Terms {
  id: number
  seller_id: number
  product_sku_id: number
  status: SellerSkuStatus
  updated_at: string
}

/** A term as a cell shows it (the old value of a change). */
function termInput(column: TermColumn, terms: Terms): string {
  const value = terms[storedOf[column]]
  if (value === null) return ''
  if (column === 'cost') return rupeesInput(value as number)
  if (column === 'moq' || column === 'monthly_capacity') return quantityInput(value as number)
  return String(value)
}

/** The history shows rupees and quantities in the product's unit, as the offer forms' entries do. */
function readable(terms: Partial<Terms>, unit: string) {
  const shown: Record<string, string | number | null> = {}
  for (const [key, value] of Object.entries(terms)) {
    const name = key.replace(/_minor|_milli/, '')
    if (value === null || value === undefined) shown[name] = null
    else if (key === 'cost_minor') shown.cost = formatMoney(value as number)
    else if (key.endsWith('_milli')) shown[name] = formatQuantity(value as number, unit)
    else shown[key] = value
  }
  return shown
}

/** The open (draft or live) offers of the pairs the rows name. */
async function openOffers(db: Executor, pairs: { sellerId: number; productSkuId: number }[]) {
  const bySeller = new Map<number, Set<number>>()
  for (const { sellerId, productSkuId } of pairs)
    bySeller.set(sellerId, (bySeller.get(sellerId) ?? new Set()).add(productSkuId))
  const found = new Map<string, Offer>()
  for (const [sellerId, skuIds] of bySeller) {
    const list = [...skuIds]
    for (let i = 0; i < list.length; i += 500) {
      const rows = await db
        .selectFrom('seller_skus')
        .select([
          'id',
          'seller_id',
          'product_sku_id',
          'status',
          'updated_at',
          'seller_code',
          'cost_minor',
          'moq_milli',
          'monthly_capacity_milli',
          'lead_time_days',
        ])
        .where('seller_id', '=', sellerId)
        .where('product_sku_id', 'in', list.slice(i, i + 500))
        .where('status', 'in', ['draft', 'live'])
        .execute()
      for (const row of rows) found.set(`${row.seller_id}:${row.product_sku_id}`, row)
    }
  }
  return found
}

type Write =
  | {
      kind: 'create'
      seller: { id: number; name: string }
      sku: { id: number; code: string; unit: string }
      terms: Terms
      status: SellerSkuStatus
    }
  | {
      kind: 'change'
      offer: Offer
      unit: string
      terms: Terms
      status: SellerSkuStatus
      changed: (keyof Terms)[]
    }

interface Planned {
  row: ImportRowInput
  checked: CheckedImportRow
  write?: Write
}

/** The references of a chunk (sellers, product SKUs, their open offers), shared by both kinds. */
async function references(db: Executor, rows: ImportRowInput[]) {
  const [sellers, skus] = await Promise.all([
    resolveCompanies(db, 'seller', rows.map((r) => r.cells.seller ?? '').filter(Boolean)),
    productSkusByCodes(
      db,
      rows.map((r) => r.cells.product_sku ?? ''),
    ),
  ])
  const pairs: { sellerId: number; productSkuId: number }[] = []
  for (const row of rows) {
    const seller = sellers.get(row.cells.seller ?? '')
    const sku = skus.get((row.cells.product_sku ?? '').trim().toUpperCase())
    if (seller?.ok && sku) pairs.push({ sellerId: seller.id, productSkuId: sku.id })
  }
  const offers = await openOffers(db, pairs)
  return {
    offers,
    resolve(row: ImportRowInput, messages: Record<string, string>) {
      const seller = row.cells.seller ? sellers.get(row.cells.seller) : undefined
      if (seller && !seller.ok) messages.seller ??= seller.message
      const code = (row.cells.product_sku ?? '').trim().toUpperCase()
      const sku = code ? skus.get(code) : undefined
      if (code && !sku) messages.product_sku ??= `No product SKU has the code ${code}`
      const key = `${seller?.ok ? seller.name : (row.cells.seller ?? '')} · ${code}`
      return { seller: seller?.ok ? seller : undefined, sku, key }
    },
  }
}

async function planOffers(db: Executor, rows: ImportRowInput[], context: ImportContext): Promise<Planned[]> {
  const refs = await references(db, rows)
  return rows.map((row): Planned => {
    const result = offerSchema.safeParse(formValues(row.cells, FIELDS))
    const messages = result.success ? {} : messagesByColumn(result.error.issues, (p) => COLUMN_OF[String(p[0])] ?? '')
    const { seller, sku, key } = refs.resolve(row, messages)
    const statusCell = (row.cells.status ?? '').trim().toLowerCase()
    if (statusCell === 'archived')
      messages.status = 'An import makes draft or live offers: archive an offer on its page'
    else if (statusCell && statusCell !== 'draft' && statusCell !== 'live') messages.status = 'Write draft or live'
    if (!result.success || !seller || !sku || Object.keys(messages).length)
      return { row, checked: refusedRow(row, key, messages) }
    const values = { ...row.cells, product_sku: sku.code }
    const naturalKey = `${seller.id}:${sku.id}`
    if (context.seen.has(naturalKey))
      return {
        row,
        checked: refusedRow(
          row,
          key,
          { product_sku: 'An earlier row of this file names this seller and product SKU' },
          values,
        ),
      }
    const typed: Partial<Terms> = {}
    const parsed = result.data
    const read: Record<TermColumn, string | number | null> = {
      seller_code: parsed.sellerCode || null,
      cost: parsed.cost ?? null,
      moq: parsed.moq ?? null,
      monthly_capacity: parsed.monthlyCapacity ?? null,
      lead_time_days: parsed.leadTimeDays ?? null,
    }
    for (const column of Object.keys(TERMS) as TermColumn[])
      if (column in row.cells) (typed as Record<string, unknown>)[storedOf[column]] = read[column]

    const offer = refs.offers.get(naturalKey)
    const status: SellerSkuStatus = (statusCell as SellerSkuStatus) || offer?.status || 'draft'
    const terms: Terms = {
      seller_code: null,
      cost_minor: null,
      moq_milli: null,
      monthly_capacity_milli: null,
      lead_time_days: null,
      ...(offer ? Object.fromEntries(TERM_KEYS.map((k) => [k, offer[k]])) : {}),
      ...typed,
    }
    if (status === 'live') {
      // Publishing checks the seller and product SKU too; a live offer's save keeps it complete.
      const publishing = !offer || offer.status !== 'live'
      const gaps = publishGaps({
        sellerCode: terms.seller_code,
        costMinor: terms.cost_minor,
        moqMilli: terms.moq_milli,
        monthlyCapacityMilli: terms.monthly_capacity_milli,
        leadTimeDays: terms.lead_time_days,
        sellerActive: publishing ? seller.status === 'active' : undefined,
        productSkuActive: publishing ? sku.status === 'active' : undefined,
      })
      for (const [field, message] of Object.entries(gaps)) messages[gapColumn[field as OfferField]] = message
    }
    if (!offer) {
      if (seller.status !== 'active')
        messages.seller = `${seller.name} is not active: offers are made for active sellers only`
      if (sku.status !== 'active') messages.product_sku = `${sku.code} is archived: offer an active product SKU`
    }
    if (Object.keys(messages).length) return { row, checked: refusedRow(row, key, messages, values) }
    context.seen.add(naturalKey)
    if (!offer)
      return {
        row,
        checked: { number: row.number, outcome: 'create', key, values },
        write: { kind: 'create', seller, sku, terms, status },
      }
    const changed = TERM_KEYS.filter((k) => offer[k] !== terms[k])
    const before: Record<string, string> = {}
    for (const column of Object.keys(TERMS) as TermColumn[])
      if (changed.includes(storedOf[column])) before[column] = termInput(column, offer)
    if (offer.status !== status) before.status = offer.status
    if (Object.keys(before).length === 0)
      return { row, checked: { number: row.number, outcome: 'unchanged', key, values } }
    return {
      row,
      checked: { number: row.number, outcome: 'change', key, values, before },
      write: { kind: 'change', offer, unit: sku.unit, terms, status, changed },
    }
  })
}

async function planCosts(db: Executor, rows: ImportRowInput[], context: ImportContext): Promise<Planned[]> {
  const refs = await references(db, rows)
  return rows.map((row): Planned => {
    const result = costSchema.safeParse(
      formValues(row.cells, { seller: 'seller', product_sku: 'productSku', cost: 'cost' }),
    )
    const messages = result.success ? {} : messagesByColumn(result.error.issues, (p) => COLUMN_OF[String(p[0])] ?? '')
    const { seller, sku, key } = refs.resolve(row, messages)
    if (!result.success || !seller || !sku || Object.keys(messages).length)
      return { row, checked: refusedRow(row, key, messages) }
    const values = { ...row.cells, product_sku: sku.code }
    const naturalKey = `${seller.id}:${sku.id}`
    const offer = refs.offers.get(naturalKey)
    if (!offer)
      return {
        row,
        checked: refusedRow(
          row,
          key,
          { product_sku: `${seller.name} has no draft or live offer of ${sku.code}: import it as a seller SKU first` },
          values,
        ),
      }
    if (context.seen.has(naturalKey))
      return {
        row,
        checked: refusedRow(
          row,
          key,
          { product_sku: 'An earlier row of this file names this seller and product SKU' },
          values,
        ),
      }
    context.seen.add(naturalKey)
    if (offer.cost_minor === result.data.cost)
      return { row, checked: { number: row.number, outcome: 'unchanged', key, values } }
    return {
      row,
      checked: { number: row.number, outcome: 'change', key, values, before: { cost: termInput('cost', offer) } },
      write: {
        kind: 'change',
        offer,
        unit: sku.unit,
        terms: { ...offer, cost_minor: result.data.cost },
        status: offer.status,
        changed: ['cost_minor'],
      },
    }
  })
}

async function write(trx: Trx, planned: Planned[], context: ApplyContext): Promise<AppliedImportRow[]> {
  const at = context.at
  const results = new Map<number, AppliedImportRow>()
  const entries: AuditInput[] = []
  const searched: number[] = []

  const creates = planned.flatMap((p) => (p.write?.kind === 'create' ? [{ row: p.row, ...p.write }] : []))
  const ids = new Map<string, number>()
  for (const slice of batches(creates, 11)) {
    const inserted = await trx
      .insertInto('seller_skus')
      .values(
        slice.map((c) => ({
          seller_id: c.seller.id,
          product_sku_id: c.sku.id,
          ...c.terms,
          status: c.status,
          published_at: c.status === 'live' ? at : null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'seller_id', 'product_sku_id'])
      .execute()
    for (const row of inserted) ids.set(`${row.seller_id}:${row.product_sku_id}`, row.id)
  }
  for (const c of creates) {
    const id = ids.get(`${c.seller.id}:${c.sku.id}`)!
    searched.push(id)
    results.set(c.row.number, { number: c.row.number, result: 'created', entityId: id })
    entries.push({
      actorUserId: context.actorUserId,
      action: 'seller_sku.created',
      entityType: 'seller_sku',
      entityId: id,
      after: { seller: c.seller.name, product_sku: c.sku.code, status: c.status, ...readable(c.terms, c.sku.unit) },
      note: context.note(c.row.number),
    })
  }

  for (const p of planned) {
    if (p.write?.kind !== 'change') continue
    const { offer, terms, status, changed, unit } = p.write
    const stamp = nextStamp(offer.updated_at)
    const publishing = offer.status !== 'live' && status === 'live'
    const updated = await trx
      .updateTable('seller_skus')
      .set({
        ...Object.fromEntries(TERM_KEYS.map((k) => [k, terms[k]])),
        status,
        ...(publishing ? { published_at: stamp } : {}),
        updated_at: stamp,
      })
      .where('id', '=', offer.id)
      .where('updated_at', '=', offer.updated_at)
      .where('status', '=', offer.status)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new ImportConflict(`offer #${offer.id} moved`)
    if (changed.includes('seller_code')) searched.push(offer.id)
    results.set(p.row.number, { number: p.row.number, result: 'changed', entityId: offer.id })
    const pick = (from: Terms) => Object.fromEntries(changed.map((k) => [k, from[k]]))
    if (changed.length)
      entries.push({
        actorUserId: context.actorUserId,
        action: 'seller_sku.updated',
        entityType: 'seller_sku',
        entityId: offer.id,
        before: readable(pick(offer), unit),
        after: readable(pick(terms), unit),
        note: context.note(p.row.number),
      })
    if (offer.status !== status)
      entries.push({
        actorUserId: context.actorUserId,
        action: status === 'live' ? 'seller_sku.published' : 'seller_sku.unpublished',
        entityType: 'seller_sku',
        entityId: offer.id,
        before: { status: offer.status },
        after: { status },
        note: context.note(p.row.number),
      })
  }
  await syncSearchMany(trx, 'seller_sku', searched)
  await auditMany(trx, entries, at)

  return planned.map(
    ({ row, checked }) =>
      results.get(row.number) ??
      (checked.outcome === 'refused'
        ? { number: row.number, result: 'refused', message: messageLine(checked.messages) }
        : { number: row.number, result: 'unchanged' }),
  )
}

export const sellerSkuImport: ImportKindDefinition = {
  check: async (db, rows, context) => (await planOffers(db, rows, context)).map((p) => p.checked),
  apply: async (trx, rows, context) => write(trx, await planOffers(trx, rows, context), context),
}

export const sellerCostImport: ImportKindDefinition = {
  check: async (db, rows, context) => (await planCosts(db, rows, context)).map((p) => p.checked),
  apply: async (trx, rows, context) => write(trx, await planCosts(trx, rows, context), context),
}
