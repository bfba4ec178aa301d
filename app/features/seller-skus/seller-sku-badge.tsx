import type { SellerSkuStatus } from '#db/types'
import { Badge } from '~/ui/badge'
import { statusLabels } from './rules'

// Its own module: an offer's page shows the badge without loading the list's table and filters.

const tones = { draft: 'warning', live: 'success', archived: 'neutral' } as const

export function SellerSkuStatusBadge({ status }: { status: SellerSkuStatus }) {
  return <Badge tone={tones[status]}>{statusLabels[status]}</Badge>
}
