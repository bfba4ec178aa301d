import { useRouteLoaderData } from '@remix-run/react'
import type { CompanyStatus, RoleKey } from '#db/types'
import type { PortalKey } from '~/auth/portals'
import type { MenuEntry } from './navigation'
import type { Toast } from './toast.server'

/**
 * What the root loader (app/root.tsx) gives every page: the signed-in viewer and its portals, the
 * one menu the page is shown with, a toast to show once, and on a field page who is signed in.
 * Declared here, below the root, so the shell and the homes read it without importing the root.
 */
export interface RootData {
  viewer: RootViewer | null
  menu: { portal: PortalKey; entries: MenuEntry[] } | null
  toast: (Toast & { id: number }) | null
  /** On a field operator's page only: a marker of who is signed in, for public/field.js. */
  fieldUser?: string
}

export interface RootViewer {
  name: string
  email: string
  roles: RoleKey[]
  company: { kind: 'buyer' | 'seller'; id: number; name: string; status: CompanyStatus } | null
  portals: { key: PortalKey; title: string; home: string }[]
  /** The bell: how many of the viewer's own notifications are unread (counted up to 99, then "99+"). */
  unread: { count: number; capped: boolean }
}

/** The root's data (undefined only where the root's own loader failed: its error boundary). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root')
}
