import type { Endpoint } from '../endpoint'
import { productSkuEndpoints } from './catalogue'
import { buyerSkuWriteEndpoints } from './catalogue-buyer-skus'
import { sellerSkuEndpoints } from './catalogue-seller-skus'
import { meEndpoints } from './me'
import { sellerOrderMoveEndpoints } from './seller-order-moves'
import { sellerOrderEndpoints } from './seller-orders'

/** Every endpoint of /api/v1, in the order of the reference (docs/api.md). */
export const endpoints: readonly Endpoint[] = [
  ...meEndpoints,
  ...sellerOrderEndpoints,
  ...sellerOrderMoveEndpoints,
  ...productSkuEndpoints,
  ...buyerSkuWriteEndpoints,
  ...sellerSkuEndpoints,
]
