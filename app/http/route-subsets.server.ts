import type { ServerBuild } from '@remix-run/node'
import { matchRoutes } from '@remix-run/react'

/**
 * Remix 2 matches a request against every route several times over: the server runtime twice, and
 * React's server render again for the route tree, the static router and the first manifest sent to
 * the browser (once per ancestor path). Each time it flattens and ranks all ~120 routes, which cost
 * more than most pages' own work (docs/decisions/0007).
 *
 * This works out once which routes a path can involve (its matched branch and those of its ancestor
 * paths, which the browser's first manifest lists) and hands the request to a request handler made
 * for a build holding only those routes. Remix then matches against a handful. Results are kept per
 * path (bounded) and a handler per distinct set of routes; a path that matches nothing, and the
 * manifest requests of lazy route discovery, go to the handler of the whole build.
 */
export function routeSubsets<Handler>(
  build: ServerBuild,
  makeHandler: (build: ServerBuild) => Handler,
  options: { maxPaths?: number } = {},
) {
  const full = makeHandler(build)
  const tree = routeTree(build) as Parameters<typeof matchRoutes>[0]
  const handlers = new Map<string, Handler>()
  const byPath = new Map<string, Handler>()
  const maxPaths = options.maxPaths ?? 5_000

  const idsFor = (pathname: string): Set<string> | null => {
    const matched = matchRoutes(tree, pathname)
    if (!matched) return null
    const ids = new Set<string>(matched.map((m) => m.route.id as string))
    // The ancestors' branches, as Remix's first manifest includes them (getPartialManifest).
    const segments = pathname.split('/').filter(Boolean)
    segments.pop()
    for (; ; segments.pop()) {
      for (const m of matchRoutes(tree, `/${segments.join('/')}`) ?? []) ids.add(m.route.id as string)
      if (segments.length === 0) break
    }
    return ids
  }

  return function handlerFor(pathname: string): Handler {
    if (pathname === '/__manifest') return full
    // Single fetch: /a/b.data asks for /a/b's data; /_root.data for /.
    const path =
      pathname === '/_root.data' ? '/' : pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
    const known = byPath.get(path)
    if (known) return known
    const ids = idsFor(path)
    let handler = full
    if (ids) {
      const key = [...ids].sort().join('|')
      handler = handlers.get(key) ?? makeHandler(subsetOf(build, ids))
      handlers.set(key, handler)
    }
    if (byPath.size >= maxPaths) byPath.delete(byPath.keys().next().value!)
    byPath.set(path, handler)
    return handler
  }
}

interface TreeRoute {
  id: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children: TreeRoute[]
}

/** The build's flat route table as the nested tree react-router matches against. */
function routeTree(build: ServerBuild): TreeRoute[] {
  const nodes = new Map<string, TreeRoute>()
  for (const route of Object.values(build.routes)) {
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    })
  }
  const roots: TreeRoute[] = []
  for (const route of Object.values(build.routes)) {
    const node = nodes.get(route.id)!
    const parent = route.parentId ? nodes.get(route.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

function subsetOf(build: ServerBuild, ids: Set<string>): ServerBuild {
  const pick = <T>(table: Record<string, T>) => Object.fromEntries(Object.entries(table).filter(([id]) => ids.has(id)))
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  } as ServerBuild
}
