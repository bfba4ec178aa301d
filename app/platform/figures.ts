import type { RoleKey } from '#db/types'
import { mayOpen } from '~/auth/portals'

// The figures of the homes and the dashboard (one markup: Figures in portal-home.tsx).

export interface Figure {
  label: string
  value: number | string
  tone?: 'warning' | 'success'
  /** The list behind the figure, filtered to what it counts (a figure is shown only where the viewer may open it). */
  to?: string
}

/** The first of the lists behind a figure that the viewer may open (several portals act on the same work). */
export function firstOpenable(roles: readonly RoleKey[], paths: string | readonly string[]): string | undefined {
  return (typeof paths === 'string' ? [paths] : paths).find((path) => mayOpen(roles, path))
}

/**
 * Every figure on a home is a link to the list behind it (issue 34): a figure whose list the viewer
 * may not open is not that viewer's work, and is not shown, rather than shown as a dead end.
 */
export function linkedFigures(roles: readonly RoleKey[], figures: Figure[]): (Figure & { to: string })[] {
  return figures.filter((f): f is Figure & { to: string } => f.to !== undefined && mayOpen(roles, f.to))
}
