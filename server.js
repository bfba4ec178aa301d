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
  const result = spawnSync('npx', ['remix', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) fail('the build failed (see above)')
}

async function main() {
  buildIfNeeded()
  const build = await import(pathToFileURL(BUILD).href)
  const { startup, buildMenus } = build.entry.module
  let config
  try {
    config = await startup()
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  const menus = buildMenus(build.routes)

  const app = express()
  app.disable('x-powered-by')
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY)
  app.use(compression())
  // Fingerprinted assets are cached for a year; everything else in public/ for an hour.
  app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
  app.use(express.static('public', { maxAge: '1h' }))
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: config.production ? 'production' : 'development',
      getLoadContext: (req) => ({ clientIp: req.ip ?? 'unknown', menus }),
    }),
  )
  const server = app.listen(config.port, () => {
    console.log(`Sourcing Platform is serving on http://localhost:${config.port}`)
  })
  server.on('error', (error) => fail(`cannot listen on port ${config.port}: ${error.message}`))
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)))
