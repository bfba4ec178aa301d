import { sql } from 'kysely'
import { auditMany, type AuditInput } from '~/platform/audit.server'
import {
  batches,
  ImportConflict,
  formValues,
  messagesByColumn,
  refusedRow,
  messageLine,
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
import { productSkusByCodes, type ProductSkuByCode } from '../product-skus/by-code.server'
import { resolveCompanies, type CompanyRef } from '../users/company.server'
import { tellBuyerOfPrices, type PriceChangeTold } from './notify.server'
import {
  changesPricesDirectly,
  oneAtATime,
  openPriceRequest,
  priceChangeVerdict,
  type PriceRule,
} from './price-rules.server'
import { createBuyerSkuSchema } from './schema'

// Buyer SKUs and their prices from a file (docs/domain.md "Bulk imports (issue 40)"): a row names
// a buyer SKU by its buyer and the buyer's code. A code the buyer does not use yet creates the
// buyer SKU with version 1; a code it uses changes it when the price or MOQ differs from the
// version in force, as a new version in force from the moment it is applied (the edit form's rule);
// equal values change nothing. The create and edit forms' checks apply: the same zod fields, an
// active buyer and product SKU for a new one, the product SKU fixed once it exists, an archived
// buyer SKU refused. A changed price goes through the one price rule (priceChangeVerdict), as the
// form's and the API's: below the cost it is refused; one that needs an admin's decision becomes a
// price-change request naming the import (the row's other changes apply at the price in force);
// the rest apply, and each buyer whose prices changed is told once per chunk.

export const buyerSkuColumns: ImportColumn[] = [
  {
    name: 'buyer',
    required: true,
    about: 'The buyer: its exact name (any case) or its id, like #12.',
    example: 'Indigo Threads Retail',
  },
  {
    name: 'product_sku',
    required: true,
    about: 'The product SKU’s code. A buyer SKU’s product SKU never changes.',
    example: 'FAB-DNM-00001',
  },
  {
    name: 'buyer_code',
    required: true,
    about: 'The buyer’s own code: with the buyer it names the buyer SKU (a code the buyer uses changes that one).',
    example: 'IT-105',
  },
  {
    name: 'price',
    required: true,
    about: 'The price per unit in rupees, above 0. A change is a new price version, in force when applied.',
    example: '245.50',
  },
  { name: 'moq', required: true, about: 'The minimum order quantity in the product’s unit.', example: '500' },
  { name: 'note', required: false, about: 'Optional: kept with the new version.', example: 'Cotton up 4 %' },
]

/** File column -> the form's field. */
const FIELDS = {
  buyer: 'buyer',
  product_sku: 'productSkuCode',
  buyer_code: 'buyerCode',
  price: 'price',
  moq: 'moq',
  note: 'note',
} as const
const COLUMN_OF: Record<string, string> = Object.fromEntries(Object.entries(FIELDS).map(([c, f]) => [f, c]))

// The create form's own fields and checks.
const rowSchema = createBuyerSkuSchema.pick({
  buyer: true,
  productSkuCode: true,
  buyerCode: true,
  price: true,
  moq: true,
  note: true,
})

interface Existing {
  id: number
  buyer_id: number
  buyer_code: string
  product_sku_id: number
  status: string
  current_version: number
  number: number | null
  price_minor: number | null
  moq_milli: number | null
  unit: string
  product_sku_code: string
}

type Write =
  | {
      kind: 'create'
      buyer: { id: number; name: string }
      sku: ProductSkuByCode
      buyerCode: string
      price: number
      moq: number
      note: string | null
    }
  | {
      kind: 'change'
      buyerName: string
      existing: Existing
      price: number
      moq: number
      note: string | null
      changed: ('price' | 'moq')[]
      /** The price change needs an admin's decision: a request is made, the price kept. */
      request?: string
    }

interface Planned {
  row: ImportRowInput
  checked: CheckedImportRow
  write?: Write
}

/** The existing buyer SKUs the rows name, with the version in force at `at`. */
async function existingSkus(db: Executor, pairs: { buyerId: number; code: string }[], at: string) {
  const byBuyer = new Map<number, Set<string>>()
  for (const { buyerId, code } of pairs) byBuyer.set(buyerId, (byBuyer.get(buyerId) ?? new Set()).add(code))
  const found = new Map<string, Existing>()
  const inForce = (column: string) =>
    sql<
      number | null
    >`(select v.${sql.ref(column)} from buyer_sku_versions v where v.buyer_sku_id = buyer_skus.id and v.effective_from <= ${at} order by v.number desc limit 1)`
  for (const [buyerId, codes] of byBuyer) {
    const list = [...codes]
    for (let i = 0; i < list.length; i += 500) {
      const rows = await db
        .selectFrom('buyer_skus')
        .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
        .innerJoin('products', 'products.id', 'product_skus.product_id')
        .select([
          'buyer_skus.id',
          'buyer_skus.buyer_id',
          'buyer_skus.buyer_code',
          'buyer_skus.product_sku_id',
          'buyer_skus.status',
          'buyer_skus.current_version',
          'products.unit',
          'product_skus.code as product_sku_code',
          inForce('number').as('number'),
          inForce('price_minor').as('price_minor'),
          inForce('moq_milli').as('moq_milli'),
        ])
        .where('buyer_skus.buyer_id', '=', buyerId)
        .where('buyer_skus.buyer_code', 'in', list.slice(i, i + 500))
        .execute()
      for (const row of rows) found.set(`${row.buyer_id}:${row.buyer_code}`, row)
    }
  }
  return found
}

/** The price rule (cost, floor) of each product SKU named, as priceRuleOf works it out for one buyer SKU. */
async function priceRules(db: Executor, productSkuIds: number[]): Promise<Map<number, PriceRule>> {
  const rules = new Map<number, PriceRule>()
  const ids = [...new Set(productSkuIds)]
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('product_skus')
      .innerJoin('categories', 'categories.id', 'product_skus.category_id')
      .select([
        'product_skus.id',
        'categories.name',
        'categories.margin_floor_bp',
        sql<
          number | null
        >`(select min(o.cost_minor) from seller_skus o inner join sellers s on s.id = o.seller_id where o.product_sku_id = product_skus.id and o.status = 'live' and s.status = 'active' and o.cost_minor is not null)`.as(
          'cost',
        ),
      ])
      .where('product_skus.id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const row of rows)
      rules.set(row.id, {
        costMinor: row.cost === null ? null : Number(row.cost),
        floorBp: row.margin_floor_bp,
        category: row.name,
      })
  }
  return rules
}

/** The pending price-change request of each buyer SKU named that has one. */
async function waitingRequests(db: Executor, buyerSkuIds: number[]): Promise<Map<number, number>> {
  const waiting = new Map<number, number>()
  for (let i = 0; i < buyerSkuIds.length; i += 500) {
    const rows = await db
      .selectFrom('price_change_requests')
      .select(['id', 'buyer_sku_id'])
      .where('buyer_sku_id', 'in', buyerSkuIds.slice(i, i + 500))
      .where('status', '=', 'pending')
      .execute()
    for (const row of rows) waiting.set(row.buyer_sku_id, row.id)
  }
  return waiting
}

/** Classifies a chunk of rows against the catalogue at `context.at`; what each would write rides along. */
async function plan(db: Executor, rows: ImportRowInput[], context: ImportContext): Promise<Planned[]> {
  const parsed = rows.map((row) => ({ row, result: rowSchema.safeParse(formValues(row.cells, FIELDS)) }))
  const [buyers, skus] = await Promise.all([
    resolveCompanies(db, 'buyer', rows.map((r) => r.cells.buyer ?? '').filter(Boolean)),
    productSkusByCodes(
      db,
      rows.map((r) => r.cells.product_sku ?? ''),
    ),
  ])
  const pairs: { buyerId: number; code: string }[] = []
  for (const { row, result } of parsed) {
    const buyer = buyers.get(row.cells.buyer ?? '')
    if (buyer?.ok && result.success) pairs.push({ buyerId: buyer.id, code: result.data.buyerCode })
  }
  const existing = await existingSkus(db, pairs, context.at)
  const changing = parsed.flatMap(({ row, result }) => {
    const buyer = buyers.get(row.cells.buyer ?? '')
    const found = buyer?.ok && result.success ? existing.get(`${buyer.id}:${result.data.buyerCode}`) : undefined
    return found && result.success && found.price_minor !== result.data.price ? [found.product_sku_id] : []
  })
  const rules = await priceRules(db, changing)
  const direct = await changesPricesDirectly(db, context.actorUserId ?? null)
  const waiting = await waitingRequests(
    db,
    [...existing.values()].map((e) => e.id),
  )

  return parsed.map(({ row, result }) => {
    const messages = result.success
      ? {}
      : messagesByColumn(result.error.issues, (path) => COLUMN_OF[String(path[0])] ?? '')
    const buyerRef: CompanyRef | undefined = row.cells.buyer ? buyers.get(row.cells.buyer) : undefined
    if (buyerRef && !buyerRef.ok) messages.buyer ??= buyerRef.message
    const code = (row.cells.product_sku ?? '').trim().toUpperCase()
    const sku = code ? skus.get(code) : undefined
    if (code && !sku) messages.product_sku ??= `No product SKU has the code ${code}`
    const buyerCode = result.success ? result.data.buyerCode : (row.cells.buyer_code ?? '').trim().toUpperCase()
    const key = `${buyerRef?.ok ? buyerRef.name : (row.cells.buyer ?? '')} · ${buyerCode}`
    if (!result.success || !buyerRef?.ok || !sku || Object.keys(messages).length)
      return { row, checked: refusedRow(row, key, messages) }

    const { price, moq, note } = result.data
    const naturalKey = `${buyerRef.id}:${buyerCode}`
    const values = { ...row.cells, buyer_code: buyerCode, product_sku: sku.code }
    if (context.seen.has(naturalKey))
      return {
        row,
        checked: refusedRow(row, key, { buyer_code: 'An earlier row of this file names this buyer and code' }, values),
      }
    const found = existing.get(naturalKey)
    if (!found) {
      if (buyerRef.status !== 'active')
        messages.buyer = `${buyerRef.name} is ${buyerRef.status}: only active buyers get buyer SKUs`
      if (sku.status !== 'active') messages.product_sku = `Product SKU ${sku.code} is archived: choose an active one`
      if (Object.keys(messages).length) return { row, checked: refusedRow(row, key, messages, values) }
      context.seen.add(naturalKey)
      return {
        row,
        checked: { number: row.number, outcome: 'create', key, values },
        write: {
          kind: 'create',
          buyer: buyerRef,
          sku,
          buyerCode,
          price,
          moq,
          note: note || null,
        },
      }
    }
    if (found.status === 'archived')
      messages.buyer_code = `Buyer SKU #${found.id} with this code is archived: restore it before changing it`
    if (found.product_sku_id !== sku.id)
      messages.product_sku = `${buyerCode} of ${buyerRef.name} is product SKU ${found.product_sku_code}: a buyer SKU’s product SKU never changes`
    const changed = (['price', 'moq'] as const).filter((field) =>
      field === 'price' ? found.price_minor !== price : found.moq_milli !== moq,
    )
    let request: string | undefined
    if (changed.includes('price')) {
      const verdict = priceChangeVerdict(
        rules.get(found.product_sku_id),
        { currentMinor: found.price_minor, proposedMinor: price },
        { direct },
      )
      if (verdict.kind === 'refused') messages.price = verdict.message
      else if (verdict.kind === 'request') {
        const other = waiting.get(found.id)
        if (other !== undefined) messages.price = oneAtATime(other)
        else request = verdict.why
      }
    }
    if (Object.keys(messages).length) return { row, checked: refusedRow(row, key, messages, values) }
    context.seen.add(naturalKey)
    if (changed.length === 0) return { row, checked: { number: row.number, outcome: 'unchanged', key, values } }
    const before: Record<string, string> = {}
    if (changed.includes('price')) before.price = found.price_minor === null ? '' : rupeesInput(found.price_minor)
    if (changed.includes('moq')) before.moq = found.moq_milli === null ? '' : quantityInput(found.moq_milli)
    // Said at the price while previewed: applying makes a request, the price stays until it is approved.
    const notes = request
      ? {
          price: `Needs an admin’s decision: applying makes a price-change request, and the price stays ${formatMoney(found.price_minor!)} until it is approved`,
        }
      : undefined
    return {
      row,
      checked: { number: row.number, outcome: 'change', key, values, before, ...(notes ? { messages: notes } : {}) },
      write: {
        kind: 'change',
        buyerName: buyerRef.name,
        existing: found,
        price,
        moq,
        note: note || null,
        changed,
        request,
      },
    }
  })
}

async function write(trx: Trx, planned: Planned[], context: ApplyContext): Promise<AppliedImportRow[]> {
  const at = context.at
  const entries: AuditInput[] = []
  const results = new Map<number, AppliedImportRow>()
  const creates = planned.filter((p) => p.write?.kind === 'create') as (Planned & {
    write: Extract<Write, { kind: 'create' }>
  })[]
  const allChanges = planned.filter((p) => p.write?.kind === 'change') as (Planned & {
    write: Extract<Write, { kind: 'change' }>
  })[]
  // A price change that needs an admin's decision: the request, in the name of who applies the
  // import; the row's other changes (its MOQ) are written at the price in force.
  for (const { write: w, row } of allChanges.filter((c) => c.write.request)) {
    if (context.actorUserId === null) {
      results.set(row.number, { number: row.number, result: 'refused', message: 'price: needs an admin’s decision' })
      continue
    }
    const requestId = await openPriceRequest(trx, {
      actorUserId: context.actorUserId,
      buyerSkuId: w.existing.id,
      buyerCode: w.existing.buyer_code,
      currentPriceMinor: w.existing.price_minor!,
      proposedPriceMinor: w.price,
      why: w.request!,
      note: w.note,
      at,
      importJobId: context.jobId ?? null,
      auditNote: context.note(row.number),
    })
    results.set(row.number, { number: row.number, result: 'requested', entityId: requestId })
    w.price = w.existing.price_minor!
    w.changed = w.changed.filter((f) => f !== 'price')
  }
  const changes = allChanges.filter(
    (c) => c.write.changed.length > 0 && results.get(c.row.number)?.result !== 'refused',
  )
  const told: PriceChangeTold[] = []

  if (creates.length) {
    const ids = new Map<string, number>()
    for (const slice of batches(creates, 8)) {
      const inserted = await trx
        .insertInto('buyer_skus')
        .values(
          slice.map(({ write: w }) => ({
            buyer_id: w.buyer.id,
            product_sku_id: w.sku.id,
            product_id: w.sku.product_id,
            buyer_code: w.buyerCode,
            current_version: 1,
            status: 'active' as const,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning(['id', 'buyer_id', 'buyer_code'])
        .execute()
      for (const row of inserted) ids.set(`${row.buyer_id}:${row.buyer_code}`, row.id)
    }
    const idOf = (w: Extract<Write, { kind: 'create' }>) => ids.get(`${w.buyer.id}:${w.buyerCode}`)!
    for (const slice of batches(creates, 10))
      await trx
        .insertInto('buyer_sku_versions')
        .values(
          slice.map(({ write: w }) => ({
            buyer_sku_id: idOf(w),
            number: 1,
            buyer_code: w.buyerCode,
            price_minor: w.price,
            moq_milli: w.moq,
            note: w.note,
            effective_from: at,
            created_by: context.actorUserId,
            created_at: at,
            price_request_id: null,
          })),
        )
        .execute()
    await syncSearchMany(trx, 'buyer_sku', [...ids.values()])
    for (const { write: w, row } of creates) {
      const id = idOf(w)
      results.set(row.number, { number: row.number, result: 'created', entityId: id })
      entries.push({
        actorUserId: context.actorUserId,
        action: 'buyer_sku.created',
        entityType: 'buyer_sku',
        entityId: id,
        after: {
          buyer: w.buyer.name,
          product_sku: w.sku.code,
          buyer_code: w.buyerCode,
          price: formatMoney(w.price),
          moq: formatQuantity(w.moq, w.sku.unit),
          version: 1,
        },
        note: [context.note(row.number), w.note].filter(Boolean).join(': '),
      })
    }
  }

  if (changes.length) {
    for (const { write: w } of changes) {
      const moved = await trx
        .updateTable('buyer_skus')
        .set({ current_version: w.existing.current_version + 1, updated_at: at })
        .where('id', '=', w.existing.id)
        .where('current_version', '=', w.existing.current_version)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw new ImportConflict(`buyer SKU #${w.existing.id} moved`)
    }
    for (const slice of batches(changes, 10))
      await trx
        .insertInto('buyer_sku_versions')
        .values(
          slice.map(({ write: w }) => ({
            buyer_sku_id: w.existing.id,
            number: w.existing.current_version + 1,
            buyer_code: w.existing.buyer_code,
            price_minor: w.price,
            moq_milli: w.moq,
            note: w.note,
            effective_from: at,
            created_by: context.actorUserId,
            created_at: at,
            price_request_id: null,
          })),
        )
        .execute()
    for (const { write: w, row } of changes) {
      const unit = w.existing.unit
      const shown = (field: 'price' | 'moq', price: number | null, moq: number | null) =>
        field === 'price'
          ? price === null
            ? null
            : formatMoney(price)
          : moq === null
            ? null
            : formatQuantity(moq, unit)
      if (!results.has(row.number))
        results.set(row.number, { number: row.number, result: 'changed', entityId: w.existing.id })
      if (w.changed.includes('price') && w.existing.price_minor !== null)
        told.push({ buyerSkuId: w.existing.id, oldMinor: w.existing.price_minor, newMinor: w.price, effectiveFrom: at })
      entries.push({
        actorUserId: context.actorUserId,
        action: 'buyer_sku.updated',
        entityType: 'buyer_sku',
        entityId: w.existing.id,
        before: {
          ...Object.fromEntries(w.changed.map((f) => [f, shown(f, w.existing.price_minor, w.existing.moq_milli)])),
          version: w.existing.number,
        },
        after: {
          ...Object.fromEntries(w.changed.map((f) => [f, shown(f, w.price, w.moq)])),
          version: w.existing.current_version + 1,
        },
        note: [context.note(row.number), w.note].filter(Boolean).join(': '),
      })
    }
  }
  await auditMany(trx, entries, at)
  await tellBuyerOfPrices(trx, told)

  return planned.map(
    ({ row, checked }) =>
      results.get(row.number) ??
      (checked.outcome === 'refused'
        ? { number: row.number, result: 'refused', message: messageLine(checked.messages) }
        : { number: row.number, result: 'unchanged' }),
  )
}

export const buyerSkuImport: ImportKindDefinition = {
  check: async (db, rows, context) => (await plan(db, rows, context)).map((p) => p.checked),
  apply: async (trx, rows, context) => write(trx, await plan(trx, rows, context), context),
}
