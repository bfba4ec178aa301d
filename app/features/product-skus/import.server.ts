import { auditMany, type AuditInput } from '~/platform/audit.server'
import {
  batches,
  ImportConflict,
  messageLine,
  messagesByColumn,
  nameKey,
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
import { formatQuantity, quantityInput } from '~/utils/quantity'
import { parseAttributeValues } from '../products/attributes'
import type { SkuProduct } from './queries.server'
import { productSkuFormSchema } from './schema'

// Product SKUs of one product from a file (docs/domain.md "Bulk imports (issue 40)"): a row names a
// SKU by its code (unique across products). A new code creates an active SKU; a known code of this
// product changes it where the row differs. The create and edit forms' checks apply (the same zod
// schema built from the product's attributes; an active category and line of the product unless the
// SKU already has them). Columns left out of the file keep the SKU's values (product line and
// attributes); an empty cell empties an optional value.

/** Columns of the list's CSV export that are not the SKU's to import: accepted, left out. */
const IGNORED = ['id', 'status', 'updated']

/** The columns of a product's import file: the fixed ones, then one per attribute (by its key). */
function columnsOf(product: SkuProduct): (ImportColumn & { aliases?: string[] })[] {
  return [
    {
      name: 'code',
      required: true,
      about: 'The SKU’s code, unique across all products: it names the SKU.',
      example: 'FAB-DNM-00001',
    },
    { name: 'name', required: true, about: 'The SKU’s name.', example: 'Indigo denim twill 3/1' },
    {
      name: 'category',
      required: true,
      about: `The ${product.name.toLowerCase()} category, by its name.`,
      example: 'Denim',
    },
    {
      name: 'product_line',
      required: false,
      about:
        'Optional: the product line by its name; empty for none; a SKU keeps its line when the column is left out.',
      example: '',
    },
    { name: 'moq', required: true, about: `The minimum order quantity in ${product.unit}.`, example: '500' },
    ...product.schema.map((attribute) => ({
      name: attribute.key,
      aliases: [`attr_${attribute.key}`, columnNameOf(attribute.label)],
      required: false,
      about: `${attribute.label}${attribute.unit ? ` in ${attribute.unit}` : ''}${
        attribute.type === 'enum'
          ? `: one of ${(attribute.values ?? []).join(', ')}`
          : attribute.type === 'number'
            ? ', a number'
            : ''
      }${attribute.required ? ' (required)' : ' (optional)'}. Left out of the file: the SKU keeps its value.`,
      example: attribute.type === 'enum' ? (attribute.values?.[0] ?? '') : attribute.type === 'number' ? '180' : '',
    })),
  ]
}

/** As read-file.server.ts's columnName reads a header (kept here so this feature does not read the imports feature). */
const columnNameOf = (label: string) =>
  label
    .trim()
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')

interface Existing {
  id: number
  product_id: number
  product_name: string
  code: string
  name: string
  category_id: number
  product_line_id: number | null
  moq_milli: number
  attributes_json: string
  updated_at: string
}

interface Next {
  code: string
  name: string
  categoryId: number
  productLineId: number | null
  moq: number
  attributes: Record<string, string>
}

type Write = { kind: 'create'; next: Next } | { kind: 'change'; next: Next; existing: Existing; changed: string[] }

interface Planned {
  row: ImportRowInput
  checked: CheckedImportRow
  write?: Write
}

async function existingByCodes(db: Executor, codes: string[]) {
  const found = new Map<string, Existing>()
  const wanted = [...new Set(codes)]
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom('product_skus')
      .innerJoin('products', 'products.id', 'product_skus.product_id')
      .select([
        'product_skus.id',
        'product_skus.product_id',
        'products.name as product_name',
        'product_skus.code',
        'product_skus.name',
        'product_skus.category_id',
        'product_skus.product_line_id',
        'product_skus.moq_milli',
        'product_skus.attributes_json',
        'product_skus.updated_at',
      ])
      .where('product_skus.code', 'in', wanted.slice(i, i + 500))
      .execute()
    for (const row of rows) found.set(row.code, row)
  }
  return found
}

export function productSkuImportFor(product: SkuProduct): {
  columns: (ImportColumn & { aliases?: string[] })[]
  ignored: string[]
  definition: ImportKindDefinition
} {
  const schema = productSkuFormSchema(product.schema)
  const columnOf = (path: readonly PropertyKey[]) => {
    const [first, second] = path.map(String)
    if (first === 'attr') return second ?? ''
    return first === 'categoryId' ? 'category' : first === 'productLineId' ? 'product_line' : (first ?? '')
  }
  const labelOf = Object.fromEntries(product.schema.map((a) => [a.key, a.label]))

  async function plan(db: Executor, rows: ImportRowInput[], context: ImportContext): Promise<Planned[]> {
    const [categories, lines, existing] = await Promise.all([
      db.selectFrom('categories').select(['id', 'name', 'active']).where('product_id', '=', product.id).execute(),
      db.selectFrom('product_lines').select(['id', 'name', 'active']).where('product_id', '=', product.id).execute(),
      existingByCodes(db, rows.map((r) => (r.cells.code ?? '').trim().toUpperCase()).filter(Boolean)),
    ])
    const categoryByName = new Map(categories.map((c) => [nameKey(c.name), c]))
    const categoryById = new Map(categories.map((c) => [c.id, c]))
    const lineByName = new Map(lines.map((l) => [nameKey(l.name), l]))
    const lineById = new Map(lines.map((l) => [l.id, l]))

    return rows.map((row): Planned => {
      const cells = row.cells
      const code = (cells.code ?? '').trim().toUpperCase()
      const found = code ? existing.get(code) : undefined
      const messages: Record<string, string> = {}
      const key = code || '(no code)'
      if (found && found.product_id !== product.id)
        messages.code = `${code} is a ${found.product_name} SKU: import it with the ${found.product_name} SKUs`
      const mine = found && found.product_id === product.id ? found : undefined
      const kept = mine ? parseAttributeValues(mine.attributes_json) : {}

      const category = cells.category ? categoryByName.get(nameKey(cells.category)) : undefined
      if (cells.category && !category)
        messages.category = `No ${product.name.toLowerCase()} category is called “${cells.category}”`
      else if (category && category.active !== 1 && mine?.category_id !== category.id)
        messages.category = `Choose an active ${product.name.toLowerCase()} category: ${category.name} is retired`
      let lineId: number | null = mine?.product_line_id ?? null
      if ('product_line' in cells) {
        const line = cells.product_line ? lineByName.get(nameKey(cells.product_line)) : undefined
        lineId = line?.id ?? null
        if (cells.product_line && !line)
          messages.product_line = `No ${product.name.toLowerCase()} product line is called “${cells.product_line}”`
        else if (line && line.active !== 1 && mine?.product_line_id !== line.id)
          messages.product_line = `Choose an active ${product.name.toLowerCase()} product line: ${line.name} is retired`
      }
      const attr: Record<string, string | undefined> = {}
      for (const attribute of product.schema) {
        const cell = attribute.key in cells ? cells[attribute.key] : kept[attribute.key]
        attr[attribute.key] = cell === '' ? undefined : cell
      }
      const result = schema.safeParse({
        code: cells.code || undefined,
        name: cells.name || undefined,
        categoryId: category?.id,
        productLineId: lineId ?? undefined,
        moq: cells.moq || undefined,
        attr,
      })
      if (!result.success) {
        const parsed = messagesByColumn(result.error.issues, columnOf)
        for (const [column, message] of Object.entries(parsed))
          if (!(column === 'category' && (messages.category || cells.category))) messages[column] ??= message
      }
      if (!result.success || Object.keys(messages).length) return { row, checked: refusedRow(row, key, messages) }

      const value = result.data
      const next: Next = {
        code: value.code,
        name: value.name,
        categoryId: value.categoryId,
        productLineId: value.productLineId ?? null,
        moq: value.moq,
        attributes: value.attributes,
      }
      const values = { ...cells, code: next.code }
      if (context.seen.has(next.code))
        return { row, checked: refusedRow(row, key, { code: 'An earlier row of this file has this code' }, values) }
      context.seen.add(next.code)
      if (!mine)
        return { row, checked: { number: row.number, outcome: 'create', key, values }, write: { kind: 'create', next } }

      const before: Record<string, string> = {}
      if (mine.name !== next.name) before.name = mine.name
      if (mine.category_id !== next.categoryId) before.category = categoryById.get(mine.category_id)?.name ?? ''
      if (mine.product_line_id !== next.productLineId)
        before.product_line = mine.product_line_id === null ? '' : (lineById.get(mine.product_line_id)?.name ?? '')
      if (mine.moq_milli !== next.moq) before.moq = quantityInput(mine.moq_milli)
      for (const attribute of product.schema)
        if ((kept[attribute.key] ?? '') !== (next.attributes[attribute.key] ?? ''))
          before[attribute.key] = kept[attribute.key] ?? ''
      const changed = Object.keys(before)
      if (changed.length === 0) return { row, checked: { number: row.number, outcome: 'unchanged', key, values } }
      return {
        row,
        checked: { number: row.number, outcome: 'change', key, values, before },
        write: { kind: 'change', next, existing: mine, changed },
      }
    })
  }

  /** The readable state of a SKU for its history, as the form's mutations write it. */
  async function namesOf(trx: Executor) {
    const [categories, lines] = await Promise.all([
      trx.selectFrom('categories').select(['id', 'name']).where('product_id', '=', product.id).execute(),
      trx.selectFrom('product_lines').select(['id', 'name']).where('product_id', '=', product.id).execute(),
    ])
    return { category: new Map(categories.map((c) => [c.id, c.name])), line: new Map(lines.map((l) => [l.id, l.name])) }
  }

  async function write(trx: Trx, planned: Planned[], context: ApplyContext): Promise<AppliedImportRow[]> {
    const at = context.at
    const names = await namesOf(trx)
    const snapshot = (next: Next) => {
      const values: Record<string, string | null> = {
        code: next.code,
        name: next.name,
        category: names.category.get(next.categoryId) ?? '',
        product_line: next.productLineId === null ? null : (names.line.get(next.productLineId) ?? null),
        moq: formatQuantity(next.moq, product.unit),
      }
      for (const attribute of product.schema) values[attribute.label] = next.attributes[attribute.key] ?? null
      return values
    }
    const results = new Map<number, AppliedImportRow>()
    const entries: AuditInput[] = []
    const attributeRows: { product_sku_id: number; key: string; value: string }[] = []
    const attributeRowsOf = (id: number, values: Record<string, string>) =>
      Object.entries(values)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => ({ product_sku_id: id, key, value: value.toLowerCase() }))

    const creates = planned.flatMap((p) => (p.write?.kind === 'create' ? [{ row: p.row, next: p.write.next }] : []))
    const ids = new Map<string, number>()
    for (const slice of batches(creates, 10)) {
      const inserted = await trx
        .insertInto('product_skus')
        .values(
          slice.map(({ next }) => ({
            product_id: product.id,
            category_id: next.categoryId,
            product_line_id: next.productLineId,
            code: next.code,
            name: next.name,
            attributes_json: JSON.stringify(next.attributes),
            moq_milli: next.moq,
            status: 'active' as const,
            created_at: at,
            updated_at: at,
          })),
        )
        .returning(['id', 'code'])
        .execute()
      for (const row of inserted) ids.set(row.code, row.id)
    }
    for (const { row, next } of creates) {
      const id = ids.get(next.code)!
      attributeRows.push(...attributeRowsOf(id, next.attributes))
      results.set(row.number, { number: row.number, result: 'created', entityId: id })
      entries.push({
        actorUserId: context.actorUserId,
        action: 'product_sku.created',
        entityType: 'product_sku',
        entityId: id,
        after: { ...snapshot(next), status: 'active', images_added: 0 },
        note: context.note(row.number),
      })
    }

    const changes = planned.flatMap((p) => (p.write?.kind === 'change' ? [{ row: p.row, ...p.write }] : []))
    for (const { row, next, existing, changed } of changes) {
      const updated = await trx
        .updateTable('product_skus')
        .set({
          name: next.name,
          category_id: next.categoryId,
          product_line_id: next.productLineId,
          moq_milli: next.moq,
          attributes_json: JSON.stringify(next.attributes),
          // A version always moves on a save, even within the same millisecond.
          updated_at: at === existing.updated_at ? new Date(Date.parse(at) + 1).toISOString() : at,
        })
        .where('id', '=', existing.id)
        .where('updated_at', '=', existing.updated_at)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw new ImportConflict(`product SKU ${existing.code} moved`)
      attributeRows.push(...attributeRowsOf(existing.id, next.attributes))
      const before = snapshot({
        code: existing.code,
        name: existing.name,
        categoryId: existing.category_id,
        productLineId: existing.product_line_id,
        moq: existing.moq_milli,
        attributes: parseAttributeValues(existing.attributes_json),
      })
      const after = snapshot(next)
      const keys = changed.map((column) => labelOf[column] ?? column)
      results.set(row.number, { number: row.number, result: 'changed', entityId: existing.id })
      entries.push({
        actorUserId: context.actorUserId,
        action: 'product_sku.updated',
        entityType: 'product_sku',
        entityId: existing.id,
        before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
        after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
        note: context.note(row.number),
      })
    }
    const changedIds = changes.map((c) => c.existing.id)
    for (let i = 0; i < changedIds.length; i += 500)
      await trx
        .deleteFrom('product_sku_attributes')
        .where('product_sku_id', 'in', changedIds.slice(i, i + 500))
        .execute()
    for (const slice of batches(attributeRows, 3))
      await trx.insertInto('product_sku_attributes').values(slice).execute()
    await syncSearchMany(trx, 'product_sku', [...ids.values(), ...changedIds])
    await auditMany(trx, entries, at)

    return planned.map(
      ({ row, checked }) =>
        results.get(row.number) ??
        (checked.outcome === 'refused'
          ? { number: row.number, result: 'refused', message: messageLine(checked.messages) }
          : { number: row.number, result: 'unchanged' }),
    )
  }

  return {
    columns: columnsOf(product),
    ignored: IGNORED,
    definition: {
      check: async (db, rows, context) => (await plan(db, rows, context)).map((p) => p.checked),
      apply: async (trx, rows, context) => write(trx, await plan(trx, rows, context), context),
    },
  }
}
