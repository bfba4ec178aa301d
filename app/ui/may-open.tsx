import { mayOpen } from '~/auth/portals'
import { useRootData } from './root-data'

/** Whether the signed-in viewer may open a path: a page draws a link only then (app/auth/portals.ts). */
export function useMayOpen(): (path: string) => boolean {
  const roles = useRootData()?.viewer?.roles ?? []
  return (path) => mayOpen(roles, path)
}

/**
 * A master order's page for this viewer: the main portal's where it may open it, else the redirect
 * helper, which sends the viewer to the order in its own portal (or answers 404).
 */
export function useOrderHref(): (masterOrderId: number) => string {
  const may = useMayOpen()
  return (id) => (may(`/master_orders/${id}`) ? `/master_orders/${id}` : `/redirect/master_orders/${id}`)
}
