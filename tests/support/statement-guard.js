// The tests' guard against session-level state on PostgreSQL (docs/operations.md "PgBouncer"). Behind
// PgBouncer in transaction pooling mode a connection of the app's pool is lent a server connection
// for one transaction at a time, so whatever a statement leaves in the server's session (a named
// prepared statement, a SET, an advisory lock, LISTEN, a temporary table, a held cursor) is found by
// someone else's next transaction, or missing from this one's. Installed on pg's Client in every
// vitest process of the PostgreSQL pass (tests/support/fresh-database.ts) and preloaded into every
// server the tests start on PostgreSQL (tests/support/server.ts), it refuses such a statement with an
// error naming it, so the test that reaches it fails whether or not PgBouncer is in between.
// Plain JavaScript: `node --import` loads it into the servers without a TypeScript loader.

const SQL_COMMENTS = /--[^\n]*|\/\*[\s\S]*?\*\//g

/**
 * Why a statement would leave session-level state behind, or null when it leaves none.
 * @param {{ text?: string, name?: string }} query the statement's text and, if any, its prepared-statement name
 * @param {boolean} inTransaction whether the connection is inside a transaction when it is sent
 * @returns {string | null}
 */
export function sessionStateProblem(query, inTransaction) {
  if (query.name) return `a named prepared statement ("${query.name}") lives in one server session: send it unnamed`
  const text = (query.text ?? '').replace(SQL_COMMENTS, ' ').trim().toLowerCase()
  if (/^set\s+(session\s+)?(?!local\b|transaction\b|constraints\b)/.test(text))
    return 'SET changes the server session: use SET LOCAL (or set_config(…, true)) inside a transaction'
  if (/^(set\s+local\b|set\s+transaction\b|set\s+constraints\b)/.test(text) && !inTransaction)
    return 'SET LOCAL outside a transaction does nothing: send it inside the transaction it is for'
  if (/set_config\s*\([^)]*,\s*false\s*\)/.test(text))
    return 'set_config(…, false) changes the server session: pass true, inside a transaction'
  if (/set_config\s*\([^)]*,\s*true\s*\)/.test(text) && !inTransaction)
    return 'set_config(…, true) outside a transaction lasts one statement: send it inside the transaction it is for'
  if (/pg_(try_)?advisory_(lock|unlock)(_shared|_all)?\s*\(/.test(text))
    return 'a session-level advisory lock stays with one server session: use pg_advisory_xact_lock inside a transaction'
  if (/pg_(try_)?advisory_xact_lock(_shared)?\s*\(/.test(text) && !inTransaction)
    return 'pg_advisory_xact_lock outside a transaction is released at once: take it inside the transaction it guards'
  if (/^(listen|unlisten)\b/.test(text)) return 'LISTEN belongs to one server session: PgBouncer lends it to others'
  if (/^(prepare|deallocate)\b/.test(text)) return 'PREPARE makes a named statement of one server session'
  if (/^create\s+(global\s+|local\s+)?temp(orary)?\s+table\b/.test(text) && !/on\s+commit\s+drop/.test(text))
    return 'a temporary table outlives its transaction in one server session: add ON COMMIT DROP'
  if (/^declare\b[\s\S]*\bwith\s+hold\b/.test(text)) return 'a cursor WITH HOLD outlives its transaction'
  if (/^(begin|start\s+transaction)\b/.test(text) && inTransaction)
    return 'a transaction begun inside another: its commit would end the outer one'
  return null
}

const GUARDED = Symbol.for('platform.statementGuard')

/**
 * Makes pg's Client refuse, before sending it, a statement that would leave session-level state.
 * Idempotent: a second call leaves the first guard in place.
 * @param {{ Client: { prototype: any } }} pg the `pg` module
 */
export function installStatementGuard(pg) {
  const proto = pg.Client.prototype
  if (proto.query[GUARDED]) return
  const original = proto.query
  /** @this {any} */
  function guardedQuery(/** @type {any} */ config, /** @type {any[]} */ ...rest) {
    const query = typeof config === 'string' ? { text: config } : (config ?? {})
    // What the server last said (ReadyForQuery): 'T' in a transaction, 'E' in a failed one, 'I' idle.
    const status = typeof this.getTransactionStatus === 'function' ? this.getTransactionStatus() : null
    const problem = sessionStateProblem({ text: query.text, name: query.name }, status === 'T' || status === 'E')
    if (problem) {
      const error = new Error(
        `Statement guard (PgBouncer, transaction pooling): ${problem}. Statement: ${String(query.text).replace(/\s+/g, ' ').trim().slice(0, 200)}`,
      )
      const callback = [...rest].reverse().find((arg) => typeof arg === 'function')
      if (callback) return void process.nextTick(callback, error)
      return Promise.reject(error)
    }
    return original.call(this, config, ...rest)
  }
  guardedQuery[GUARDED] = true
  proto.query = guardedQuery
}
