import type { Viewer } from '~/auth/session.server'
import { parseScopes } from '~/auth/api-scopes'
import type { Executor } from '~/platform/executor'

/**
 * Whose tokens a viewer manages: a company administrator, every token of its company's users; the
 * developer admin, every token; any other staff user, its own.
 */
export type TokenScope =
  { kind: 'company'; company: { kind: 'buyer' | 'seller'; id: number } } | { kind: 'all' } | { kind: 'own' }

export async function tokenScopeOf(db: Executor, viewer: Viewer): Promise<TokenScope | null> {
  if (viewer.company) {
    const row = await db
      .selectFrom('users')
      .select('is_company_admin')
      .where('id', '=', viewer.userId)
      .where('status', '=', 'active')
      .executeTakeFirst()
    return row?.is_company_admin === 1 ? { kind: 'company', company: viewer.company } : null
  }
  return viewer.roles.includes('dev_admin') ? { kind: 'all' } : { kind: 'own' }
}

/**
 * The tokens a scope reaches: a company's are those made for it (whoever their user belongs to now,
 * so a company still sees and revokes the token of a user who left it); staff's own are those made
 * for staff. A token of the release before, not yet bound (holder_kind null), is its user's holder's.
 */
export function tokensIn(db: Executor, scope: TokenScope, viewer: Viewer) {
  const query = db.selectFrom('api_tokens').innerJoin('users', 'users.id', 'api_tokens.user_id')
  if (scope.kind === 'all') return query
  if (scope.kind === 'own')
    return query
      .where('api_tokens.user_id', '=', viewer.userId)
      .where((eb) => eb.or([eb('api_tokens.holder_kind', '=', 'staff'), eb('api_tokens.holder_kind', 'is', null)]))
  const [column, userColumn] =
    scope.company.kind === 'buyer'
      ? (['api_tokens.buyer_id', 'users.buyer_id'] as const)
      : (['api_tokens.seller_id', 'users.seller_id'] as const)
  return query.where((eb) =>
    eb.or([
      eb(column, '=', scope.company.id),
      eb.and([eb('api_tokens.holder_kind', 'is', null), eb(userColumn, '=', scope.company.id)]),
    ]),
  )
}

/** Whether the viewer may make tokens: a company's administrator, or staff. */
export const mayManageTokens = async (db: Executor, viewer: Viewer) => (await tokenScopeOf(db, viewer)) !== null

export interface TokenRow {
  id: number
  name: string
  prefix: string
  scopes: string[]
  userName: string
  createdAt: string
  expiresAt: string
  lastUsedAt: string | null
  revokedAt: string | null
}

/** The tokens a viewer manages, newest first (never the hash). */
export async function listApiTokens(db: Executor, viewer: Viewer): Promise<TokenRow[] | null> {
  const scope = await tokenScopeOf(db, viewer)
  if (!scope) return null
  const rows = await tokensIn(db, scope, viewer)
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.prefix',
      'api_tokens.scopes',
      'users.name as user_name',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.revoked_at',
    ])
    .orderBy('api_tokens.id', 'desc')
    .limit(500)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    userName: row.user_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }))
}

export type TokenStatus = 'active' | 'expired' | 'revoked'

/** A token's state as its list says it. */
export const tokenStatusOf = (row: Pick<TokenRow, 'expiresAt' | 'revokedAt'>, now = new Date()): TokenStatus =>
  row.revokedAt ? 'revoked' : row.expiresAt <= now.toISOString() ? 'expired' : 'active'

/** The active administrators of a company: whom its other users ask for a token. */
export function companyAdmins(db: Executor, company: { kind: 'buyer' | 'seller'; id: number }) {
  return db
    .selectFrom('users')
    .select(['name', 'email'])
    .where(company.kind === 'buyer' ? 'buyer_id' : 'seller_id', '=', company.id)
    .where('is_company_admin', '=', 1)
    .where('status', '=', 'active')
    .orderBy('name')
    .limit(50)
    .execute()
}

/** A token's name and prefix (a retried create finds the token its first submit made). */
export const tokenNameOf = (db: Executor, id: number) =>
  db.selectFrom('api_tokens').select(['name', 'prefix']).where('id', '=', id).executeTakeFirst()
