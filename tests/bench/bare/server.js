// The bare app's server: the same Express, compression and static set-up as the app's server.js.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'

const here = path.dirname(fileURLToPath(import.meta.url))
const build = await import(pathToFileURL(path.join(here, 'build/index.js')).href)
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/build', express.static(path.join(here, 'public/build'), { immutable: true, maxAge: '1y' }))
app.all('*', createRequestHandler({ build, mode: 'production' }))
app.listen(Number(process.env.PORT ?? 3195), '127.0.0.1', () => console.log('bare app is serving'))
