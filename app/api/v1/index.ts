import type { Endpoint } from '../endpoint'
import { buyerSkuEndpoints } from './buyer-skus'
import { masterOrderEndpoints } from './master-orders'
import { meEndpoints } from './me'
import { moneyEndpoints } from './money'

/** Every endpoint of /api/v1, in the order of the reference (docs/api.md). */
export const endpoints: readonly Endpoint[] = [
  ...meEndpoints,
  ...buyerSkuEndpoints,
  ...masterOrderEndpoints,
  ...moneyEndpoints,
]
