// Where orders come from: the cart, or the two outside channels they are imported from, and the import file's columns (docs/domain.md "Orders").

export { ORDER_SOURCES, sourceLabels } from './sources'

export const CHANNELS = ['solv', 'gt'] as const
export type Channel = (typeof CHANNELS)[number]
export const channelLabels: Record<Channel, string> = { solv: 'Solv', gt: 'GT' }

/** The columns of an import file, in the order of the sample; the first row of a file names them. */
export const IMPORT_COLUMNS = [
  {
    name: 'order_id',
    required: true,
    about: 'The channel’s order id. Rows with the same id are the lines of one order.',
  },
  {
    name: 'buyer_gstin',
    required: true,
    about: 'The GSTIN of the buyer, an active buyer of the platform with a default shipping and billing address.',
  },
  {
    name: 'buyer_sku',
    required: true,
    about: 'The buyer’s own code of an active buyer SKU of that buyer. Its price in force is the line’s price.',
  },
  {
    name: 'quantity',
    required: true,
    about: 'In the product’s unit (m, kg, pieces), at least the MOQ in force, like 500 or 12.5.',
  },
  { name: 'required_by', required: true, about: 'The date it is needed by, YYYY-MM-DD, today or later.' },
  {
    name: 'seller_gstin',
    required: false,
    about:
      'Optional: the GSTIN of the seller to order from, who must offer the item live. Empty: the cheapest live offer.',
  },
] as const

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024
/** Rows one file may hold. */
export const CHANNELS_ROWS_LIMIT = 20_000

export interface ImportReport {
  channel: Channel
  rows: number
  created: { id: number; code: string; channelOrderId: string }[]
  already: { id: number; code: string; channelOrderId: string }[]
  problems: { line: number; orderId: string; message: string }[]
}
