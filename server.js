// One process: builds the app when needed, prepares the database, serves on PORT.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'

const BUILD = path.resolve('build/index.js')

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
  if (built >= sources) return
  if (!fs.existsSync(path.resolve('node_modules/.bin/remix'))) {
    fail('the app is not built and the build tools are missing; run npm install first')
  }
  console.log('Building the app…')
  // Always a production build: a development one (jsxDEV) breaks when the server runs in production.
  const result = spawnSync('npx', ['remix', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) fail('the build failed (see above)')
}

async function main() {
  buildIfNeeded()
  const build = await import(pathToFileURL(BUILD).href)
  const { startup, startBackgroundWork, buildMenus, securityMiddleware, plainPage } = build.entry.module
  let config
  try {
    config = await startup()
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  const menus = buildMenus(build.routes)

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  // Cross-site writes, body sizes and the headers every answer carries, before anything else.
  app.use(securityMiddleware(config))
  app.use(compression())
  // Fingerprinted assets are cached for a year; everything else in public/ for an hour.
  app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
  app.use(express.static('public', { maxAge: '1h' }))
  app.all(
    '*',
    createRequestHandler({
      build,
      // Stack traces reach error responses only when a developer asks for them.
      mode: config.development ? 'development' : 'production',
      getLoadContext: (req, res) => ({ clientIp: req.ip ?? 'unknown', menus, cspNonce: res.locals.cspNonce }),
    }),
  )
  // Whatever escapes Remix (a body that breaks mid-read, say) is a plain page without a trace.
  app.use((error, _req, res, _next) => {
    console.error(error)
    if (!res.headersSent) res.status(500).type('html').send(plainPage(500, 'Something went wrong', 'Please try again in a moment.'))
  })
  const server = app.listen(config.port, config.host, () => {
    const where = config.host && config.host !== '0.0.0.0' && config.host !== '::' ? config.host : 'localhost'
    console.log(`Sourcing Platform is serving on http://${where}:${config.port}${config.host ? ` (listening on ${config.host} only)` : ''}`)
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
  })
  server.on('error', (error) => fail(`cannot listen on ${config.host ?? 'port'} ${config.port}: ${error.message}`))
  // Outbox delivery and purges run here; WORKER=false leaves them to another process.
  const worker = process.env.WORKER === 'false' ? null : startBackgroundWork(config)
  const stop = () => server.close(async () => {
    await worker?.stop()
    process.exit(0)
  })
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)))
