import type { ReactNode } from 'react'

type Tone = 'neutral' | 'success' | 'warning' | 'danger' | 'info'

const toneOfStatus: Record<string, Tone> = {
  active: 'success',
  pending: 'warning',
  suspended: 'danger',
  disabled: 'danger',
}

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{children}</span>
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={toneOfStatus[status] ?? 'neutral'}>{status.replace(/_/g, ' ')}</Badge>
}

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  return (
    <p className="row">
      {roles.map((role) => (
        <Badge key={role} tone="info">
          {role.replace(/_/g, ' ')}
        </Badge>
      ))}
    </p>
  )
}
