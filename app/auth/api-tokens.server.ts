import crypto from 'node:crypto'
import type { Database } from '#db/database'
import { ApiProblem, problem } from '~/platform/api/problem'
import { parseScopes, type ApiScope, type TokenHolder } from './api-scopes'
import { companyKindOf } from './roles'
import { loadUserViewer, type Viewer } from './session.server'

// API tokens (docs/api.md "Tokens"): `sp_` and 43 characters of randomness, kept only as a SHA-256
// hash (a token is high-entropy, so a fast hash is enough; a slow one would cost every request). A
// token acts as the user who made it; it is refused once expired or revoked, when that user is no
// longer active, or while the user's company is not active. Tokens and sessions never mix: the API
// reads only the Authorization header, never the session cookie, and pages read only the cookie.

export const TOKEN_PREFIX = 'sp_'
const TOKEN_SHAPE = /^sp_[A-Za-z0-9_-]{43}$/
/** last_used_at is written at most this often, so a busy token does not write on every request. */
const USED_EVERY_MS = 60_000

export const hashApiToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url')

/** A new token: shown to its maker once; only the hash and the first characters are kept. */
export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url')
  return { token, hash: hashApiToken(token), prefix: token.slice(0, 10) }
}

export const holderOf = (roles: readonly string[]): TokenHolder => companyKindOf(roles) ?? 'staff'

export interface ApiCaller {
  viewer: Viewer
  token: { id: number; name: string; scopes: ApiScope[]; holder: TokenHolder }
}

/** The bearer token of a request, or a 401 problem (thrown). */
function bearerOf(request: Request): string {
  const header = request.headers.get('Authorization')
  if (!header) {
    throw new ApiProblem(
      problem(
        'unauthorized',
        'Send an API token in the Authorization header: "Authorization: Bearer sp_…". A signed-in session does not open the API.',
      ),
      { 'WWW-Authenticate': 'Bearer realm="api"' },
    )
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match || !TOKEN_SHAPE.test(match[1])) {
    throw new ApiProblem(
      problem('unauthorized', 'The Authorization header does not hold an API token of this platform.'),
      {
        'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"',
      },
    )
  }
  return match[1]
}

/** The user and token a request of the API comes with, or a thrown 401 problem. */
export async function authenticateApi(db: Database, request: Request, now = new Date()): Promise<ApiCaller> {
  const token = bearerOf(request)
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'name', 'scopes', 'expires_at', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', hashApiToken(token))
    .executeTakeFirst()
  const refused = (detail: string) =>
    new ApiProblem(problem('token-expired', detail), {
      'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"',
    })
  if (!row) throw refused('This token is not known: it may have been deleted, or mistyped.')
  if (row.revoked_at) throw refused(`This token was revoked on ${row.revoked_at.slice(0, 10)}.`)
  if (row.expires_at <= now.toISOString()) throw refused(`This token expired on ${row.expires_at.slice(0, 10)}.`)
  const viewer = await loadUserViewer(db, row.user_id)
  if (!viewer) throw refused('The user this token acts for is no longer active.')
  if (viewer.company && viewer.company.status !== 'active') {
    throw new ApiProblem(
      problem('forbidden', `${viewer.company.name} is not active on the platform (${viewer.company.status}).`),
    )
  }
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > USED_EVERY_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute()
  }
  return {
    viewer,
    token: { id: row.id, name: row.name, scopes: parseScopes(row.scopes), holder: holderOf(viewer.roles) },
  }
}
