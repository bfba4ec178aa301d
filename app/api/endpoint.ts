import type { z } from 'zod'
import type { Database } from '#db/database'
import type { ApiScope } from '~/auth/api-scopes'
import type { ApiCaller } from '~/auth/api-tokens.server'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'

// One endpoint of the integration API (docs/api.md): its method and path, the scope a token needs,
// the portals whose users may call it (the first the token's user may enter gives the lens), and the
// zod schemas of its path parameters, query, body and answer. The dispatcher (dispatch.server.ts)
// checks every request against them, the answer too, and the OpenAPI document (openapi.server.ts)
// is generated from the same schemas: the document cannot say what the handler does not do.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

// Schemas are loose at this level; each endpoint's own generics keep its handler typed.
type AnyObject = z.ZodObject<z.ZodRawShape>

export interface Example {
  /** A short name (the key in the document). */
  name: string
  summary: string
  /** Who runs it in the examples' test: a demo account (README), whose token holds the endpoint's scope. */
  as: string
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  body?: unknown
  /** The status it answers against the demo data. */
  status: number
}

export interface EndpointContext<P, Q, B> {
  db: Database
  caller: ApiCaller
  viewer: Viewer
  /** The portal whose lens this caller reads through: the first of the endpoint's portals its user may enter. */
  portal: PortalKey
  params: P
  query: Q
  body: B
  /** The request's Idempotency-Key (POST), to hand to a feature's own `once` so a record is made once. */
  idempotencyKey: string | null
  request: Request
}

/** A handler's answer with its own status or Location (a create: 201 and where the record is). */
export class Answer<R> {
  constructor(
    readonly body: R,
    readonly status?: number,
    readonly location?: string,
  ) {}
}

export interface Endpoint<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** The operationId: `listMasterOrders`. */
  id: string
  method: HttpMethod
  /** Under /api/v1, with `{name}` parameters: `/master-orders/{masterOrderId}`. */
  path: string
  /** The group in the reference: "Master orders". */
  tag: string
  summary: string
  description?: string
  /** The scope a token needs; absent: any valid token (who am I). */
  scope?: ApiScope
  portals: readonly PortalKey[]
  params?: P
  query?: Q
  body?: B
  response: R
  /** The status of a success: 200, 201 for a create, or 202 for work that goes on in the background. */
  status?: 200 | 201 | 202
  /** GET answers carry an ETag and answer 304 to If-None-Match (the default for GET). */
  etag?: boolean
  /** A binary answer (a PDF): the handler answers a Response itself; `response` then documents nothing. */
  produces?: string
  examples?: Example[]
  handle: (
    ctx: EndpointContext<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Promise<z.input<R> | Answer<z.input<R>> | Response>
}

/** Declares an endpoint with its handler typed by its schemas. */
export function endpoint<P extends AnyObject, Q extends AnyObject, B extends z.ZodType, R extends z.ZodType>(
  def: Endpoint<P, Q, B, R>,
): Endpoint {
  return def as unknown as Endpoint
}

export const answer = <R>(body: R, options: { status?: number; location?: string } = {}) =>
  new Answer(body, options.status, options.location)
