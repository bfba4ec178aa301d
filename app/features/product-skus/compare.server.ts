import type { Executor } from '~/platform/executor'
import { formatAttribute, parseAttributeSchema, parseAttributeValues } from '../products/attributes'
import { searchIds } from '~/platform/search.server'
import { formatQuantity } from '~/utils/quantity'
import { MAX_COMPARED } from './schema'

const MAX_CANDIDATES = 20

export interface CompareRequest {
  q: string
  ids: number[]
  /** Codes as typed, separated by spaces or commas. */
  codes: string
}

/** The compare page's state from its URL (a GET form: `sku` checkboxes, `codes`, `q`). */
export function readCompareRequest(url: URL): CompareRequest {
  const params = url.searchParams
  const ids = params
    .getAll('sku')
    .filter((v) => /^\d{1,12}$/.test(v))
    .map(Number)
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    ids: [...new Set(ids)].slice(0, 50),
    codes: (params.get('codes') ?? '').slice(0, 500),
  }
}

export interface ComparedRow {
  label: string
  values: string[]
  differs: boolean
}

/**
 * The compare page of one category: SKUs to pick from (a search within the category) and the
 * chosen ones side by side, one row per field and per attribute of the product's schema. SKUs of
 * other categories and unknown codes are left out with a message. Undefined: no such category.
 */
export async function compareSkus(db: Executor, categoryId: number, request: CompareRequest) {
  const category = await db
    .selectFrom('categories as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.id', 'c.name', 'p.name as productName', 'p.slug as productSlug', 'p.unit', 'p.attribute_schema'])
    .where('c.id', '=', categoryId)
    .executeTakeFirst()
  if (!category) return undefined
  const schema = parseAttributeSchema(category.attribute_schema)

  const codes = [
    ...new Set(
      request.codes
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ].slice(0, 50)
  const found =
    request.ids.length || codes.length
      ? await db
          .selectFrom('product_skus as s')
          .leftJoin('product_lines as l', 'l.id', 's.product_line_id')
          .select([
            's.id',
            's.code',
            's.name',
            's.category_id',
            'l.name as line',
            's.moq_milli',
            's.status',
            's.attributes_json',
          ])
          .where((eb) =>
            eb.or([
              ...(request.ids.length ? [eb('s.id', 'in', request.ids)] : []),
              ...(codes.length ? [eb('s.code', 'in', codes)] : []),
            ]),
          )
          .execute()
      : []
  const messages: string[] = []
  for (const code of codes) if (!found.some((s) => s.code === code)) messages.push(`No SKU has the code ${code}.`)
  const other = found.filter((s) => s.category_id !== categoryId)
  if (other.length) messages.push(`Not in ${category.name}, so left out: ${other.map((s) => s.code).join(', ')}.`)
  // In the order asked for: ticked boxes first, then typed codes.
  const order = (s: { id: number; code: string }) => {
    const byId = request.ids.indexOf(s.id)
    return byId >= 0 ? byId : request.ids.length + codes.indexOf(s.code)
  }
  let chosen = found.filter((s) => s.category_id === categoryId).sort((a, b) => order(a) - order(b))
  if (chosen.length > MAX_COMPARED) {
    messages.push(`Up to ${MAX_COMPARED} SKUs can be compared: the first ${MAX_COMPARED} are shown.`)
    chosen = chosen.slice(0, MAX_COMPARED)
  }

  const matching = searchIds(db, 'product_sku', request.q)
  const candidates = await db
    .selectFrom('product_skus')
    .select(['id', 'code', 'name'])
    .where('category_id', '=', categoryId)
    .where('status', '=', 'active')
    .$if(matching !== null, (q) => q.where('id', 'in', matching!))
    .$if(chosen.length > 0, (q) =>
      q.where(
        'id',
        'not in',
        chosen.map((s) => s.id),
      ),
    )
    .orderBy('code')
    .limit(MAX_CANDIDATES)
    .execute()

  const values = chosen.map((s) => ({ ...s, attributes: parseAttributeValues(s.attributes_json) }))
  const row = (label: string, cell: (s: (typeof values)[number]) => string): ComparedRow => {
    const cells = values.map(cell)
    return { label, values: cells, differs: cells.length > 1 && new Set(cells).size > 1 }
  }
  const rows: ComparedRow[] = [
    row('Name', (s) => s.name),
    row('Product line', (s) => s.line ?? '—'),
    row('MOQ', (s) => formatQuantity(s.moq_milli, category.unit)),
    row('Status', (s) => s.status),
    ...schema.map((a) =>
      row(a.unit ? `${a.label} (${a.unit})` : a.label, (s) => formatAttribute(a, s.attributes[a.key])),
    ),
  ]
  return {
    category: {
      id: category.id,
      name: category.name,
      productName: category.productName,
      productSlug: category.productSlug,
    },
    request,
    chosen: chosen.map((s) => ({ id: s.id, code: s.code, name: s.name })),
    candidates,
    messages,
    rows,
  }
}
