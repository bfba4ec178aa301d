// Builds the app when needed, prepares the database, serves on PORT: one process, or a primary and
// WEB_CONCURRENCY workers sharing the port (Node's cluster module) and nothing else but the database.
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'

const BUILD = path.resolve('build/index.js')
/** A worker thread's bundle (cli/build-workers.mjs): missing, the build is made again. */
const WORKERS = path.resolve('build/workers/read-file.mjs')

function fail(message) {
  console.error(`Start-up failed: ${message}`)
  process.exit(1)
}

function newestSourceTime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

/** Builds on a fresh clone, and again when app/ changed since the last build (an image ships only the build). */
function buildIfNeeded() {
  const built = fs.existsSync(BUILD) ? fs.statSync(BUILD).mtimeMs : 0
  if (!fs.existsSync(path.resolve('app'))) {
    if (!built) fail('build/index.js is missing and there are no sources to build it from')
    return
  }
  const sources = Math.max(newestSourceTime(path.resolve('app')), fs.statSync(path.resolve('remix.config.js')).mtimeMs)
  if (built >= sources && fs.existsSync(WORKERS)) return
  if (!fs.existsSync(path.resolve('node_modules/.bin/remix'))) {
    fail('the app is not built and the build tools are missing; run npm install first')
  }
  console.log('Building the app…')
  // Always a production build: a development one (jsxDEV) breaks when the server runs in production.
  const result = spawnSync('npx', ['remix', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) fail('the build failed (see above)')
  // The worker threads' own bundles (cli/build-workers.mjs): the import file reader.
  const workers = spawnSync(process.execPath, ['cli/build-workers.mjs'], { stdio: 'inherit' })
  if (workers.status !== 0) fail('the build of the worker threads failed (see above)')
}

/** WEB_CONCURRENCY: how many processes serve the port (default 1: this process alone). */
function webConcurrency() {
  const text = process.env.WEB_CONCURRENCY?.trim()
  if (!text) return 1
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1 || n > 64)
    fail(`bad configuration: WEB_CONCURRENCY must be a whole number between 1 and 64 (got "${text}")`)
  return n
}

const GRACE_MS = 10_000
const background = () => process.env.WORKER !== 'false'

function announce(config) {
  const where = config.host && config.host !== '0.0.0.0' && config.host !== '::' ? config.host : 'localhost'
  const processes = webConcurrency() > 1 ? ` by ${webConcurrency()} processes` : ''
  console.log(
    `Sourcing Platform is serving on http://${where}:${config.port}${config.host ? ` (listening on ${config.host} only)` : ''}${processes}`,
  )
  if (!config.production) {
    console.log(
      [
        '',
        '  DEMO MODE: the demo accounts (README) share the published password demo-pass-2026.',
        '  Anyone who reaches this server can sign in as an administrator. It listens on this machine',
        '  only (set HOST to change that); for real use run with NODE_ENV=production (see README).',
        '',
      ].join('\n'),
    )
  }
}

async function main() {
  const processes = webConcurrency()
  if (cluster.isPrimary) buildIfNeeded()
  const build = await import(pathToFileURL(BUILD).href)
  if (processes > 1 && cluster.isPrimary) return primary(build, processes)
  return serve(build, { alone: processes === 1 })
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database (migrations, demo data) once, runs the
 * background work, and keeps N workers serving the port; they share nothing but the database.
 */
async function primary(build, processes) {
  const { startup, startBackgroundWork, shutdown } = build.entry.module
  let config
  try {
    config = await startup()
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  const work = background() ? startBackgroundWork(config) : null
  let stopping = false
  let listening = 0
  const everListened = new Set()
  cluster.on('listening', (worker) => {
    everListened.add(worker.id)
    if (++listening === processes) announce(config)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    // A worker that never served (bad configuration, the database gone) would fail again at once.
    if (!everListened.has(worker.id)) fail(`a worker could not start (exit ${signal ?? code}); see above`)
    listening--
    console.error(`Worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`)
    cluster.fork()
  })
  for (let i = 0; i < processes; i++) cluster.fork()
  const stop = () => {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {})
    for (const worker of workers) worker.process.kill('SIGTERM')
    const forced = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill('SIGKILL')
    }, GRACE_MS + 1_000)
    forced.unref()
    Promise.all(
      workers.map((worker) => (worker.isDead() ? null : new Promise((resolve) => worker.once('exit', resolve)))),
    )
      .then(async () => {
        await work?.stop()
        await shutdown()
        process.exit(0)
      })
      .catch(() => process.exit(1))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

/** One process serving the port: alone, or as one of the primary's workers. */
async function serve(build, { alone }) {
  const {
    startup,
    startBackgroundWork,
    shutdown,
    buildMenus,
    securityMiddleware,
    plainPage,
    routeSubsets,
    inRequestScope,
    requestLog,
    healthz,
    log,
  } = build.entry.module
  let config
  try {
    // Workers only check the database: the primary prepared it.
    config = await startup({ prepare: alone })
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  const menus = buildMenus(build.routes)

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  // Every request gets an id (X-Request-Id) and one JSON line in the log when it ends.
  app.use(requestLog(log(), config))
  // Cross-site writes, body sizes and the headers every answer carries, before anything else.
  app.use(securityMiddleware(config))
  // For a load balancer or monitor: this process serves and its database answers.
  app.get('/healthz', healthz())
  app.use(compression())
  // Fingerprinted assets are cached for a year; everything else in public/ for an hour.
  app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
  const files = express.static('public', { maxAge: '1h' })
  // Only paths that name a file are looked for on disk: a page (or its .data) never costs a stat.
  app.use((req, res, next) =>
    /\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith('.data') ? files(req, res, next) : next(),
  )
  // Each path is served by a handler whose build holds only the routes it can involve (matching
  // all ~120 routes several times a request costs more than most pages: ADR 0007).
  const handlerFor = routeSubsets(build, (routes) =>
    createRequestHandler({
      build: routes,
      // Stack traces reach error responses only when a developer asks for them.
      mode: config.development ? 'development' : 'production',
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? 'unknown',
        menus,
        cspNonce: res.locals.cspNonce,
        requestId: res.locals.requestId,
      }),
    }),
  )
  // A reading request's loaders share what it works out once (the signed-in user: request-scope.server.ts).
  app.all('*', (req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD'
      ? inRequestScope(() => handlerFor(req.path)(req, res, next))
      : handlerFor(req.path)(req, res, next),
  )
  // Whatever escapes Remix (a body that breaks mid-read, say) is a plain page without a trace.
  app.use((error, req, res, _next) => {
    log().error({ requestId: res.locals.requestId, method: req.method, path: req.path, err: error }, 'request failed')
    if (!res.headersSent)
      res
        .status(500)
        .type('html')
        .send(plainPage(500, 'Something went wrong', 'Please try again in a moment.'))
  })
  const server = app.listen(config.port, config.host, () => {
    if (alone) announce(config)
  })
  server.on('error', (error) => fail(`cannot listen on ${config.host ?? 'port'} ${config.port}: ${error.message}`))
  // Outbox delivery and purges run here when this process is alone; WORKER=false leaves them to another.
  const work = alone && background() ? startBackgroundWork(config) : null
  let stopping = false
  // SIGTERM: take no new connections, let the requests under way finish (10 s at most), close the database.
  const stop = () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      console.error(`Requests still open after ${GRACE_MS / 1000} s; stopping anyway.`)
      process.exit(1)
    }, GRACE_MS).unref()
    server.close(async () => {
      await work?.stop()
      await shutdown()
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)))
