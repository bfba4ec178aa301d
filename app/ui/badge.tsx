import type { ReactNode } from 'react'
import { roleLabel } from '~/auth/roles'

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info'

/** Statuses that call for attention (waiting on someone), ended badly, or ended well; the rest are neutral. */
const toneOfStatus: Record<string, Tone> = {
  active: 'success',
  pending: 'warning',
  suspended: 'danger',
  disabled: 'danger',
  pending_approval: 'warning',
  requested: 'warning',
  qc_failed: 'danger',
  qc_passed: 'success',
  qc_waiting: 'warning',
  partly_accepted: 'warning',
  submitted: 'warning',
  rejected: 'danger',
  cancelled: 'danger',
  delivered: 'success',
  succeeded: 'success',
  failed: 'danger',
}

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{children}</span>
}

const ACRONYMS = new Set(['qc', 'gst', 'moq', 'sku', 'gt'])

/** A status key shown in sentence case: "pending_approval" reads "Pending approval", "qc_passed" "QC passed". */
export const sentenceCase = (key: string) => {
  const words = key
    .split('_')
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word))
    .join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={toneOfStatus[status] ?? 'neutral'}>{sentenceCase(status)}</Badge>
}

/** Roles by their labels ("Demand key-account manager"), never their keys. */
export function RoleBadges({ roles }: { roles: readonly string[] }) {
  return (
    <p className="row">
      {roles.map((role) => (
        <Badge key={role} tone="info">
          {roleLabel(role)}
        </Badge>
      ))}
    </p>
  )
}
