/**
 * patches/*.patch (docs/decisions/0012-route-matching-once.md): the server matches a request against
 * a route tree it flattened and ranked once, compiles each path pattern once, and renders documents
 * with React route objects it made once per build. Remix v2 did all three again for every match and
 * every render, several times per request, which was most of the cost of a small request with this
 * app's 190 routes. `npm install` applies the patches; this fails when one was not applied (or when
 * an upgrade no longer takes it).
 */
import { createRequire } from 'node:module'
import type * as RemixRouter from '@remix-run/router'
import type { AgnosticRouteObject } from '@remix-run/router'
import type * as ReactRouterServer from 'react-router-dom/server'
import { loadBuiltApp } from './access/http'

// The modules as the server loads them (their CommonJS builds), not as a bundler would for the browser.
const require = createRequire(import.meta.url)
const { matchRoutes, matchPath } = require('@remix-run/router') as typeof RemixRouter

it('flattens and ranks a route tree once, then matches every request against that', () => {
  const routes: AgnosticRouteObject[] = [{ id: 'orders', path: '/orders', children: [{ id: 'order', path: ':id' }] }]
  expect(matchRoutes(routes, '/orders/7')?.map((m) => [m.route.id, m.params.id])).toEqual([
    ['orders', '7'],
    ['order', '7'],
  ])
  // Route trees are never changed on the server; a route added to one already matched is not seen, which shows the cache is used.
  routes.push({ id: 'skus', path: '/skus' })
  expect(matchRoutes(routes, '/skus')).toBeNull()
  expect(matchRoutes([...routes], '/skus')?.[0].route.id).toBe('skus')
})

it('still matches patterns with parameters, splats and case as before', () => {
  expect(matchPath('/orders/:id', '/orders/MO-1')?.params).toEqual({ id: 'MO-1' })
  expect(matchPath('/orders/:id', '/orders/MO-1')?.params).toEqual({ id: 'MO-1' })
  expect(matchPath({ path: '/files/*', end: false }, '/files/a/b')?.params['*']).toBe('a/b')
  expect(matchPath({ path: '/Orders', caseSensitive: true }, '/orders')).toBeNull()
  expect(matchPath({ path: '/Orders' }, '/orders')).not.toBeNull()
  expect(matchPath({ path: '/orders', end: false }, '/orders/7')?.pathnameBase).toBe('/orders')
  expect(matchPath({ path: '/orders', end: true }, '/orders/7')).toBeNull()
})

it('converts the routes of a static render once per routes array', () => {
  const { createStaticHandler, createStaticRouter } = require('react-router-dom/server') as typeof ReactRouterServer
  const routes = [{ id: 'root', path: '/', children: [{ id: 'orders', path: 'orders' }] }]
  const context = {
    basename: '',
    location: { pathname: '/orders', search: '', hash: '', state: null, key: 'default' },
    matches: [],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
    _deepestRenderedBoundaryId: null,
  }
  expect(createStaticHandler).toBeTypeOf('function')
  const first = createStaticRouter(routes, context as never)
  const second = createStaticRouter(routes, context as never)
  expect(second.routes).toBe(first.routes)
  expect(first.routes[0].children?.[0].id).toBe('orders')
  expect(createStaticRouter([...routes], context as never).routes).not.toBe(first.routes)
})

it("makes a build's React routes for document renders once, not on every request", async () => {
  const serverRoutes = require('@remix-run/react/dist/routes.js') as {
    createServerRoutes: (...args: unknown[]) => unknown
  }
  const original = serverRoutes.createServerRoutes
  let made = 0
  serverRoutes.createServerRoutes = (...args) => {
    made++
    return original(...args)
  }
  try {
    const { handle } = await loadBuiltApp(true)
    for (let i = 0; i < 3; i++) {
      const response = await handle(new Request('http://localhost/login'))
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<form')
    }
  } finally {
    serverRoutes.createServerRoutes = original
  }
  expect(made).toBe(1)
})
