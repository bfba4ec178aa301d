// The QC report's groupings, shared by its page and its queries.

export const QC_GROUPS = ['seller', 'category', 'month'] as const
export type QcGroup = (typeof QC_GROUPS)[number]
export const qcGroupLabels: Record<QcGroup, string> = { seller: 'Seller', category: 'Category', month: 'Month' }
