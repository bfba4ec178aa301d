import { Badge } from '~/ui/badge'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'
import type { SellerSwitchingStates } from './switching.server'

// A seller's switching states (ISO 2859-1 clause 9), per category, as staff read them on the seller's page.

const tone = { normal: 'neutral', reduced: 'success', tightened: 'warning', discontinued: 'danger' } as const
const words = { normal: 'Normal', reduced: 'Reduced', tightened: 'Tightened', discontinued: 'Discontinued' } as const

export function SwitchingStateBadge({ state }: { state: keyof typeof words }) {
  return <Badge tone={tone[state]}>{words[state]}</Badge>
}

export function SellerSwitchingStates({ states }: { states: SellerSwitchingStates }) {
  return (
    <section className="stack" aria-labelledby="qc-switching-heading" style={{ marginTop: 24 }}>
      <h2 id="qc-switching-heading" style={{ margin: 0 }}>
        QC inspection by category
      </h2>
      <p className="muted">
        How this seller’s next lots are sampled (ISO 2859-1 switching rules), from the lots decided so far.
      </p>
      <Table
        caption="Switching state per category"
        rows={states}
        rowKey={(s) => s.category_id}
        empty="No lot of this seller has been decided by a sampling plan yet: its lots are inspected on normal inspection."
        columns={[
          { key: 'category', header: 'Category', title: true, cell: (s) => s.category },
          { key: 'state', header: 'Inspection', cell: (s) => <SwitchingStateBadge state={s.state} /> },
          { key: 'score', header: 'Switching score', numeric: true, cell: (s) => s.score },
          { key: 'lots', header: 'Lots', numeric: true, cell: (s) => s.lots },
          { key: 'reason', header: 'Why', cell: (s) => s.reason ?? '—' },
          { key: 'updated', header: 'Last lot', nowrap: true, cell: (s) => formatDateTime(s.updated_at) },
        ]}
      />
    </section>
  )
}
