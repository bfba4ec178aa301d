import type { Endpoint } from '../endpoint'
import { buyerSkuEndpoints } from './buyer-skus'
import { productSkuEndpoints } from './catalogue'
import { buyerSkuWriteEndpoints } from './catalogue-buyer-skus'
import { sellerSkuEndpoints } from './catalogue-seller-skus'
import { importEndpoints } from './imports'
import { inspectionEndpoints } from './inspections'
import { masterOrderEndpoints } from './master-orders'
import { meEndpoints } from './me'
import { moneyEndpoints } from './money'
import { sellerOrderMoveEndpoints } from './seller-order-moves'
import { sellerOrderEndpoints } from './seller-orders'
import { shipmentEndpoints } from './shipments'

/** Every endpoint of /api/v1, in the order of the reference (docs/api.md). */
export const endpoints: readonly Endpoint[] = [
  ...meEndpoints,
  ...buyerSkuEndpoints,
  ...masterOrderEndpoints,
  ...sellerOrderEndpoints,
  ...sellerOrderMoveEndpoints,
  ...inspectionEndpoints,
  ...shipmentEndpoints,
  ...moneyEndpoints,
  ...productSkuEndpoints,
  ...buyerSkuWriteEndpoints,
  ...sellerSkuEndpoints,
  ...importEndpoints,
]
