import { useEffect, useState } from 'react'

/** False during server rendering and the first client render; true once JavaScript has taken over. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
