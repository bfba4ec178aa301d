import type { Endpoint } from '../endpoint'
import { buyerSkuEndpoints } from './buyer-skus'
import { inspectionEndpoints } from './inspections'
import { masterOrderEndpoints } from './master-orders'
import { meEndpoints } from './me'
import { moneyEndpoints } from './money'
import { shipmentEndpoints } from './shipments'

/** Every endpoint of /api/v1, in the order of the reference (docs/api.md). */
export const endpoints: readonly Endpoint[] = [
  ...meEndpoints,
  ...buyerSkuEndpoints,
  ...masterOrderEndpoints,
  ...inspectionEndpoints,
  ...shipmentEndpoints,
  ...moneyEndpoints,
]
