/**
 * The `updated_at` a save writes: now, or a millisecond past the previous stamp when the clock has
 * not moved on (two saves in one millisecond, a clock set back). Edit forms carry the stamp they
 * were opened with as their version, so a save always moves it and a stale form is always told.
 */
export function nextStamp(previous?: string | null): string {
  const now = new Date()
  if (previous && now.toISOString() <= previous) return new Date(new Date(previous).getTime() + 1).toISOString()
  return now.toISOString()
}
