import type { ApiScope } from '~/auth/api-scopes'
import { API_SCOPES, scopesFor } from '~/auth/api-scopes'
import { holderOf } from '~/auth/api-tokens.server'
import { dispatchV1 } from '~/api/v1/dispatch.server'
import { getDb } from '~/db.server'
import { createApiToken } from '~/features/api-tokens/mutations.server'
import { viewerFor } from './db'

/**
 * A token of a demo user (e-mail or role), made through the real mutation, holding `scopes` (every
 * scope its holder may have when absent).
 */
export async function tokenFor(who: string, scopes?: readonly ApiScope[], days = 30): Promise<string> {
  const viewer = await viewerFor(who)
  const held = scopes ?? scopesFor(holderOf(viewer.roles))
  const made = await createApiToken(getDb(), viewer, { name: `test ${who}`, scopes: held, days })
  if (!made.ok || !made.value.token) throw new Error(`no token for ${who}: ${made.ok ? 'repeated' : made.message}`)
  return made.value.token
}

export const ALL_SCOPES = API_SCOPES

export interface ApiCall {
  token?: string | null
  body?: unknown
  /** A body sent as it is (not JSON-encoded). */
  raw?: string
  headers?: Record<string, string>
  idempotencyKey?: string
}

/** Calls /api/v1 through its dispatcher, as the route does; answers the response and its JSON. */
export async function api<T = Record<string, unknown>>(method: string, path: string, call: ApiCall = {}) {
  const headers = new Headers(call.headers)
  if (call.token) headers.set('Authorization', `Bearer ${call.token}`)
  let body: string | undefined
  if (call.raw !== undefined) body = call.raw
  else if (call.body !== undefined) {
    body = JSON.stringify(call.body)
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  }
  if (method === 'POST' && !headers.has('Idempotency-Key'))
    headers.set('Idempotency-Key', call.idempotencyKey ?? crypto.randomUUID())
  const response = await dispatchV1(new Request(`http://localhost/api/v1${path}`, { method, headers, body }), getDb())
  const text = await response.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { response, status: response.status, json: json as T, text }
}
