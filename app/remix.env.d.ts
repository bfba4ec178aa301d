/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import type { Menus } from './ui/navigation'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
  interface AppLoadContext {
    /** The client's address as the server saw it (behind a proxy: set TRUST_PROXY). */
    clientIp: string
    /** Portal menus, built once from the route modules' handles. */
    menus: Menus
    /** This response's Content-Security-Policy nonce (set by the server's security middleware). */
    cspNonce?: string
    /** This request's id (X-Request-Id), in every log line about it. */
    requestId?: string
  }
}
