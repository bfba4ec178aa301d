// Issue 41, load on PostgreSQL (docs/decisions/0007 "Load on PostgreSQL"): every request reads its
// viewer (the session, the user, its company, its roles). On PostgreSQL each statement the app sends
// is planned afresh (no named prepared statements: PgBouncer's transaction pooling keeps none), and
// planning that join cost about four times running it. A PL/pgSQL function keeps its plan per
// server connection, invisibly to the client, so it works through PgBouncer: one round trip and no
// planning. It answers a row per role (in the roles' order; one row with a null role for a user with
// none). SQLite reads the same with cached statements in-process: nothing to do there.
// Frozen in time: never import app code. A release that needs other columns adds a new function.
import { sql } from 'kysely'
import { isPostgres } from '../db/dialect.js'

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  if (!isPostgres(db)) return
  await sql`
    create function viewer_of_session(session_id_hash text, now_utc text)
    returns table (
      id integer, email text, name text, phone text, buyer_id integer, seller_id integer,
      buyer_name text, buyer_status text, seller_name text, seller_status text, role text,
      session_created_at text, last_seen_at text
    )
    language plpgsql stable
    as $$
    begin
      return query
        select users.id::integer, users.email::text, users.name::text, users.phone::text,
          users.buyer_id::integer, users.seller_id::integer, buyers.name::text, buyers.status::text,
          sellers.name::text, sellers.status::text, user_roles.role::text,
          sessions.created_at::text, sessions.last_seen_at::text
        from sessions
        join users on users.id = sessions.user_id
        left join buyers on buyers.id = users.buyer_id
        left join sellers on sellers.id = users.seller_id
        left join user_roles on user_roles.user_id = users.id
        left join roles on roles.key = user_roles.role
        where sessions.id_hash = session_id_hash and sessions.expires_at > now_utc and users.status = 'active'
        order by roles.position;
    end
    $$`.execute(db)
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  if (!isPostgres(db)) return
  await sql`drop function if exists viewer_of_session(text, text)`.execute(db)
}
