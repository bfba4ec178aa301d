/**
 * Every feature flag the app knows, and what it gates. The `flags` table keeps only the switch
 * (on/off and the roles it is on for); a flag without a row is at its default.
 */
export const FLAGS = {
  sku_csv_export: {
    description: 'CSV export of SKU lists',
    gates:
      'The "Export CSV" link on the product SKU lists (/skus/{product}_skus) and the export itself (/skus/{product}_skus/export.csv answers 404 while it is off).',
    defaultOn: true,
  },
  price_request_effective_date: {
    description: 'Future effective dates on price-change requests',
    gates:
      'The "Effective from" date on a demand KAM\'s price-change request. While it is off the field is hidden and refused, and an approved price takes effect at once.',
    defaultOn: true,
  },
  seller_order_auto_approve: {
    description: 'Automatic approval of seller orders for chosen sellers',
    gates:
      'A seller order placed with (or moved to) a seller marked "approve its orders automatically" on its edit page is approved as it is placed, without waiting in the approval queues; its history names this flag. While it is off, every seller order waits for approval.',
    defaultOn: true,
  },
} as const

export type FlagKey = keyof typeof FLAGS
export const FLAG_KEYS = Object.keys(FLAGS) as FlagKey[]
