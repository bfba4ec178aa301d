/**
 * Accepts a redirect target only when it is a path on this site: starts with one slash, not
 * `//host` or `/\host`, and has no scheme. Anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f]/.test(to)) return fallback
  try {
    const url = new URL(to, 'http://local.invalid')
    if (url.origin !== 'http://local.invalid') return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
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
