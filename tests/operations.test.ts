// What an operator watches (issue 17, docs/operations.md): GET /healthz, a request id on every
// answer, and one JSON log line a request, on the real server (node server.js, the built app).
import { Writable } from 'node:stream'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createDatabase } from '#db/database'
import { healthz } from '~/http/healthz.server'
import { requestIdOf } from '~/http/request-log.server'
import { startServer, type RunningServer } from './support/server'

/** The server's JSON log lines (start-up lines are plain text). */
const logLines = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('not logged within 2 s')
}

describe('the real server', () => {
  let server: RunningServer
  let proxied: RunningServer
  beforeAll(async () => {
    ;[server, proxied] = await Promise.all([startServer(), startServer({ TRUST_PROXY: 'loopback' })])
  })
  afterAll(async () => {
    await Promise.all([server?.stop(), proxied?.stop()])
  })

  it('answers /healthz with 200 and the database checked, uncached and without a session', async () => {
    const res = await fetch(`${server.url}/healthz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { status: string; database: string; databaseMs: number }
    expect(body).toMatchObject({ status: 'ok', database: 'ok' })
    expect(body.databaseMs).toBeGreaterThanOrEqual(0)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('gives every answer its own request id and logs one JSON line with it: method, path without the query, status, duration', async () => {
    const [a, b] = await Promise.all([
      fetch(`${server.url}/login?next=%2Fsecret-search`),
      fetch(`${server.url}/no-such-page`),
    ])
    const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')]
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/)
    expect(ids[0]).not.toBe(ids[1])
    const line = await until(() => logLines(server).find((l) => l.requestId === ids[0]))
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/login', status: 200 })
    expect(typeof line.ms).toBe('number')
    expect(typeof line.time).toBe('string')
    expect(JSON.stringify(logLines(server))).not.toContain('secret-search')
    expect(await until(() => logLines(server).find((l) => l.requestId === ids[1]))).toMatchObject({
      path: '/no-such-page',
      status: 404,
    })
  })

  it('keeps the id a trusted proxy sent, and makes its own when the proxy is not trusted or the id is odd', async () => {
    const sent = 'proxy-7f3a9c1e-0001'
    expect(
      (await fetch(`${proxied.url}/healthz`, { headers: { 'X-Request-Id': sent } })).headers.get('x-request-id'),
    ).toBe(sent)
    expect(
      (await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': sent } })).headers.get('x-request-id'),
    ).not.toBe(sent)
    expect(
      (await fetch(`${proxied.url}/healthz`, { headers: { 'X-Request-Id': 'a b"c\\d-0000000' } })).headers.get(
        'x-request-id',
      ),
    ).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('the request id', () => {
  it('is taken from a trusted proxy only when it is 8 to 128 plain characters', () => {
    expect(requestIdOf('abc12345', true)).toBe('abc12345')
    expect(requestIdOf('abc12345', false)).not.toBe('abc12345')
    expect(requestIdOf('short', true)).not.toBe('short')
    expect(requestIdOf('x'.repeat(129), true)).toHaveLength(36)
    expect(requestIdOf('{"level":"error"}', true)).toHaveLength(36)
  })
})

describe('/healthz when the database fails', () => {
  it('answers 503 without the reason, which goes to the log', async () => {
    let status = 0
    let body: unknown
    const res = {
      locals: { requestId: 'r-1' },
      set: () => res,
      status: (s: number) => ((status = s), res),
      json: (b: unknown) => ((body = b), res),
    } as unknown as ExpressResponse
    // A PostgreSQL server nobody runs: every query fails to connect.
    const { db } = createDatabase('postgres://nobody@127.0.0.1:1/none')
    const chunks: string[] = []
    const { createLog } = await import('~/log.server')
    globalThis.__log = createLog(
      'info',
      new Writable({ write: (chunk, _e, done) => (chunks.push(String(chunk)), done()) }),
    )
    try {
      await healthz(() => db)({} as ExpressRequest, res)
    } finally {
      globalThis.__log = undefined
      await db.destroy()
    }
    expect(status).toBe(503)
    expect(body).toEqual({ status: 'unavailable', database: 'failing' })
    expect(JSON.stringify(body)).not.toContain('refused')
    expect(chunks.join('')).toContain('"requestId":"r-1"')
    expect(chunks.join('')).toContain('ECONNREFUSED')
  })
})
