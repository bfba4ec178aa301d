import { z } from 'zod'

// RFC 9457 problem documents: every refusal of the API is one, with a machine-readable `type`, the
// HTTP status, a sentence for a person, and for a refused field its JSON pointer and message.

export const PROBLEM_TYPES = {
  unauthorized: { status: 401, title: 'Not authenticated' },
  'token-expired': { status: 401, title: 'The token has expired or was revoked' },
  'insufficient-scope': { status: 403, title: 'The token lacks the scope this needs' },
  forbidden: { status: 403, title: 'Not allowed' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'not-acceptable': { status: 406, title: 'Not acceptable' },
  conflict: { status: 409, title: 'The record has moved on' },
  'idempotency-in-progress': { status: 409, title: 'A request with this Idempotency-Key is still being answered' },
  'precondition-failed': { status: 412, title: 'The record changed since it was read' },
  'unsupported-media-type': { status: 415, title: 'Send JSON' },
  'validation-error': { status: 422, title: 'The request has invalid fields' },
  'idempotency-key-reused': { status: 422, title: 'This Idempotency-Key was used for another request' },
  'idempotency-key-missing': { status: 400, title: 'An Idempotency-Key header is required' },
  'bad-request': { status: 400, title: 'Bad request' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'server-error': { status: 500, title: 'Something went wrong on our side' },
} as const
export type ProblemType = keyof typeof PROBLEM_TYPES

/** What each problem means and what a client does about it: the page its `type` URI opens, and docs/api.md. */
export const PROBLEM_HELP: Record<ProblemType, string> = {
  unauthorized:
    'The request carried no API token, or something that is not one. Send "Authorization: Bearer sp_…" with a token made on your API tokens page. A signed-in browser session does not open the API.',
  'token-expired':
    'The token is not known, has expired, was revoked, or its user is no longer active. Make a new token; do not retry with this one.',
  'insufficient-scope':
    'The token is valid but was not given the scope this operation needs (the detail names it). Make a token with that scope.',
  forbidden:
    'The token’s user may not do this at all: its role reaches none of the portals this operation serves, or its company is not active. Another scope will not help.',
  'not-found':
    'There is no such record, or it is not yours to read: records of other companies answer the same as records that do not exist.',
  'method-not-allowed': 'The path exists but does not answer this method; the Allow header lists those it answers.',
  'not-acceptable': 'The API answers JSON (and PDF where a document is asked for); ask for one of those.',
  conflict:
    'The record has moved on since you read it (approved, cancelled, already done by someone else): the detail says by whom and when. Read it again before deciding.',
  'idempotency-in-progress':
    'A request with the same Idempotency-Key is still being answered. Wait a moment and retry with the same key: you get its answer.',
  'precondition-failed': 'The record changed since the version your If-Match named. Read it again.',
  'unsupported-media-type': 'Send the body as JSON, with "Content-Type: application/json".',
  'validation-error':
    'Some fields are not valid. `errors` lists each: where (`body`, `query` or `header`), its JSON pointer and why. Mend them and send a new request (with a new Idempotency-Key).',
  'idempotency-key-reused':
    'This Idempotency-Key was already used by this token for a different request (another path or body). Use a new key for a new request.',
  'idempotency-key-missing':
    'Every POST needs an Idempotency-Key header: a new random value (a UUID) for each new request, the same value when you retry it.',
  'bad-request': 'The request could not be read: the body is not JSON, is larger than 1 MB, or a header is malformed.',
  'rate-limited':
    'The token made more requests this minute than it may. Wait for the seconds the Retry-After header says; the RateLimit-* headers tell what is left.',
  'server-error':
    'Something went wrong on our side; nothing you sent was at fault. Retrying a POST with the same Idempotency-Key is safe.',
}

export const isProblemType = (value: string): value is ProblemType => Object.hasOwn(PROBLEM_TYPES, value)

/** A refused field: where it is in the request (the body, the query or a header), its JSON pointer there, and why. */
export interface FieldError {
  in: 'body' | 'query' | 'header'
  /** A JSON pointer into the body (`/lines/0/quantity`), or `/name` of a query parameter or header. */
  pointer: string
  detail: string
}

export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  instance?: string
  errors?: FieldError[]
}

/** The problem type's URI: relative to the site; it opens a page saying what the problem means (routes/api+/v1.problems.$type). */
export const problemTypeUri = (type: ProblemType) => `/api/v1/problems/${type}`

const fieldErrorSchema = z.object({
  in: z.enum(['body', 'query', 'header']).describe('Where the refused value is: the JSON body, the query or a header.'),
  pointer: z
    .string()
    .describe('A JSON pointer into the body (`/lines/0/quantity`), or `/name` of a query parameter or header.'),
  detail: z.string().describe('Why the value is refused, for a person.'),
})

/** The one shape of every refusal (RFC 9457), as the OpenAPI document declares it. */
export const problemSchema = z
  .object({
    type: z.string().describe('A URI reference naming the kind of problem; it opens a page that explains it.'),
    title: z.string().describe('The kind of problem, for a person: the same for every problem of this type.'),
    status: z.number().int().describe('The HTTP status of the answer.'),
    detail: z.string().describe('What happened this time, for a person.'),
    instance: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional().describe('The refused fields (validation-error).'),
  })
  .describe('An RFC 9457 problem document (Content-Type: application/problem+json).')

export function problem(type: ProblemType, detail: string, extra: { errors?: FieldError[]; instance?: string } = {}) {
  const { status, title } = PROBLEM_TYPES[type]
  const body: Problem = { type: problemTypeUri(type), title, status, detail, ...extra }
  return body
}

export function problemResponse(body: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers },
  })
}

/** A problem to throw from deep in a handler; the dispatcher answers it. */
export class ApiProblem extends Error {
  constructor(
    readonly body: Problem,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail)
  }
  static of(type: ProblemType, detail: string, extra?: { errors?: FieldError[] }) {
    return new ApiProblem(problem(type, detail, extra))
  }
}

/** A form field name (`lines.0.quantity`, `line.12.price`) as a JSON pointer (`/lines/0/quantity`). */
export const pointerOf = (field: string) =>
  '/' +
  field
    .split('.')
    .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/')
