import pg from 'pg'
import { sessionStateProblem } from './support/statement-guard.js'

// The guard that keeps session-level state out of the app (tests/support/statement-guard.js): what it
// lets through and what it refuses, and, on PostgreSQL, that it is installed on every connection.

describe('statement guard', () => {
  it('lets through what PgBouncer in transaction pooling mode carries', () => {
    const fine: [string, boolean][] = [
      ['select * from users where id = $1', false],
      ['begin', false],
      ['commit', true],
      ['set local lock_timeout = 1000', true],
      ["select set_config('app.user', '7', true)", true],
      ['select pg_advisory_xact_lock(42)', true],
      ['update users set status = $1 where id = $2', false],
      ['create temporary table t (id int) on commit drop', true],
      ['vacuum analyze', false],
    ]
    for (const [text, inTransaction] of fine) expect(sessionStateProblem({ text }, inTransaction)).toBeNull()
  })

  it('refuses what would stay behind in a server session, or vanish from the transaction', () => {
    const refused: [{ text: string; name?: string }, boolean][] = [
      [{ text: 'select points from login_throttle where key = $1', name: 'login_throttle:rlflx-get' }, false],
      [{ text: 'set statement_timeout = 5000' }, true],
      [{ text: 'SET SESSION search_path TO app' }, false],
      [{ text: '/* why */ set lock_timeout to 100' }, false],
      [{ text: 'set local lock_timeout = 1000' }, false],
      [{ text: "select set_config('lock_timeout', '1000', false)" }, true],
      [{ text: "with s as (select set_config('lock_timeout', '36000', true)) select 1 from s" }, false],
      [{ text: 'select pg_advisory_lock(3853314791062309107)' }, true],
      [{ text: 'select pg_try_advisory_lock(1)' }, false],
      [{ text: 'select pg_advisory_unlock(1)' }, true],
      [{ text: 'select pg_advisory_xact_lock(1)' }, false],
      [{ text: 'listen orders' }, false],
      [{ text: 'prepare q as select 1' }, false],
      [{ text: 'create temp table t (id int)' }, true],
      [{ text: 'declare c cursor with hold for select 1' }, true],
      [{ text: 'begin' }, true],
    ]
    for (const [query, inTransaction] of refused) expect(sessionStateProblem(query, inTransaction)).not.toBeNull()
  })

  it.runIf(process.env.TEST_POSTGRES_URL)('is installed on the connections of the PostgreSQL pass', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
    try {
      await expect(pool.query({ name: 'named', text: 'select 1' })).rejects.toThrow(/named prepared statement/)
      await expect(pool.query('select pg_advisory_lock(1)')).rejects.toThrow(/pg_advisory_xact_lock/)
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query('select pg_advisory_xact_lock(1)')
        await expect(client.query('begin')).rejects.toThrow(/inside another/)
        await client.query('rollback')
      } finally {
        client.release()
      }
    } finally {
      await pool.end()
    }
  })
})
