import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { PostgresAdapter, sql } from 'kysely'
import type { CompanyStatus, RoleKey } from '#db/types'
import type { Database } from '#db/database'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { audit } from '~/platform/audit.server'
import { oncePerRequest } from '~/http/request-scope.server'

export const SESSION_DAYS = 30
/** Staff (users without a company) are signed out after this long without a request. */
export const STAFF_IDLE_HOURS = 12
/** last_seen_at is written at most this often, so reading a session rarely writes. */
const SEEN_EVERY_MS = 5 * 60_000

export interface Viewer {
  userId: number
  email: string
  name: string
  phone: string | null
  roles: RoleKey[]
  company: { kind: 'buyer' | 'seller'; id: number; name: string; status: CompanyStatus } | null
  sessionIdHash: string
}

let cookie: ReturnType<typeof createCookie> | undefined
function sessionCookie() {
  const { sessionSecret, cookieSecure } = config()
  cookie ??= createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieSecure,
    secrets: [sessionSecret],
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  })
  return cookie
}

export const hashSessionId = (id: string) => crypto.createHash('sha256').update(id).digest('base64url')

/** Creates a new session row (a new id at every login); returns the Set-Cookie header value and the row's key. */
export async function startSession(
  db: Database,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ cookie: string; idHash: string }> {
  const id = crypto.randomBytes(32).toString('base64url')
  const idHash = hashSessionId(id)
  const now = new Date()
  await db
    .insertInto('sessions')
    .values({
      id_hash: idHash,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute()
  return { cookie: await sessionCookie().serialize(id), idHash }
}

async function sessionIdFrom(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** What a viewer is made of: the user and its company (roles are read apart). */
const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.phone',
  'users.buyer_id',
  'users.seller_id',
  'buyers.name as buyer_name',
  'buyers.status as buyer_status',
  'sellers.name as seller_name',
  'sellers.status as seller_status',
] as const

type SessionRow = UserRow & { session_created_at: string; last_seen_at: string | null }

/**
 * The session's user, company and roles. Every request asks. On PostgreSQL one call
 * of the function `viewer_of_session` (migrations/20261220000000), whose plan the server keeps: sent
 * as statements, the join and the roles were planned afresh on every request, which cost more than
 * running them. SQLite runs the two statements in-process from its statement cache.
 */
async function sessionOf(db: Database, idHash: string): Promise<{ row: SessionRow; roles: RoleKey[] } | null> {
  const now = new Date().toISOString()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A row per role, in the roles' order; one row with a null role for a user without any.
    const { rows } = await sql<SessionRow & { role: RoleKey | null }>`
      select * from viewer_of_session(${idHash}, ${now})`.execute(db)
    return rows.length ? { row: rows[0], roles: rows.flatMap((r) => (r.role ? [r.role] : [])) } : null
  }
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('buyers', 'buyers.id', 'users.buyer_id')
    .leftJoin('sellers', 'sellers.id', 'users.seller_id')
    .select([...USER_COLUMNS, 'sessions.created_at as session_created_at', 'sessions.last_seen_at'])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  return row ? { row, roles: await rolesOf(db, row.id) } : null
}

export async function loadViewer(db: Database, idHash: string): Promise<Viewer | null> {
  const session = await sessionOf(db, idHash)
  if (!session) return null
  const { row, roles } = session
  const now = Date.now()
  const seen = Date.parse(row.last_seen_at ?? row.session_created_at)
  const staff = row.buyer_id == null && row.seller_id == null
  if (staff && now - seen > STAFF_IDLE_HOURS * 3_600_000) {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
    return null
  }
  if (now - seen > SEEN_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now).toISOString() })
      .where('id_hash', '=', idHash)
      .execute()
  }
  return viewerOf(row, roles, idHash)
}

type UserRow = {
  id: number
  email: string
  name: string
  phone: string | null
  buyer_id: number | null
  seller_id: number | null
  buyer_name: string | null
  buyer_status: CompanyStatus | null
  seller_name: string | null
  seller_status: CompanyStatus | null
}

async function rolesOf(db: Database, userId: number): Promise<RoleKey[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.key', 'user_roles.role')
    .select('user_roles.role')
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.position')
    .execute()
  return rows.map((r) => r.role)
}

function viewerOf(row: UserRow, roles: RoleKey[], idHash: string): Viewer {
  const company =
    row.buyer_id != null
      ? { kind: 'buyer' as const, id: row.buyer_id, name: row.buyer_name ?? '', status: row.buyer_status ?? 'pending' }
      : row.seller_id != null
        ? {
            kind: 'seller' as const,
            id: row.seller_id,
            name: row.seller_name ?? '',
            status: row.seller_status ?? 'pending',
          }
        : null
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    roles,
    company,
    sessionIdHash: idHash,
  }
}

/**
 * An active user as a viewer without a session (an API token acts as the user who made it): the same
 * roles, company and lenses as at the pages. Null when the user is not active.
 */
export async function loadUserViewer(db: Database, userId: number): Promise<Viewer | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('buyers', 'buyers.id', 'users.buyer_id')
    .leftJoin('sellers', 'sellers.id', 'users.seller_id')
    .select(USER_COLUMNS)
    .where('users.id', '=', userId)
    .where('users.status', '=', 'active')
    .executeTakeFirst()
  return row ? viewerOf(row, await rolesOf(db, row.id), '') : null
}

// Root, layout and page loaders of one request all ask; the database answers once (per Request
// object, and per reading HTTP request, whose loaders each get a copy of it).
const perRequest = new WeakMap<Request, Promise<Viewer | null>>()

/** The signed-in user of this request, or null. Revoked, expired and disabled sessions are null. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let found = perRequest.get(request)
  if (!found) {
    found = oncePerRequest(`viewer:${request.headers.get('Cookie') ?? ''}`, () =>
      sessionIdFrom(request).then((id) => (id ? loadViewer(getDb(), hashSessionId(id)) : null)),
    )
    perRequest.set(request, found)
  }
  return found
}

/** Ends this request's session (and says so in the audit trail); returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = await sessionIdFrom(request)
  if (id) {
    await getDb()
      .transaction()
      .execute(async (trx) => {
        const ended = await trx
          .deleteFrom('sessions')
          .where('id_hash', '=', hashSessionId(id))
          .returning('user_id')
          .executeTakeFirst()
        if (ended)
          await audit(trx, {
            actorUserId: ended.user_id,
            action: 'session.ended',
            entityType: 'user',
            entityId: ended.user_id,
          })
      })
  }
  return sessionCookie().serialize('', { maxAge: 0 })
}

/** Ends every session of a user, or every one but the current (after a password change). */
export async function endUserSessions(db: Database, userId: number, keepIdHash?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keepIdHash) query = query.where('id_hash', '!=', keepIdHash)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}
