// Transitional: the seller-order steps with their effects across features move here (issue 36).
export { sellerOrderStepIn, takeSellerOrderStep } from '~/features/orders/steps.server'
