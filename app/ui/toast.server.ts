import { createCookie, redirect } from '@remix-run/node'
import { config } from '~/config.server'

export interface Toast {
  kind: 'success' | 'error' | 'info'
  message: string
}

let cookie: ReturnType<typeof createCookie> | undefined
function toastCookie() {
  cookie ??= createCookie('__toast', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config().cookieSecure,
    secrets: [config().sessionSecret],
    maxAge: 60,
  })
  return cookie
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast)
}

/** Redirect and show a message on the next page (works without JavaScript: the page renders it). */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { headers })
}

/** Reads the flash message and returns the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const value = await toastCookie().parse(request.headers.get('Cookie'))
  if (!value || typeof value !== 'object' || typeof value.message !== 'string') return { toast: null, clear: null }
  const kind = ['success', 'error', 'info'].includes(value.kind) ? value.kind : 'info'
  return { toast: { kind, message: value.message }, clear: await toastCookie().serialize('', { maxAge: 0 }) }
}
