import crypto from 'node:crypto'
import type { Database } from '#db/database'
import type { ApiTokenHolder } from '#db/types'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { ApiProblem, problem } from '~/platform/api/problem'
import { parseScopes, type ApiScope, type TokenHolder } from './api-scopes'
import { companyKindOf } from './roles'
import { loadUserViewer, type Viewer } from './session.server'

// API tokens (docs/api.md "Tokens"): `sp_` and 43 characters of randomness, kept only as a SHA-256
// hash (a token is high-entropy, so a fast hash is enough; a slow one would cost every request). A
// token acts as the user who made it, for the holder it was made for (that user's company, or the
// platform's staff: issue 50); it is refused once expired or revoked, when that user is no longer
// active or no longer belongs to that holder, or while the user's company is not active. Tokens and
// sessions never mix: the API reads only the Authorization header, never the session cookie, and
// pages read only the cookie.

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

/** Whose a token is: what `api_tokens` keeps of the holder it is made for. */
export interface TokenBinding {
  holder_kind: ApiTokenHolder
  buyer_id: number | null
  seller_id: number | null
}

/** The holder a user with these roles and company columns belongs to: its company, or the platform's staff. */
export function holderBinding(
  roles: readonly string[],
  user: { buyer_id: number | null; seller_id: number | null },
): TokenBinding {
  const kind = holderOf(roles)
  return {
    holder_kind: kind,
    buyer_id: kind === 'buyer' ? user.buyer_id : null,
    seller_id: kind === 'seller' ? user.seller_id : null,
  }
}

/** The holder a user belongs to now: its company, or the platform's staff. */
export const bindingOf = (viewer: Pick<Viewer, 'roles' | 'company'>): TokenBinding =>
  holderBinding(viewer.roles, {
    buyer_id: viewer.company?.kind === 'buyer' ? viewer.company.id : null,
    seller_id: viewer.company?.kind === 'seller' ? viewer.company.id : null,
  })

export const sameHolder = (a: TokenBinding, b: TokenBinding) =>
  a.holder_kind === b.holder_kind && a.buyer_id === b.buyer_id && a.seller_id === b.seller_id

/**
 * Revokes every token of a user still in force, inside the caller's transaction (the user is disabled,
 * or leaves the company or staff its tokens were made for), each with its audit entry saying why: a
 * token revoked this way never comes back, not when the user is enabled again nor when it returns.
 * Tokens made by the release before (no holder yet) are bound to `leaving`, the holder they served.
 */
export async function revokeUserApiTokens(
  trx: Executor,
  userId: number,
  why: { actorUserId: number | null; note: string; leaving?: TokenBinding },
  now = new Date(),
): Promise<number> {
  const open = await trx
    .selectFrom('api_tokens')
    .select(['id', 'name', 'prefix', 'holder_kind'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
  let revoked = 0
  for (const token of open) {
    const done = await trx
      .updateTable('api_tokens')
      .set({
        revoked_at: now.toISOString(),
        revoked_by: why.actorUserId,
        ...(token.holder_kind === null && why.leaving ? why.leaving : {}),
      })
      .where('id', '=', token.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) continue
    revoked++
    await audit(trx, {
      actorUserId: why.actorUserId,
      action: 'api_token.revoked',
      entityType: 'api_token',
      entityId: token.id,
      before: { name: token.name, prefix: token.prefix },
      note: why.note,
    })
  }
  return revoked
}

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
    .leftJoin('buyers', 'buyers.id', 'api_tokens.buyer_id')
    .leftJoin('sellers', 'sellers.id', 'api_tokens.seller_id')
    .select([
      'api_tokens.id',
      'api_tokens.user_id',
      'api_tokens.name',
      'api_tokens.scopes',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'api_tokens.holder_kind',
      'api_tokens.buyer_id',
      'api_tokens.seller_id',
      'buyers.name as buyer_name',
      'sellers.name as seller_name',
    ])
    .where('api_tokens.token_hash', '=', hashApiToken(token))
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
  const belongs = bindingOf(viewer)
  if (row.holder_kind === null) {
    // Made by the release before this one: it belongs to whom its user belongs at its first use.
    await db.updateTable('api_tokens').set(belongs).where('id', '=', row.id).where('holder_kind', 'is', null).execute()
  } else if (!sameHolder(row as TokenBinding, belongs)) {
    const holder = row.buyer_name ?? row.seller_name ?? 'the platform’s staff'
    throw refused(`This token was made for ${holder}, and the user it acts for no longer belongs there.`)
  }
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
