import { sql } from 'kysely'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { Database } from '#db/database'
import { getDb } from '~/db.server'
import { log } from '~/log.server'

/** How long the database may take to answer before the process is reported unhealthy. */
const DATABASE_TIMEOUT_MS = 3_000

/**
 * GET /healthz for a load balancer or a monitor: 200 `{"status":"ok"}` when this process serves and
 * its database answers a query, 503 when the database fails or takes longer than 3 s. It says
 * nothing about the data and needs no session; the reason for a failure goes to the log.
 */
export function healthz(db: () => Database = getDb) {
  return async (req: ExpressRequest, res: ExpressResponse) => {
    res.set('Cache-Control', 'no-store')
    const started = performance.now()
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        sql`select 1`.execute(db()),
        new Promise(
          (_, reject) =>
            (timer = setTimeout(
              () => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)),
              DATABASE_TIMEOUT_MS,
            )),
        ),
      ])
      res
        .status(200)
        .json({ status: 'ok', database: 'ok', databaseMs: Math.round((performance.now() - started) * 10) / 10 })
    } catch (error) {
      log().error({ requestId: res.locals.requestId, err: error }, 'health check: the database failed')
      res.status(503).json({ status: 'unavailable', database: 'failing' })
    } finally {
      clearTimeout(timer)
    }
  }
}
