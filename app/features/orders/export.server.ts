import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { sentenceCase } from '~/ui/badge'
import { csvStreamResponse, type CsvColumn } from '~/utils/csv.server'
import { rupeesInput } from '~/utils/money'
import type { OrderLens, OrderPortal } from './lens'
import { sourceLabels } from './channels'
import { readOrderFilters } from './schema'
import { lensFor, orderRowBatches, type OrderRow } from './search.server'

// The CSV of a portal's order search: every order its filters match (the list's query string), in
// the list's order, with the columns its lens shows, streamed a batch at a time.

// A status reads as its badge does on the screen ("In QC", "Pending approval").
const words = sentenceCase

function csvColumns(lens: OrderLens): CsvColumn[] {
  const see = lens.see
  const seller = lens.scope.kind === 'seller'
  const columns: (CsvColumn | false)[] = [
    { key: 'code', header: 'Order' },
    { key: 'status', header: seller ? 'Your seller orders' : 'Status' },
    see.buyer && { key: 'buyer', header: 'Buyer' },
    { key: 'placed_at', header: 'Placed at' },
    { key: 'required_by', header: 'Needed by' },
    { key: 'lines', header: 'Lines' },
    see.value && { key: 'value', header: 'Value (INR)' },
    see.value && { key: 'gst', header: 'GST (INR)' },
    see.cost && { key: 'cost', header: seller ? 'Your value (INR)' : 'Cost (INR)' },
    see.margin && { key: 'margin', header: 'Margin (INR)' },
    see.addresses && { key: 'ship_to', header: 'Ship to' },
    !seller && { key: 'source', header: 'Source' },
  ]
  return columns.filter((c): c is CsvColumn => c !== false)
}

function csvRecord(row: OrderRow): Record<string, unknown> {
  return {
    code: row.code,
    status: row.sellerOrders
      ? row.sellerOrders.map((s) => `${s.code}: ${words(s.status)}`).join('; ')
      : words(row.status ?? ''),
    buyer: row.buyerName,
    placed_at: row.placedAt,
    required_by: row.requiredBy,
    lines: row.lineCount,
    value: row.valueMinor === undefined ? undefined : rupeesInput(row.valueMinor),
    gst: row.gstMinor === undefined ? undefined : rupeesInput(row.gstMinor),
    cost: row.costMinor === undefined ? undefined : rupeesInput(row.costMinor),
    margin:
      row.valueMinor === undefined || row.costMinor === undefined
        ? undefined
        : rupeesInput(row.valueMinor - row.costMinor),
    ship_to: row.shipToCity,
    source: sourceLabels[row.source as 'cart'] ?? row.source,
  }
}

async function* records(batches: AsyncIterable<OrderRow[]>) {
  for await (const rows of batches) yield rows.map(csvRecord)
}

/** The portal's order search as a CSV download; undefined where the viewer has no orders there (404). */
export function orderCsvFor(db: Database, viewer: Viewer, portal: OrderPortal, url: URL): Response | undefined {
  const lens = lensFor(viewer, portal)
  if (!lens) return undefined
  const filters = readOrderFilters(url)
  return csvStreamResponse(
    `orders-${new Date().toISOString().slice(0, 10)}.csv`,
    csvColumns(lens),
    records(orderRowBatches(db, lens, filters)),
  )
}
