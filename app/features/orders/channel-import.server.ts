import { CsvError, parse } from 'csv-parse/sync'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { TOO_LARGE } from '~/ui/read-form.server'
import { isUniqueViolation } from '#db/errors'
import { countOf } from '~/utils/format'
import { quantityInput } from '~/utils/quantity'
import type { Executor } from '~/platform/executor'
import type { Result } from '~/utils/refusal.server'
import { inForce, platformToday } from './cart.server'
import { checkLine, gstOf } from './lines'
import { lineGstRateBp } from '~/utils/gst-rates'
import type { ImportReply } from './channel-orders-page'
import { CHANNELS, CHANNELS_ROWS_LIMIT as MAX_ROWS, IMPORT_COLUMNS, type Channel, type ImportReport } from './channels'
import { writeOrder, type LineToPlace, type OrderPlaced } from './place.server'
import { readOrderFilters } from './schema'
import { lensFor, listOrders } from './search.server'

// Orders from the two outside channels, Solv and GT (docs/domain.md "Orders"), imported from a CSV
// export of the channel: rows with the same order id are the lines of one order. An order is
// imported only when every one of its rows is good; each bad row is reported with its line number
// and reason, and the good orders are kept. An order id already imported from the channel creates
// nothing (a unique index on source and channel order id decides, even for two imports at once).

type Row = {
  line: number
  orderId: string
  buyerGstin: string
  buyerSku: string
  quantity: string
  requiredBy: string
  sellerGstin: string
}

/** The rows of the file, or why it cannot be read as an import file. */
function readRows(text: string): { rows: Row[] } | { message: string } {
  let records: { record: Record<string, string>; info: { lines: number } }[]
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      to: MAX_ROWS + 1,
    })
  } catch (error) {
    if (error instanceof CsvError) return { message: `The file is not a CSV file that can be read: ${error.message}` }
    throw error
  }
  const first = records[0]?.record
  if (!first) return { message: 'The file has no rows: the first row names the columns, then one row per order line.' }
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !(c.name in first)).map((c) => c.name)
  if (missing.length)
    return {
      message: `The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}: the first row names the columns (see the sample file).`,
    }
  if (records.length > MAX_ROWS)
    return { message: `The file has more than ${MAX_ROWS.toLocaleString('en-IN')} rows: split it into smaller files.` }
  return {
    rows: records.map(({ record, info }) => ({
      line: info.lines,
      orderId: (record.order_id ?? '').slice(0, 100),
      buyerGstin: (record.buyer_gstin ?? '').toUpperCase(),
      buyerSku: record.buyer_sku ?? '',
      quantity: record.quantity ?? '',
      requiredBy: record.required_by ?? '',
      sellerGstin: (record.seller_gstin ?? '').toUpperCase(),
    })),
  }
}

/** The buyer SKU by its buyer's code, with the version in force and its item. */
function buyerSkuRow(db: Executor, buyerId: number, code: string, at: string) {
  return db
    .selectFrom('buyer_skus')
    .innerJoin('product_skus as p', 'p.id', 'buyer_skus.product_sku_id')
    .innerJoin('products as pr', 'pr.id', 'p.product_id')
    .innerJoin('categories as cat', 'cat.id', 'p.category_id')
    .select([
      'buyer_skus.id',
      'buyer_skus.status',
      'p.id as product_sku_id',
      'pr.unit',
      'cat.id as category_id',
      'cat.gst_rate_bp',
      'cat.gst_slab_above_minor',
      'cat.gst_rate_above_bp',
      inForce<number>('number', at).as('version_number'),
      inForce<number>('price_minor', at).as('price_minor'),
      inForce<number>('moq_milli', at).as('moq_milli'),
    ])
    .where('buyer_skus.buyer_id', '=', buyerId)
    .where('buyer_skus.buyer_code', '=', code)
    .executeTakeFirst()
}

/** The live offer for the item: of the seller named, else the cheapest of an active seller. */
function offerRow(db: Executor, productSkuId: number, sellerId: number | null) {
  let query = db
    .selectFrom('seller_skus')
    .innerJoin('sellers', 'sellers.id', 'seller_skus.seller_id')
    .select([
      'seller_skus.id',
      'seller_skus.seller_id',
      'seller_skus.cost_minor',
      'seller_skus.status',
      'sellers.name as seller_name',
      'sellers.status as seller_status',
    ])
    .where('seller_skus.product_sku_id', '=', productSkuId)
  query =
    sellerId === null
      ? query
          .where('seller_skus.status', '=', 'live')
          .where('sellers.status', '=', 'active')
          .where('seller_skus.cost_minor', 'is not', null)
      : query.where('seller_skus.seller_id', '=', sellerId)
  return query.orderBy('seller_skus.cost_minor').orderBy('seller_skus.id').limit(1).executeTakeFirst()
}

const defaultAddress = (db: Executor, buyerId: number, kind: 'shipping' | 'billing') =>
  db
    .selectFrom('addresses')
    .select(['id', 'label', 'line1', 'line2', 'city', 'state', 'pin', 'country'])
    .where('buyer_id', '=', buyerId)
    .where('kind', '=', kind)
    .where('is_default', '=', 1)
    .executeTakeFirst()

/**
 * Imports a channel's CSV export: checks every row, then places each order whose rows are all good
 * (one transaction per order, as the cart does), and reports what was created, what was already
 * imported, and each bad row with its line number.
 */
export async function importChannelOrders(
  db: Database,
  actor: { userId: number },
  channel: Channel,
  text: string,
  orderPlaced: OrderPlaced,
  now = new Date(),
): Promise<Result<ImportReport>> {
  const read = readRows(text)
  if ('message' in read) return { ok: false, message: read.message }
  const report: ImportReport = { channel, rows: read.rows.length, created: [], already: [], problems: [] }
  const at = now.toISOString()
  const today = platformToday(now)
  const groups = new Map<string, Row[]>()
  for (const row of read.rows) {
    if (!row.orderId) report.problems.push({ line: row.line, orderId: '', message: 'The order_id is empty' })
    else groups.set(row.orderId, [...(groups.get(row.orderId) ?? []), row])
  }

  for (const [orderId, rows] of groups) {
    const existing = await db
      .selectFrom('master_orders')
      .select(['id', 'code'])
      .where('source', '=', channel)
      .where('channel_order_id', '=', orderId)
      .executeTakeFirst()
    if (existing) {
      report.already.push({ id: existing.id, code: existing.code, channelOrderId: orderId })
      continue
    }
    const problems: ImportReport['problems'] = []
    const bad = (row: Row, message: string) => problems.push({ line: row.line, orderId, message })
    const gstin = rows[0]!.buyerGstin
    const buyer = gstin
      ? await db.selectFrom('buyers').select(['id', 'name', 'status']).where('gstin', '=', gstin).executeTakeFirst()
      : undefined
    if (!buyer) bad(rows[0]!, gstin ? `No buyer has the GSTIN ${gstin}` : 'The buyer_gstin is empty')
    else if (buyer.status !== 'active')
      bad(rows[0]!, `${buyer.name} is ${buyer.status}: orders are placed for active buyers only`)
    const [shipTo, billTo] = buyer
      ? await Promise.all([defaultAddress(db, buyer.id, 'shipping'), defaultAddress(db, buyer.id, 'billing')])
      : [undefined, undefined]
    if (buyer && (!shipTo || !billTo))
      bad(
        rows[0]!,
        `${buyer.name} has no default ${!shipTo ? 'shipping' : 'billing'} address: add one on the buyer’s page`,
      )

    const lines: LineToPlace[] = []
    for (const row of rows) {
      if (row.buyerGstin !== gstin) {
        bad(row, `Every row of order ${orderId} names the same buyer: this one names ${row.buyerGstin || 'none'}`)
        continue
      }
      if (!buyer) continue
      const sku = row.buyerSku ? await buyerSkuRow(db, buyer.id, row.buyerSku, at) : undefined
      if (!sku) {
        bad(row, row.buyerSku ? `${buyer.name} has no buyer SKU ${row.buyerSku}` : 'The buyer_sku is empty')
        continue
      }
      const seller = row.sellerGstin
        ? await db.selectFrom('sellers').select(['id', 'name']).where('gstin', '=', row.sellerGstin).executeTakeFirst()
        : null
      if (row.sellerGstin && !seller) {
        bad(row, `No seller has the GSTIN ${row.sellerGstin}`)
        continue
      }
      const offer = await offerRow(db, sku.product_sku_id, seller?.id ?? null)
      const checked = checkLine(
        {
          quantity: row.quantity,
          requiredBy: row.requiredBy,
          buyerSkuActive: sku.status === 'active',
          priceMinor: sku.price_minor,
          moqMilli: sku.moq_milli,
          offer: offer
            ? {
                live: offer.status === 'live',
                sellerActive: offer.seller_status === 'active',
                sameProduct: true,
                costMinor: offer.cost_minor,
              }
            : null,
          unit: sku.unit,
        },
        today,
      )
      if (!offer)
        checked.errors.seller = seller
          ? `${seller.name} does not offer ${row.buyerSku}`
          : `No seller offers ${row.buyerSku} live`
      const messages = Object.values(checked.errors)
      if (messages.length) {
        bad(row, messages.join('; '))
        continue
      }
      // The line's rate for its price a piece, as the cart's (a value slab, app/utils/gst-rates.ts).
      const rateBp = lineGstRateBp(
        {
          gstRateBp: sku.gst_rate_bp,
          slabAboveMinor: sku.gst_slab_above_minor === null ? null : Number(sku.gst_slab_above_minor),
          rateAboveBp: sku.gst_rate_above_bp,
        },
        Number(sku.price_minor ?? 0),
        sku.unit,
      )
      lines.push({
        row: {
          buyer_sku_id: sku.id,
          version_number: sku.version_number,
          product_sku_id: sku.product_sku_id,
          category_id: sku.category_id,
          seller_sku_id: offer!.id,
          seller_id: offer!.seller_id,
          seller_name: offer!.seller_name,
          price_minor: sku.price_minor,
          cost_minor: offer!.cost_minor,
          gst_rate_bp: rateBp,
        },
        quantityMilli: checked.quantityMilli!,
        valueMinor: checked.valueMinor!,
        gstMinor: gstOf(checked.valueMinor!, rateBp),
        requiredBy: row.requiredBy,
      })
    }
    if (problems.length) {
      const others = rows.length - problems.length
      if (others > 0)
        problems[problems.length - 1]!.message +=
          ` (order ${orderId} is not imported: its ${countOf(others, 'other row')} wait for this to be fixed)`
      report.problems.push(...problems)
      continue
    }
    const snapshot = (address: NonNullable<typeof shipTo>) =>
      JSON.stringify({
        label: address.label,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        state: address.state,
        pin: address.pin,
        country: address.country,
      })
    try {
      const order = await db.transaction().execute((trx) =>
        writeOrder(
          trx,
          actor,
          {
            buyerId: buyer!.id,
            buyerName: buyer!.name,
            source: channel,
            channelOrderId: orderId,
            shipToId: shipTo!.id,
            billToId: billTo!.id,
            shipTo: snapshot(shipTo!),
            billTo: snapshot(billTo!),
          },
          lines,
          now,
          orderPlaced,
        ),
      )
      const { code } = await db
        .selectFrom('master_orders')
        .select('code')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
      report.created.push({ id: order.id, code, channelOrderId: orderId })
    } catch (error) {
      // Imported by someone else in the meantime: the unique index kept it to one.
      if (!isUniqueViolation(error)) throw error
      const other = await db
        .selectFrom('master_orders')
        .select(['id', 'code'])
        .where('source', '=', channel)
        .where('channel_order_id', '=', orderId)
        .executeTakeFirstOrThrow()
      report.already.push({ id: other.id, code: other.code, channelOrderId: orderId })
    }
  }
  report.problems.sort((a, b) => a.line - b.line)
  return { ok: true, value: report }
}

/** The rows of a sample import file, from the data: two orders of a buyer whose SKUs are offered live. */
export async function sampleImportRows(db: Database, now = new Date()): Promise<Record<string, string>[]> {
  const rows = await db
    .selectFrom('buyer_skus')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('buyer_sku_versions as v', (join) =>
      join.onRef('v.buyer_sku_id', '=', 'buyer_skus.id').onRef('v.number', '=', 'buyer_skus.current_version'),
    )
    .select(['buyers.gstin', 'buyer_skus.buyer_code', 'v.moq_milli'])
    .where('buyers.status', '=', 'active')
    .where('buyers.gstin', 'is not', null)
    .where('buyer_skus.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('seller_skus')
          .select('seller_skus.id')
          .whereRef('seller_skus.product_sku_id', '=', 'buyer_skus.product_sku_id')
          .where('seller_skus.status', '=', 'live'),
      ),
    )
    .orderBy('buyer_skus.buyer_id')
    .orderBy('buyer_skus.id')
    .limit(3)
    .execute()
  const date = new Date(now.getTime() + 45 * 86_400_000).toISOString().slice(0, 10)
  return rows.map((row, i) => ({
    order_id: `SAMPLE-${i < 2 ? 1 : 2}`,
    buyer_gstin: row.gstin ?? '',
    buyer_sku: row.buyer_code,
    quantity: quantityInput(row.moq_milli),
    required_by: date,
    seller_gstin: '',
  }))
}

/** The channel orders page: the imported orders (both channels, or the one chosen), newest first. */
export async function channelOrdersPage(db: Database, viewer: Viewer, url: URL) {
  const filters = readOrderFilters(url)
  if (filters.source !== 'solv' && filters.source !== 'gt') filters.source = 'channels'
  const lens = lensFor(viewer, 'main')!
  const { rows, total, capped } = await listOrders(db, lens, filters)
  return { rows, total, capped, filters }
}

/** The import form: the channel and the file, checked, then imported; the report is the page's answer. */
export async function channelImportAction(
  db: Database,
  viewer: Viewer,
  form: FormData,
  orderPlaced: OrderPlaced,
): Promise<{ status: number; reply: NonNullable<ImportReply> }> {
  const channel = String(form.get('channel') ?? '')
  const file = form.get('file')
  const errors: { channel?: string; file?: string } = {}
  if (!(CHANNELS as readonly string[]).includes(channel)) errors.channel = 'Choose the channel the file comes from'
  if (file === TOO_LARGE) errors.file = 'The file is larger than 10 MB: split it into smaller files'
  else if (!(file instanceof File) || file.size === 0) errors.file = 'Choose the CSV file to import'
  if (errors.channel || errors.file) return { status: 400, reply: { errors, channel } }
  const outcome = await importChannelOrders(
    db,
    { userId: viewer.userId },
    channel as Channel,
    await (file as File).text(),
    orderPlaced,
  )
  if (!outcome.ok) return { status: 400, reply: { errors: { file: outcome.message }, channel } }
  return { status: 200, reply: { report: outcome.value } }
}
