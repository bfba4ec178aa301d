import crypto from 'node:crypto'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { Logger } from 'pino'
import type { Config } from '~/config.server'

/** An id a proxy may hand on: short, and nothing a log reader could mistake for more fields. */
const PASSED_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** The request's id: the trusted proxy's X-Request-Id when it sent a sane one, else a new one. */
export function requestIdOf(incoming: string | undefined, trustProxy: Config['trustProxy']): string {
  const id = incoming?.trim()
  return trustProxy && id && PASSED_ID.test(id) ? id : crypto.randomUUID()
}

/**
 * Gives every request an id (answered in X-Request-Id, kept in res.locals.requestId for the load
 * context and the error log) and writes one line to the log when it ends: method, path (never the
 * query, where searches and tokens are), status, bytes, milliseconds. A request the client gave up
 * on is logged too, with `aborted`.
 */
export function requestLog(log: Logger, config: Pick<Config, 'trustProxy'>) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const started = process.hrtime.bigint()
    const requestId = requestIdOf(req.get('x-request-id'), config.trustProxy)
    res.locals.requestId = requestId
    res.setHeader('X-Request-Id', requestId)
    let done = false
    const write = (aborted: boolean) => {
      if (done) return
      done = true
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10
      const line = {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms,
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
        ip: req.ip,
        ...(aborted ? { aborted: true } : {}),
      }
      if (res.statusCode >= 500) log.error(line, 'request')
      else log.info(line, 'request')
    }
    res.on('finish', () => write(false))
    res.on('close', () => write(!res.writableFinished))
    next()
  }
}
