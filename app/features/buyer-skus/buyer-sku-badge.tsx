import type { BuyerSkuStatus } from '#db/types'
import { Badge } from '~/ui/badge'

// Its own module: a buyer SKU's pages show the badge without loading the list's table and filters.

const statusLabels = { active: 'Active', archived: 'Archived' } as const

export function BuyerSkuStatusBadge({ status }: { status: BuyerSkuStatus }) {
  return <Badge tone={status === 'active' ? 'success' : 'neutral'}>{statusLabels[status]}</Badge>
}
