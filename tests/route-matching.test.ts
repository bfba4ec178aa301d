/**
 * patches/@remix-run+router+*.patch (docs/decisions/0012-route-matching-once.md): the server matches
 * a request against a route tree it flattened and ranked once, and compiles each path pattern once.
 * Remix v2's router did both again for every match, several times per request, which was half the
 * cost of a small request with this app's 190 routes. `npm install` applies the patch; this fails
 * when it was not applied (or when an upgrade of the router no longer takes it).
 */
import { createRequire } from 'node:module'
import type { AgnosticRouteObject } from '@remix-run/router'

// The router as the server loads it (its CommonJS build), not as a bundler would for the browser.
const { matchRoutes, matchPath } = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router')

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
