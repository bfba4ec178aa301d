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

/** The problem type's URI: relative to the API, and served as a page of docs/api.md's list. */
export const problemTypeUri = (type: ProblemType) => `/api/v1/problems/${type}`

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
