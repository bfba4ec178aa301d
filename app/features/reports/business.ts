// The business report's groupings, shared by its page and its queries.

export const GROUPS = ['month', 'category', 'buyer', 'seller'] as const
export type Group = (typeof GROUPS)[number]
export const groupLabels: Record<Group, string> = {
  month: 'Month',
  category: 'Category',
  buyer: 'Buyer',
  seller: 'Seller',
}
