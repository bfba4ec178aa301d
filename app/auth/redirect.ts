const LOCAL = 'http://local.invalid'

/**
 * The one check for a redirect target that comes from input (`redirectTo` on the login form and
 * page). The target is normalised as a browser would (dot segments, encoded dots, backslashes)
 * and the *result* must be a path on this site: one leading slash, no scheme, no host. Control
 * characters and backslashes are refused outright. Anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || to.length > 2048 || !to.startsWith('/')) return fallback
  // A C0 control character or DEL (\p{Cc} but the C1 block), or a backslash.
  if (/[^\P{Cc}\u0080-\u009f]|\\/u.test(to)) return fallback
  let normalised: string
  try {
    const url = new URL(to, LOCAL)
    if (url.origin !== LOCAL) return fallback
    normalised = url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
  if (!normalised.startsWith('/') || normalised.startsWith('//')) return fallback
  // Read again as a browser would read the Location header: it must stay on this site.
  try {
    if (new URL(normalised, LOCAL).origin !== LOCAL) return fallback
  } catch {
    return fallback
  }
  return normalised
}
/** The page a request is for: single-fetch data URLs (`/admin.data`, `/_root.data`) name their page. */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url)
  let pathname = url.pathname
  if (pathname === '/_root.data') pathname = '/'
  else if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length)
  url.searchParams.delete('_data')
  url.searchParams.delete('_routes')
  url.searchParams.delete('index')
  const search = url.searchParams.toString()
  return pathname + (search ? `?${search}` : '')
}
