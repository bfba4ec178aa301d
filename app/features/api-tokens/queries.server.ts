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
  let query = db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
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
  if (scope.kind === 'company') {
    query = query.where(scope.company.kind === 'buyer' ? 'users.buyer_id' : 'users.seller_id', '=', scope.company.id)
  } else if (scope.kind === 'own') query = query.where('api_tokens.user_id', '=', viewer.userId)
  const rows = await query.execute()
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
