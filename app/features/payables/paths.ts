// Where the seller side of money lives (docs/domain.md (issue 38)): finance's pages in the buyers'
// money section (/logistics/settlements…, the same roles), the seller's in its own portal.

export const sellerBillsPath = '/logistics/settlements/seller_bills'
export const newSellerBillPath = (orderCode?: string) =>
  `/logistics/settlements/seller_bills/new${orderCode ? `?order=${encodeURIComponent(orderCode)}` : ''}`
export const sellerBillPath = (id: number) => `/logistics/settlements/seller_bills/${id}`
export const payablesPath = '/logistics/settlements/payables'
export const sellerAccountPath = (sellerId: number) => `/logistics/settlements/sellers/${sellerId}`
export const sellerStatementPath = (sellerId: number, from: string, to: string) =>
  `/logistics/settlements/sellers/${sellerId}/statement.pdf?from=${from}&to=${to}`
export const taxRegistersPath = (month?: string) =>
  `/logistics/settlements/tax_registers${month ? `?month=${month}` : ''}`
export const sellerMoneyPath = '/seller/money'
export const sellerOwnStatementPath = (from: string, to: string) => `/seller/money/statement.pdf?from=${from}&to=${to}`
